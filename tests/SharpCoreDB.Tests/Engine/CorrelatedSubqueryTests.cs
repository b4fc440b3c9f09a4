using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Correlated subqueries: in a SELECT an equality with the enclosing row probes a hash table built once per
/// execution instead of scanning per row; inside INSERT, UPDATE and DELETE they still see the statement's own
/// changes, as in SQLite. Results are checked against SQLite.
/// </summary>
public sealed class CorrelatedSubqueryTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 12, stress: 300);

    [Fact]
    public void A_correlated_equality_in_a_select_probes_a_hash_table()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE a(id INTEGER PRIMARY KEY, v TEXT)");
        db.Execute("CREATE TABLE b(id INTEGER PRIMARY KEY, aid INTEGER, v TEXT)");
        db.Execute("INSERT INTO a VALUES (1, 'a1'), (2, 'a2'), (3, 'a3')");
        db.Execute("INSERT INTO b VALUES (10, 1, 'x'), (20, 2, 'y'), (30, 2, 'z'), (40, NULL, 'n')");
        const string query = "SELECT v, (SELECT count(*) FROM b WHERE b.aid = a.id) FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.aid = a.id AND b.v <> 'x') ORDER BY id";
        Assert.Contains(db.Query("EXPLAIN " + query), line => line.Contains("HashJoin probe", StringComparison.Ordinal));
        Assert.Equal(["a2|2"], db.Query(query));
    }

    [Fact]
    public void Inside_an_update_a_correlated_subquery_sees_the_rows_changed_so_far()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g INTEGER, x INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 1, 1), (2, 1, 2), (3, 2, 5)");
        db.Execute("UPDATE t SET x = (SELECT sum(x) FROM t AS t2 WHERE t2.g = t.g)");

        // SQLite gives the same: row 2's sum already counts row 1's new value.
        Assert.Equal(["1|1|3", "2|1|5", "3|2|5"], db.Query("SELECT * FROM t ORDER BY id"));

        // Also when the changed table is the inner side of a join inside the subquery.
        db.Execute("UPDATE t SET x = CASE id WHEN 1 THEN 1 WHEN 2 THEN 2 ELSE 5 END");
        db.Execute("CREATE TABLE u(id INTEGER PRIMARY KEY, g INTEGER)");
        db.Execute("INSERT INTO u VALUES (1, 1), (2, 1), (3, 2)");
        db.Execute("UPDATE t SET x = (SELECT sum(t2.x) FROM u, t AS t2 WHERE u.id = t.id AND t2.g = u.g)");
        Assert.Equal(["1|1|3", "2|1|5", "3|2|5"], db.Query("SELECT * FROM t ORDER BY id"));
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_correlated_subqueries_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var setup = new List<string>
        {
            "CREATE TABLE p(id INTEGER PRIMARY KEY, g INTEGER, x INTEGER)",
            "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INTEGER, g INTEGER, y TEXT)",
        };
        if (random.Next(2) == 0)
        {
            setup.Add("CREATE INDEX c_pid ON c(pid)");
        }

        for (int i = 1; i <= random.Next(4, 20); i++)
        {
            setup.Add($"INSERT INTO p VALUES ({i}, {random.Next(4)}, {Maybe(random, random.Next(10))})");
        }

        for (int i = 1; i <= random.Next(4, 30); i++)
        {
            setup.Add($"INSERT INTO c VALUES ({i}, {Maybe(random, random.Next(1, 12))}, {random.Next(4)}, '{(char)('a' + random.Next(4))}')");
        }

        foreach (string sql in setup)
        {
            Both(engine, sqlite, sql);
        }

        string[] correlations = ["c.pid = p.id", "p.id = c.pid", "c.g = p.g", "c.pid = p.x + 1", "c.pid = p.id AND c.y <> 'a'"];
        for (int q = 0; q < 30; q++)
        {
            string on = correlations[random.Next(correlations.Length)];
            string sql = random.Next(6) switch
            {
                0 => $"SELECT id, x FROM p WHERE EXISTS (SELECT 1 FROM c WHERE {on})",
                1 => $"SELECT id, x FROM p WHERE NOT EXISTS (SELECT 1 FROM c WHERE {on})",
                2 => $"SELECT id, (SELECT count(*) FROM c WHERE {on}), (SELECT max(y) FROM c WHERE {on}) FROM p",
                3 => $"SELECT id FROM p WHERE x IN (SELECT c.g FROM c WHERE {on})",
                4 => $"UPDATE p SET x = (SELECT count(*) FROM c WHERE {on}) + coalesce((SELECT sum(x) FROM p AS p2 WHERE p2.g = p.g), 0) WHERE id % 2 = {random.Next(2)}",
                _ => $"DELETE FROM c WHERE EXISTS (SELECT 1 FROM c AS c2 WHERE c2.pid = c.pid AND c2.id < c.id) AND id % 3 = {random.Next(3)}",
            };
            if (sql.StartsWith("SELECT", StringComparison.Ordinal))
            {
                List<string> expected = DifferentialTests.SqliteRows(sqlite, sql, seed);
                List<string> actual = DifferentialTests.EngineRows(engine, sql, seed);
                expected.Sort(StringComparer.Ordinal);
                actual.Sort(StringComparer.Ordinal);
                Assert.True(expected.SequenceEqual(actual), $"seed {seed}: results differ for\n  {sql}\n  sqlite: {string.Join(" ; ", expected.Take(8))}\n  engine: {string.Join(" ; ", actual.Take(8))}");
            }
            else
            {
                Both(engine, sqlite, sql);
                const string state = "SELECT 'p', id, g, x FROM p UNION ALL SELECT 'c', id, pid, y FROM c ORDER BY 1, 2";
                List<string> expected = DifferentialTests.SqliteRows(sqlite, state, seed);
                List<string> actual = DifferentialTests.EngineRows(engine, state, seed);
                Assert.True(expected.SequenceEqual(actual), $"seed {seed}: tables differ after\n  {sql}\n  sqlite: {string.Join(" ; ", expected.Take(8))}\n  engine: {string.Join(" ; ", actual.Take(8))}");
            }
        }
    }

    private static string Maybe(Random random, int value) =>
        random.Next(6) == 0 ? "NULL" : value.ToString(CultureInfo.InvariantCulture);

    private static void Both(EngineHarness engine, SqliteConnection sqlite, string sql)
    {
        engine.Execute(sql);
        using SqliteCommand command = sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
