using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// RIGHT and FULL [OUTER] JOIN against SQLite 3.50: a table of cases (ON, USING, NATURAL, mixed with LEFT and inner
/// joins, WHERE after the join, <c>SELECT *</c> order) and random join chains over small tables with NULLs and
/// duplicates, compared as multisets.
/// </summary>
public sealed class OuterJoinTests
{
    private const string Tables =
        "CREATE TABLE t1(a, b); CREATE TABLE t2(a, c); CREATE TABLE t3(a INTEGER PRIMARY KEY, d TEXT); "
        + "INSERT INTO t1 VALUES (1, 10), (2, 20), (2, 21), (NULL, 30), (5, NULL); "
        + "INSERT INTO t2 VALUES (2, 200), (3, 300), (NULL, 400), (3, 301), (5, 500); "
        + "INSERT INTO t3 VALUES (1, 'one'), (3, 'three'), (4, 'four')";

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 40, stress: 1000);

    public static TheoryData<string> Cases() => new()
    {
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a",
        "SELECT * FROM t1 RIGHT OUTER JOIN t2 ON t1.a = t2.a AND t1.b > 20",
        "SELECT * FROM t1 FULL JOIN t2 ON t1.a = t2.a",
        "SELECT * FROM t1 FULL OUTER JOIN t2 ON t1.a < t2.a AND t2.c > 300",
        "SELECT * FROM t1 RIGHT JOIN t2 USING (a)",
        "SELECT * FROM t1 FULL JOIN t2 USING (a)",
        "SELECT a, t1.a, t2.a FROM t1 FULL JOIN t2 USING (a)",
        "SELECT * FROM t1 NATURAL RIGHT JOIN t2",
        "SELECT * FROM t1 NATURAL FULL JOIN t2",
        "SELECT * FROM t1 FULL JOIN t2 USING (a) FULL JOIN t3 USING (a)",
        "SELECT a FROM t1 FULL JOIN t2 USING (a) LEFT JOIN t3 USING (a) WHERE a > 1",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a WHERE t1.a IS NULL",
        "SELECT * FROM t1 FULL JOIN t2 ON t1.a = t2.a WHERE t1.b > 10 OR t2.c IS NULL",
        "SELECT * FROM t1 JOIN t3 ON t1.a = t3.a RIGHT JOIN t2 ON t2.a = t1.a",
        "SELECT * FROM t1, t3 RIGHT JOIN t2 ON t2.a = t3.a WHERE t1.a = t3.a OR t1.a IS NULL",
        "SELECT * FROM t1 LEFT JOIN t3 ON t1.a = t3.a RIGHT JOIN t2 ON t2.a = t3.a",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a LEFT JOIN t3 ON t3.a = t1.a",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a JOIN t3 ON t3.a = t2.a",
        "SELECT * FROM t1 FULL JOIN t2 ON t1.a = t2.a FULL JOIN t3 ON t3.a = t2.a",
        "SELECT * FROM t1 CROSS JOIN t3 FULL JOIN t2 ON t2.a = t1.a AND t3.a = t2.a",
        "SELECT * FROM t1 RIGHT JOIN t2 ON 1",
        "SELECT * FROM t1 RIGHT JOIN t2 ON 0",
        "SELECT * FROM t1 FULL JOIN t2 ON NULL",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a WHERE 0",
        "SELECT * FROM (t1 JOIN t3 ON t1.a = t3.a) RIGHT JOIN t2 ON t2.a = t3.a",
        "SELECT * FROM (t1 RIGHT JOIN t2 ON t1.a = t2.a) JOIN t3 ON t3.a = t2.a",
        "SELECT * FROM (SELECT a, b FROM t1 WHERE b > 10) s RIGHT JOIN (SELECT a, c FROM t2) u ON s.a = u.a",
        "SELECT * FROM t1 FULL JOIN (SELECT DISTINCT a FROM t2) u ON t1.a = u.a",
        "SELECT count(*), count(t1.a), count(t2.a), sum(t2.c) FROM t1 FULL JOIN t2 ON t1.a = t2.a",
        "SELECT t2.a, count(t1.b) FROM t1 RIGHT JOIN t2 ON t1.a = t2.a GROUP BY t2.a",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a ORDER BY t2.c DESC LIMIT 3",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = '2'",
        "SELECT * FROM t1 FULL JOIN t3 ON t1.a = t3.d",
        "SELECT (SELECT count(*) FROM t1 RIGHT JOIN t2 ON t1.a = t2.a AND t2.c > x.b) FROM t1 x",
        "SELECT * FROM t3 x WHERE EXISTS (SELECT 1 FROM t1 FULL JOIN t2 ON t1.a = t2.a WHERE t2.a = x.a)",
        "SELECT * FROM t1 AS p RIGHT JOIN t1 AS q ON p.a = q.b",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a AND t2.a = (SELECT max(a) FROM t3)",
        "SELECT * FROM t1 RIGHT JOIN t2 USING (b)",
        "SELECT * FROM (t1 JOIN t2 USING (a)) RIGHT JOIN t3 USING (a)",
        "SELECT * FROM t1 FULL JOIN t2 USING (a) RIGHT JOIN t3 ON t3.a = t2.a",
        "SELECT t1.*, t2.* FROM t1 FULL JOIN t2 USING (a)",
        "SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a RIGHT JOIN t3 ON t3.d = t2.c",

        // A parenthesized join holding a RIGHT or FULL join after the first FROM item is joined as one unit.
        "SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t3.a) ON t1.a = t3.a",
        "SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a",
        "SELECT * FROM t1, (t2 FULL JOIN t3 ON t2.a = t3.a)",
        "SELECT * FROM t1 CROSS JOIN (t2 FULL OUTER JOIN t3 ON t2.a = t3.a) WHERE t1.b > 20",
        "SELECT * FROM t1 JOIN (t2 FULL JOIN t3 ON t2.a = t3.a) ON t1.a = coalesce(t2.a, t3.a)",
        "SELECT * FROM t1 JOIN (t2 FULL JOIN t3 USING (a)) ON t1.a = t2.a",
        "SELECT t1.b, t3.d FROM t1 JOIN (t2 NATURAL FULL JOIN t3) ON t1.a = t3.a",
        "SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t3.a) ON t1.a = t3.a WHERE t2.c IS NULL",
        "SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t3.a) ON t1.a = t3.a RIGHT JOIN t2 AS z ON z.a = t1.a",
        "SELECT * FROM t1 JOIN (t3 JOIN (t2 FULL JOIN t1 AS y ON t2.a = y.a) ON t3.a = t2.a) ON t1.a = t3.a",
        "SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t1.a) ON 1",
        "SELECT count(*), sum(t2.c) FROM t1 JOIN (t2 FULL JOIN t3 ON t2.a = t3.a) ON t1.b > 15",
        "SELECT (SELECT count(*) FROM t3 JOIN (t1 RIGHT JOIN t2 ON t1.a = t2.a) ON t2.c > x.b) FROM t1 x",
        "SELECT * FROM t1 x WHERE EXISTS (SELECT 1 FROM t3 JOIN (t1 FULL JOIN t2 ON t1.a = t2.a AND t2.c > x.b) ON t3.a = t2.a)",
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Join_matches_sqlite(string query)
    {
        using var dual = new DualDatabase(Tables);
        AssertSameRows(dual, query, 0);
    }

    [Fact]
    public void Select_star_keeps_column_order_and_names()
    {
        using var dual = new DualDatabase(Tables);
        const string query = "SELECT * FROM t1 FULL JOIN t2 USING (a) FULL JOIN t3 USING (a) RIGHT JOIN (SELECT c AS z FROM t2) x ON x.z = t2.c";
        using var command = dual.Sqlite.CreateCommand();
        command.CommandText = query;
        using var reader = command.ExecuteReader();
        var sqliteNames = new List<string>();
        for (int i = 0; i < reader.FieldCount; i++)
        {
            sqliteNames.Add(reader.GetName(i));
        }

        Assert.Equal(["a", "b", "c", "d", "z"], sqliteNames);
        Assert.Equal(sqliteNames, dual.Engine.Names(query));
        AssertSameRows(dual, query, 0);
    }

    [Fact]
    public void Right_join_with_an_equality_is_a_hash_join()
    {
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        string plan = string.Join("\n", engine.Query("EXPLAIN SELECT * FROM t1 RIGHT JOIN t2 ON t1.a = t2.a"));
        Assert.Contains("RightJoin hash #1 = t1.a", plan, StringComparison.Ordinal);
        plan = string.Join("\n", engine.Query("EXPLAIN SELECT * FROM t1 FULL JOIN t2 ON t1.a > t2.a"));
        Assert.Contains("FullJoin", plan, StringComparison.Ordinal);
    }

    [Fact]
    public void Right_join_of_a_parenthesized_join_is_refused()
    {
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        var error = Assert.Throws<SharpCoreDBException>(() => engine.Query("SELECT * FROM t1 RIGHT JOIN (t2 JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
    }

    [Theory]
    [InlineData("SELECT * FROM t1 JOIN (t2 FULL JOIN t3 USING (a)) USING (a)")]
    [InlineData("SELECT * FROM t1 NATURAL JOIN (t2 JOIN t3 ON t2.a = t3.a)")]
    public void Using_or_natural_with_a_parenthesized_join_is_refused_rather_than_ignored(string query)
    {
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        var error = Assert.Throws<SharpCoreDBException>(() => engine.Query(query));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
    }

    [Fact]
    public void On_inside_a_parenthesized_right_join_cannot_see_earlier_tables()
    {
        // SQLite joins the parenthesized join as a subquery: its ON sees only its own tables.
        using var engine = new EngineHarness();
        engine.Execute(Tables);
        var error = Assert.Throws<SharpCoreDBException>(() => engine.Query("SELECT * FROM t1 JOIN (t2 RIGHT JOIN t3 ON t2.a = t1.a) ON 1"));
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, error.ErrorCode);
        Assert.Contains("no such column: t1.a", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_parenthesized_outer_joins_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase(RandomTables(random, 4));
        string[] inner = ["RIGHT JOIN", "FULL JOIN", "LEFT JOIN", "JOIN"];
        string[] outer = ["JOIN", ",", "CROSS JOIN"];
        for (int q = 0; q < 12; q++)
        {
            // r1 <outer> (r2 <inner> r3 [<inner> r4]) [ON …] [WHERE …]; the parentheses hold at least one RIGHT/FULL.
            var sql = new StringBuilder("SELECT * FROM r1 ");
            string join = outer[random.Next(outer.Length)];
            sql.Append(join == "," ? ", " : join + " ").Append("(r2 ").Append(inner[random.Next(2)]).Append(" r3 ON ").Append(Condition(random, 3, 3, from: 2));
            if (random.Next(2) == 0)
            {
                sql.Append(' ').Append(inner[random.Next(inner.Length)]).Append(" r4 ON ").Append(Condition(random, 4, 4, from: 2));
            }

            sql.Append(')');
            if (join == "JOIN")
            {
                sql.Append(" ON r1.a ").Append(random.Next(2) == 0 ? "=" : "<").Append(random.Next(2) == 0 ? " r3.a" : " r2.a");
            }

            if (random.Next(2) == 0)
            {
                sql.Append(" WHERE ").Append(Condition(random, random.Next(1, 4), 3));
            }

            AssertSameRows(dual, sql.ToString(), seed);
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_join_chains_match_sqlite(int seed)
    {
        var random = new Random(seed);
        int tables = random.Next(2, 5);
        using var dual = new DualDatabase(RandomTables(random, tables));
        for (int q = 0; q < 12; q++)
        {
            AssertSameRows(dual, RandomJoin(random, tables), seed);
        }
    }

    // Tables r1..r{tables}(a, b, k) with 0 to 6 rows of small values, NULLs and duplicates, sometimes an index on a.
    private static string RandomTables(Random random, int tables)
    {
        var setup = new StringBuilder();
        for (int t = 1; t <= tables; t++)
        {
            setup.Append(CultureInfo.InvariantCulture, $"CREATE TABLE r{t}(a INTEGER, b, k INTEGER PRIMARY KEY); ");
            if (random.Next(3) == 0)
            {
                setup.Append(CultureInfo.InvariantCulture, $"CREATE INDEX r{t}_a ON r{t}(a); ");
            }

            int rows = random.Next(0, 7);
            for (int i = 0; i < rows; i++)
            {
                setup.Append(CultureInfo.InvariantCulture, $"INSERT INTO r{t}(a, b) VALUES ({SmallValue(random)}, {SmallValue(random)}); ");
            }
        }

        return setup.ToString();
    }

    private static string SmallValue(Random random) => random.Next(8) switch
    {
        0 => "NULL",
        1 => "'2'",
        2 => "2.0",
        _ => random.Next(0, 4).ToString(CultureInfo.InvariantCulture),
    };

    private static string RandomJoin(Random random, int tables)
    {
        string[] kinds = ["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", "FULL OUTER JOIN", "RIGHT OUTER JOIN", ","];
        var sql = new StringBuilder("SELECT ");
        sql.Append(random.Next(3) == 0 ? "*" : Columns(random, tables)).Append(" FROM r1");
        for (int t = 2; t <= tables; t++)
        {
            string kind = kinds[random.Next(kinds.Length)];
            sql.Append(kind == "," ? ", " : " " + kind + " ").Append('r').Append(t);
            if (kind is "CROSS JOIN" or ",")
            {
                continue;
            }

            if (random.Next(6) == 0)
            {
                sql.Append(" USING (a)");
                continue;
            }

            sql.Append(" ON ").Append(Condition(random, t, t));
            if (random.Next(3) == 0)
            {
                sql.Append(" AND ").Append(Condition(random, t, t));
            }
        }

        if (random.Next(2) == 0)
        {
            sql.Append(" WHERE ").Append(Condition(random, random.Next(1, tables + 1), tables));
        }

        return sql.ToString();
    }

    private static string Columns(Random random, int tables)
    {
        var columns = new List<string>();
        for (int t = 1; t <= tables; t++)
        {
            columns.Add($"r{t}.a");
            if (random.Next(2) == 0)
            {
                columns.Add($"r{t}.b");
            }
        }

        return string.Join(", ", columns);
    }

    // A condition on table `table` and any of tables 1..`upTo`.
    // A condition on table r{table} and one of r{from}..r{upTo}.
    private static string Condition(Random random, int table, int upTo, int from = 1)
    {
        string own = $"r{table}.{(random.Next(3) == 0 ? "b" : "a")}";
        string other = $"r{random.Next(from, upTo + 1)}.{(random.Next(2) == 0 ? "b" : "a")}";
        return random.Next(8) switch
        {
            0 => $"{own} IS NULL",
            1 => $"{own} > {random.Next(0, 3)}",
            2 => $"({own} = {other} OR {other} IS NULL)",
            3 => $"coalesce({own}, 9) <> {other}",
            4 => $"{own} < {other}",
            _ => $"{own} = {other}",
        };
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
