using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// <c>UPDATE … FROM</c> against SQLite 3.50: the target joined with the FROM items, each target row updated once,
/// RETURNING and triggers; a table of cases and random data and statements.
/// </summary>
public sealed class UpdateFromTests
{
    private const string Tables =
        "CREATE TABLE t(a INTEGER PRIMARY KEY, b, c); CREATE TABLE f(x UNIQUE, y); CREATE TABLE g(p, q); CREATE TABLE log(m); "
        + "INSERT INTO t VALUES (1, 10, 0), (2, 20, 0), (3, 30, NULL), (4, NULL, 1); "
        + "INSERT INTO f VALUES (1, 100), (2, 200), (NULL, 300), (9, 900); "
        + "INSERT INTO g VALUES (1, 'one'), (1, 'uno'), (2, 'two'), (NULL, 'none')";

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 30, stress: 600);

    public static TheoryData<string, string> Cases() => new()
    {
        { "UPDATE t SET b = f.y FROM f WHERE f.x = t.a", "SELECT * FROM t" },
        { "UPDATE t SET b = y, c = x + a FROM f WHERE x = a", "SELECT * FROM t" },
        { "UPDATE t AS u SET b = f.y FROM f WHERE f.x = u.a", "SELECT * FROM t" },
        { "UPDATE t SET c = coalesce(c, 0) + 1 FROM g WHERE g.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = c + 1 FROM g", "SELECT * FROM t" },
        { "UPDATE t SET b = f.y FROM f JOIN g ON g.p = f.x WHERE f.x = t.a AND g.q LIKE 't%'", "SELECT * FROM t" },
        { "UPDATE t SET b = s.total FROM (SELECT p, count(*) AS total FROM g GROUP BY p) AS s WHERE s.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET b = v.column2 FROM (VALUES (1, 'x'), (3, 'z')) AS v WHERE v.column1 = t.a", "SELECT * FROM t" },
        { "UPDATE t SET b = t2.b + 1 FROM t AS t2 WHERE t2.a = t.a + 1", "SELECT * FROM t" },
        { "UPDATE t SET b = f.y FROM f LEFT JOIN g ON g.p = f.x WHERE f.x = t.a AND g.p IS NULL", "SELECT * FROM t" },
        { "UPDATE t SET b = f.y FROM f WHERE f.x = t.b", "SELECT * FROM t" },
        { "UPDATE t SET b = 1 FROM t", "SELECT * FROM t" },
        { "UPDATE t SET b = 1 FROM f JOIN t ON 1", "SELECT * FROM t" },
        { "UPDATE t SET b = 1 FROM f AS t", "SELECT * FROM t" },
        { "UPDATE t AS u SET b = 1 FROM t", "SELECT * FROM t" },
        { "UPDATE t SET b = f.y FROM f WHERE f.x = t.a AND max(f.y) > 1", "SELECT * FROM t" },
        { "UPDATE t SET b = nosuch.y FROM f WHERE f.x = t.a", "SELECT * FROM t" },
        { "UPDATE t SET b = f.y FROM f WHERE f.x = t.a AND t.a IN (SELECT p FROM g)", "SELECT * FROM t" },
        { "CREATE TRIGGER tr AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (old.b || '->' || new.b); END; UPDATE t SET b = f.y FROM f WHERE f.x = t.a", "SELECT * FROM log ORDER BY m" },
        { "CREATE TRIGGER tr BEFORE UPDATE ON t WHEN new.b > 150 BEGIN SELECT RAISE(IGNORE); END; UPDATE t SET b = f.y FROM f WHERE f.x = t.a", "SELECT * FROM t" },
        { "CREATE TABLE k(a CHECK (a < 5), b); INSERT INTO k VALUES (1, 2); UPDATE k SET a = f.x FROM f WHERE f.x = 9", "SELECT * FROM k" },
        { "CREATE TABLE k(a CHECK (a < 5), b); INSERT INTO k VALUES (1, 2); UPDATE k SET b = x FROM f WHERE x = 2", "SELECT * FROM k" },
        { "CREATE TABLE k(a UNIQUE, b); INSERT INTO k VALUES (1, 2), (2, 3); UPDATE OR IGNORE k SET a = f.x FROM f WHERE f.x = k.b", "SELECT * FROM k" },
        { "CREATE VIEW vw AS SELECT x FROM f; UPDATE t SET b = vw.x FROM vw WHERE vw.x = t.a", "SELECT * FROM t" },
        { "CREATE TRIGGER tr AFTER INSERT ON log BEGIN UPDATE t SET b = f.y FROM f WHERE f.x = t.a AND new.m = 1; END; INSERT INTO log VALUES (1)", "SELECT * FROM t" },
        { "WITH w AS (SELECT 2 AS k) UPDATE t SET b = -1 FROM w WHERE w.k = t.a", "SELECT * FROM t" },

        // A FROM holding a RIGHT or FULL join is joined as a whole with the target, as SQLite does.
        { "UPDATE t SET b = coalesce(f.y, -1) FROM f RIGHT JOIN g ON g.p = f.x WHERE g.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = coalesce(f.y, g.q) FROM f FULL JOIN g ON g.p = f.x WHERE coalesce(f.x, g.p) = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = 7 FROM f FULL JOIN g ON g.p = f.x WHERE f.x IS NULL AND g.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = f.y FROM g JOIN (f RIGHT JOIN g AS h ON h.p = f.x) ON g.p = h.p WHERE h.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = 5 FROM f RIGHT JOIN g ON g.p = t.a", "SELECT * FROM t" },
        { "UPDATE t SET c = 5 FROM f RIGHT JOIN t ON 1", "SELECT * FROM t" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Update_from_matches_sqlite(string statements, string query)
    {
        using var dual = new DualDatabase(Tables);
        foreach (string statement in Split(statements))
        {
            DifferentialTests.Both(dual.Engine, dual.Sqlite, statement, 0);
        }

        AssertSameRows(dual, query, 0);
    }

    [Fact]
    public void Returning_gives_each_updated_target_row_once()
    {
        using var dual = new DualDatabase(Tables);
        AssertSameRows(dual, "UPDATE t SET c = coalesce(c, 0) + 1 FROM g WHERE g.p = t.a RETURNING a, b, c", 0);
        AssertSameRows(dual, "UPDATE t SET b = f.y FROM f WHERE f.x = t.a RETURNING *", 0);
        AssertSameRows(dual, "UPDATE t SET b = f.y FROM f WHERE f.x = t.a RETURNING f.y", 0);
        AssertSameRows(dual, "SELECT * FROM t", 0);
    }

    [Fact]
    public void Update_from_counts_each_target_row_once()
    {
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        Assert.Equal(2, engine.Execute("UPDATE t SET c = 7 FROM g WHERE g.p = t.a"));
        Assert.Equal(["1|10|7", "2|20|7", "3|30|NULL", "4|NULL|1"], engine.Query("SELECT * FROM t ORDER BY a"));
    }

    [Fact]
    public void An_aggregate_in_the_set_of_an_update_from_is_refused()
    {
        // SQLite aggregates the whole join and updates one arbitrary row; refused here as in a plain UPDATE.
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        Assert.Contains("misuse of aggregate function count()", engine.Fails("UPDATE t SET b = count(*) FROM f").Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_right_join_in_the_from_of_an_update_names_rows_of_its_null_extended_side()
    {
        using var dual = new DualDatabase(Tables);
        AssertSameRows(dual, "UPDATE t SET b = coalesce(f.y, 'none') FROM f RIGHT JOIN g ON g.p = f.x + 1 WHERE g.p = t.a RETURNING a, b", 0);
        AssertSameRows(dual, "SELECT * FROM t", 0);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_update_from_matches_sqlite(int seed)
    {
        var random = new Random(seed);
        var setup = new StringBuilder("CREATE TABLE t(a INTEGER PRIMARY KEY, b, c); CREATE TABLE f(x INTEGER UNIQUE, y); CREATE TABLE g(p, q); ");
        if (random.Next(2) == 0)
        {
            setup.Append("CREATE INDEX g_p ON g(p); ");
        }

        for (int i = 1; i <= random.Next(1, 12); i++)
        {
            setup.Append(CultureInfo.InvariantCulture, $"INSERT INTO t VALUES ({i}, {Value(random)}, {Value(random)}); ");
        }

        for (int i = 0; i < random.Next(0, 10); i++)
        {
            setup.Append(CultureInfo.InvariantCulture, $"INSERT OR IGNORE INTO f VALUES ({Value(random)}, {Value(random)}); ");
        }

        for (int i = 0; i < random.Next(0, 10); i++)
        {
            setup.Append(CultureInfo.InvariantCulture, $"INSERT INTO g VALUES ({Value(random)}, {Value(random)}); ");
        }

        using var dual = new DualDatabase(setup.ToString());
        for (int s = 0; s < 8; s++)
        {
            string statement = random.Next(3) == 0
                // A RIGHT or FULL join in the FROM: joined as a whole, then with the target.
                ? $"UPDATE t SET c = coalesce(t.c, 0) + 1 FROM f {(random.Next(2) == 0 ? "RIGHT" : "FULL")} JOIN g ON g.p {Comparison(random)} f.x WHERE coalesce(f.x, g.p) {Comparison(random)} t.{Column(random)}{Filter(random)} RETURNING a, c"
                : random.Next(2) == 0
                // f.x is unique: at most one joined row per target row, so the new values are determined.
                ? $"UPDATE t SET b = f.y, c = coalesce(t.c, 0) + f.x FROM f WHERE f.x = t.{Column(random)}{Filter(random)} RETURNING a, b, c"
                // Any number of joined rows per target row: the values read the target alone.
                : $"UPDATE t SET c = coalesce(c, 0) + 1 FROM g{(random.Next(2) == 0 ? " JOIN f ON f.x = g.p" : string.Empty)} WHERE g.p {Comparison(random)} t.{Column(random)}{Filter(random)} RETURNING a, c";
            AssertSameRows(dual, statement, seed);
            AssertSameRows(dual, "SELECT * FROM t", seed);
        }
    }

    private static string Column(Random random) => random.Next(3) switch
    {
        0 => "a",
        1 => "b",
        _ => "c",
    };

    private static string Comparison(Random random) => random.Next(4) switch
    {
        0 => "<",
        1 => "<>",
        _ => "=",
    };

    private static string Filter(Random random) => random.Next(4) switch
    {
        0 => " AND t.b IS NOT NULL",
        1 => " AND t.a > 2",
        _ => string.Empty,
    };

    private static string Value(Random random) => random.Next(6) switch
    {
        0 => "NULL",
        1 => "'2'",
        _ => random.Next(0, 6).ToString(CultureInfo.InvariantCulture),
    };

    private static IEnumerable<string> Split(string statements)
    {
        // Trigger bodies hold semicolons: a statement ends at "; " outside BEGIN … END.
        var current = new StringBuilder();
        int depth = 0;
        foreach (string part in statements.Split("; "))
        {
            if (current.Length > 0)
            {
                current.Append("; ");
            }

            current.Append(part);
            depth += part.Contains(" BEGIN ", StringComparison.Ordinal) ? 1 : 0;
            depth -= part.StartsWith("END", StringComparison.Ordinal) ? 1 : 0;
            if (depth == 0)
            {
                yield return current.ToString();
                current.Clear();
            }
        }
    }

    private static void AssertSameRows(DualDatabase dual, string query, int seed)
    {
        List<string> expected = DifferentialTests.SqliteRows(dual.Sqlite, query, seed);
        List<string> actual = DifferentialTests.EngineRows(dual.Engine, query, seed);
        expected.Sort(StringComparer.Ordinal);
        actual.Sort(StringComparer.Ordinal);
        Assert.True(expected.SequenceEqual(actual), $"seed {seed}: {query}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
    }
}
