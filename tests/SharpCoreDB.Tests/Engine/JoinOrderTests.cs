using System.Globalization;
using System.Text;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The planner joins inner-joined tables along their WHERE links instead of in the written order: the plan shape,
/// and results against SQLite for random schemas, links and FROM orders (with cross products and LEFT JOINs).
/// </summary>
public sealed class JoinOrderTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 16, stress: 300);

    [Fact]
    public void Tables_written_out_of_order_are_joined_along_their_links()
    {
        using EngineHarness db = Chain();
        const string query = "SELECT a.v, b.v, c.v FROM a, c, b WHERE c.bid = b.id AND b.aid = a.id AND a.id = 1";
        string plan = string.Join("\n", db.Query("EXPLAIN " + query));

        // b is linked to a, c only to b: a, b, c, never c as a cross product of a.
        int a = plan.IndexOf("RowIdSeek a", StringComparison.Ordinal);
        int b = plan.IndexOf("TableScan b", StringComparison.Ordinal);
        int c = plan.IndexOf("TableScan c", StringComparison.Ordinal);
        Assert.True(a >= 0 && a < b && b < c, plan);
        Assert.Equal(["a1|b10|c100"], db.Query(query));
    }

    [Fact]
    public void A_table_pinned_by_a_row_id_or_index_equality_is_joined_first()
    {
        using EngineHarness db = Chain();
        db.Execute("CREATE INDEX b_v ON b(v)");
        List<string> plan = db.Query("EXPLAIN SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.id = 20");
        int b = plan.FindIndex(line => line.Contains("RowIdSeek b (rowid = 20)", StringComparison.Ordinal));
        int a = plan.FindIndex(line => line.Contains("RowIdSeek a (rowid = b.aid)", StringComparison.Ordinal));
        Assert.True(b >= 0 && b < a, string.Join("\n", plan));
        Assert.Equal(["a2|b20"], db.Query("SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.id = 20"));

        plan = db.Query("EXPLAIN SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.v = 'b10'");
        b = plan.FindIndex(line => line.Contains("IndexSeek b USING INDEX b_v", StringComparison.Ordinal));
        a = plan.FindIndex(line => line.Contains("RowIdSeek a (rowid = b.aid)", StringComparison.Ordinal));
        Assert.True(b >= 0 && b < a, string.Join("\n", plan));
        Assert.Equal(["a1|b10"], db.Query("SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.v = 'b10'"));

        // An equality whose value reads the same table is no seek: the written order stays.
        plan = db.Query("EXPLAIN SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.id = b.aid * 10");
        a = plan.FindIndex(line => line.Contains("TableScan a", StringComparison.Ordinal));
        Assert.True(a >= 0 && a < plan.FindIndex(line => line.Contains(" b", StringComparison.Ordinal) && line.Contains("Scan", StringComparison.Ordinal)), string.Join("\n", plan));
        Assert.Equal(["a1|b10", "a2|b20"], db.Query("SELECT a.v, b.v FROM a, b WHERE b.aid = a.id AND b.id = b.aid * 10 ORDER BY a.id"));
    }

    [Fact]
    public void Written_order_is_kept_when_every_table_is_linked_to_the_ones_before()
    {
        using EngineHarness db = Chain();
        List<string> plan = db.Query("EXPLAIN SELECT c.v FROM c, b, a WHERE c.bid = b.id AND b.aid = a.id");
        int a = plan.FindIndex(line => line.Contains("RowIdSeek a (rowid = b.aid)", StringComparison.Ordinal));
        int b = plan.FindIndex(line => line.Contains("RowIdSeek b (rowid = c.bid)", StringComparison.Ordinal));
        int c = plan.FindIndex(line => line.Contains("TableScan c", StringComparison.Ordinal));
        Assert.True(c >= 0 && c < b && b < a, string.Join("\n", plan));
    }

    [Fact]
    public void Tables_after_a_left_join_keep_their_places()
    {
        using EngineHarness db = Chain();
        db.Execute("CREATE TABLE d(id INTEGER PRIMARY KEY, cid INTEGER, v TEXT)");
        db.Execute("INSERT INTO d VALUES (1000, 100, 'd1000')");
        const string query = "SELECT a.v, b.v, c.v, d.v FROM a, c, b LEFT JOIN d ON d.cid = c.id WHERE c.bid = b.id AND b.aid = a.id ORDER BY a.id";
        Assert.Equal(["a1|b10|c100|d1000", "a2|b20|c200|NULL"], db.Query(query));
        string plan = string.Join("\n", db.Query("EXPLAIN " + query));
        Assert.True(plan.IndexOf("TableScan b", StringComparison.Ordinal) < plan.IndexOf("TableScan c", StringComparison.Ordinal), plan);
        Assert.True(plan.IndexOf("TableScan c", StringComparison.Ordinal) < plan.IndexOf("TableScan d", StringComparison.Ordinal), plan);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_join_orders_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        int tables = random.Next(3, 10);
        var setup = new List<string>();
        for (int t = 0; t < tables; t++)
        {
            setup.Add($"CREATE TABLE t{t}(a INTEGER PRIMARY KEY, b INTEGER, x TEXT)");
            if (random.Next(3) == 0)
            {
                setup.Add($"CREATE INDEX t{t}b ON t{t}(b)");
            }

            for (int row = 1; row <= 6; row++)
            {
                string b = random.Next(8) == 0 ? "NULL" : random.Next(1, 8).ToString(CultureInfo.InvariantCulture);
                setup.Add($"INSERT INTO t{t} VALUES ({row}, {b}, 'x{t}.{row}')");
            }
        }

        foreach (string sql in setup)
        {
            engine.Execute(sql);
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }

        for (int q = 0; q < 40; q++)
        {
            string sql = RandomJoin(random, tables);
            List<string> expected = DifferentialTests.SqliteRows(sqlite, sql, seed);
            List<string> actual = DifferentialTests.EngineRows(engine, sql, seed);
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
            Assert.True(
                expected.SequenceEqual(actual),
                $"seed {seed}: results differ for\n  {sql}\n  sqlite ({expected.Count}): {string.Join(" ; ", expected.Take(8))}\n  engine ({actual.Count}): {string.Join(" ; ", actual.Take(8))}");
        }
    }

    private static EngineHarness Chain()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE a(id INTEGER PRIMARY KEY, v TEXT)");
        db.Execute("CREATE TABLE b(id INTEGER PRIMARY KEY, aid INTEGER, v TEXT)");
        db.Execute("CREATE TABLE c(id INTEGER PRIMARY KEY, bid INTEGER, v TEXT)");
        db.Execute("INSERT INTO a VALUES (1, 'a1'), (2, 'a2')");
        db.Execute("INSERT INTO b VALUES (10, 1, 'b10'), (20, 2, 'b20')");
        db.Execute("INSERT INTO c VALUES (100, 10, 'c100'), (200, 20, 'c200')");
        return db;
    }

    // Some tables linked in a random tree (key to column, or column to column), some left unlinked (cross
    // products), an optional constant filter, an optional LEFT JOIN at the end, all in a random FROM order.
    private static string RandomJoin(Random random, int tables)
    {
        int count = random.Next(2, tables + 1);
        var chosen = Enumerable.Range(0, tables).OrderBy(_ => random.Next()).Take(count).ToList();
        var conditions = new List<string>();
        for (int i = 1; i < chosen.Count; i++)
        {
            if (random.Next(6) == 0)
            {
                continue;
            }

            int other = chosen[random.Next(i)];
            conditions.Add(random.Next(3) == 0
                ? $"t{chosen[i]}.b = t{other}.b"
                : random.Next(2) == 0 ? $"t{chosen[i]}.a = t{other}.b" : $"t{other}.b = t{chosen[i]}.a");
        }

        if (random.Next(2) == 0)
        {
            conditions.Add($"t{chosen[random.Next(chosen.Count)]}.a {(random.Next(2) == 0 ? "=" : "<")} {random.Next(1, 7)}");
        }

        if (random.Next(4) == 0 && chosen.Count > 1)
        {
            // A condition over three tables: linked only once all three are joined.
            conditions.Add($"t{chosen[0]}.b + t{chosen[1]}.b > t{chosen[^1]}.a");
        }

        var from = chosen.OrderBy(_ => random.Next()).Select(t => "t" + t.ToString(CultureInfo.InvariantCulture)).ToList();
        var text = new StringBuilder(string.Join(", ", from));
        string columns = string.Join(", ", chosen.Select(t => $"t{t}.x"));
        int left = Enumerable.Range(0, tables).FirstOrDefault(t => !chosen.Contains(t), -1);
        if (left >= 0 && random.Next(3) == 0)
        {
            text.Append($" LEFT JOIN t{left} ON t{left}.a = t{chosen[random.Next(chosen.Count)]}.b");
            columns += $", t{left}.x";
            if (random.Next(2) == 0)
            {
                // A WHERE condition over the LEFT JOIN's table and an inner one: it must still apply after the join.
                conditions.Add($"t{left}.b IS NOT t{chosen[random.Next(chosen.Count)]}.b");
            }
        }

        string where = conditions.Count == 0 ? string.Empty : " WHERE " + string.Join(" AND ", conditions.OrderBy(_ => random.Next()));
        return $"SELECT {columns} FROM {text}{where}";
    }
}
