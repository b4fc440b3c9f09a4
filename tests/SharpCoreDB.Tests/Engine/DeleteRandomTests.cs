using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Engine;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A random model test of DELETE against SQLite, on the smallest pages (4 KiB) and thousands of rows so that deletes
/// reshape the trees heavily (merges, emptied leaves, root collapses), with long texts that overflow both as values
/// and as index keys: ranges of row ids,
/// every k-th row, index ranges, IN lists, deletes of everything, RETURNING, deletes that cascade through a foreign
/// key, triggers that log or abort (so a statement's deletes are taken back), inside and outside transactions, with
/// refills in between. After every statement the tables match SQLite's row for row, read through the table and
/// through each index; integrity_check is ok at the end. The seed is in every failure message.
/// </summary>
public sealed class DeleteRandomTests
{
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 6, stress: 120);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_deletes_match_sqlite_and_keep_the_trees_sound(int seed)
    {
        var random = new Random(seed);
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var engine = new EngineHarness(new DatabaseOptions { DataSource = DatabaseOptions.MemoryDataSource, PageSize = 4096 });
        var log = new List<string>();
        void Both(string sql)
        {
            log.Add(sql);
            Execute(sqlite, sql);
            engine.Execute(sql);
        }

        Both("PRAGMA foreign_keys = ON");
        Both("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c BLOB)");
        Both("CREATE INDEX t_a ON t(a)");
        Both("CREATE UNIQUE INDEX t_b ON t(b)");
        Both("CREATE INDEX t_third ON t(a, id) WHERE a % 3 = 0");
        Both("CREATE INDEX t_len ON t(length(b), a)");
        Both("CREATE TABLE kid(id INTEGER PRIMARY KEY, tid INTEGER REFERENCES t(id) ON DELETE CASCADE, note TEXT)");
        Both("CREATE INDEX kid_tid ON kid(tid)");
        Both("CREATE TABLE gone(id INTEGER, b TEXT)");
        Both("CREATE TRIGGER t_logged AFTER DELETE ON t WHEN old.id % 37 = 0 BEGIN INSERT INTO gone VALUES (old.id, old.b); END");
        Both("CREATE TABLE guard(active INTEGER)");
        Both("INSERT INTO guard VALUES (0)");
        Both("CREATE TRIGGER t_guard BEFORE DELETE ON t WHEN old.a = -1 AND (SELECT active FROM guard) = 1 BEGIN SELECT RAISE(ABORT, 'guarded row'); END");

        int rows = 5_000 + random.Next(3_000);
        int nextId = 1;
        Both(Refill(random, ref nextId, rows));
        bool inTransaction = false;
        int steps = StressScale.Cases(40);
        for (int step = 0; step < steps; step++)
        {
            string sql = NextStatement(random, ref nextId, ref inTransaction, nextId);
            log.Add(sql);
            string context = $"seed {seed}, step {step}: {Cut(sql)}";
            string? expected = Run(sqlite, sql, out List<string> sqliteReturned);
            string? actual = RunEngine(engine, sql, out List<string> engineReturned);
            Assert.True((expected is null) == (actual is null), $"SQLite: {expected ?? "ok"}; engine: {actual ?? "ok"}; {context}");
            sqliteReturned.Sort(StringComparer.Ordinal);
            engineReturned.Sort(StringComparer.Ordinal);
            Assert.True(sqliteReturned.SequenceEqual(engineReturned), $"RETURNING differs; {context}");
            if (sql is "COMMIT" or "ROLLBACK")
            {
                inTransaction = false;
            }

            foreach (string query in s_checks)
            {
                Assert.True(
                    DifferentialTests.SqliteRows(sqlite, query, seed).SequenceEqual(DifferentialTests.EngineRows(engine, query, seed)),
                    $"'{query}' differs; {context}\nThe statements before it (long ones cut):\n{string.Join(";\n", log.Select(Cut))}");
            }
        }

        if (inTransaction)
        {
            Both("COMMIT");
        }

        Assert.Equal(["ok"], engine.Query("PRAGMA integrity_check"));
    }

    // Each read goes through a different tree: the table, then each index as the only access path to the rows.
    private static readonly string[] s_checks =
    [
        "SELECT id, a, b, hex(c) FROM t ORDER BY id",
        "SELECT a, id FROM t WHERE a > -1000000 ORDER BY a, id",
        "SELECT b FROM t WHERE b > '' ORDER BY b",
        "SELECT a, id FROM t WHERE a % 3 = 0 AND a > -1000000 ORDER BY a, id",
        "SELECT length(b), a FROM t WHERE length(b) > 0 ORDER BY length(b), a",
        "SELECT id, tid, note FROM kid ORDER BY id",
        "SELECT tid, id FROM kid WHERE tid > 0 ORDER BY tid, id",
        "SELECT id, b FROM gone ORDER BY id, b",
    ];

    private static string NextStatement(Random random, ref int nextId, ref bool inTransaction, int top)
    {
        int choice = random.Next(100);
        if (choice < 6 && !inTransaction)
        {
            inTransaction = true;
            return "BEGIN";
        }

        if (choice < 10 && inTransaction)
        {
            return random.Next(3) == 0 ? "ROLLBACK" : "COMMIT";
        }

        int low = random.Next(1, Math.Max(2, top));
        int width = random.Next(1, 1 + (random.Next(4) == 0 ? top : 600));
        string returning = random.Next(6) == 0 ? " RETURNING id, a" : string.Empty;
        return random.Next(13) switch
        {
            12 => "UPDATE guard SET active = 1 - active",
            0 or 1 => $"DELETE FROM t WHERE id BETWEEN {low} AND {low + width}{returning}",
            2 => $"DELETE FROM t WHERE id % {random.Next(2, 5)} = {random.Next(2)}{returning}",
            3 => $"DELETE FROM t WHERE a BETWEEN {random.Next(-5, 900)} AND {random.Next(0, 1000)}{returning}",
            4 => $"DELETE FROM t WHERE a IN ({random.Next(1000)}, {random.Next(1000)}, {random.Next(1000)}, -1){returning}",
            5 => $"DELETE FROM t WHERE b >= '{(char)('a' + random.Next(26))}' AND b < '{(char)('a' + random.Next(26))}'",
            6 => $"DELETE FROM t WHERE length(b) > {random.Next(2_500)} AND id > {low}",
            7 => random.Next(4) == 0 ? "DELETE FROM t" : $"DELETE FROM t WHERE id > {low}",
            8 => $"DELETE FROM kid WHERE tid BETWEEN {low} AND {low + width}",
            _ => Refill(random, ref nextId, random.Next(1, 2_000)),
        };
    }

    // New rows with random texts (some long enough to overflow a 4 KiB page, as values and as index keys), a few
    // guarded by the abort trigger (while the guard is on, a delete that reaches one is taken back whole), and
    // children for some of them.
    private static string Refill(Random random, ref int nextId, int count)
    {
        var sql = new System.Text.StringBuilder("INSERT INTO t VALUES ");
        var kids = new System.Text.StringBuilder();
        for (int i = 0; i < count; i++)
        {
            int id = nextId++;
            int a = random.Next(50) == 0 ? -1 : random.Next(1000);
            int length = random.Next(10) == 0 ? random.Next(900, 2_500) : random.Next(1, 40);
            var text = new char[length];
            for (int j = 0; j < length; j++)
            {
                text[j] = (char)('a' + random.Next(26));
            }

            // The id keeps the UNIQUE texts apart.
            string b = new string(text) + id.ToString(CultureInfo.InvariantCulture);
            byte[] blob = new byte[random.Next(0, 90)];
            random.NextBytes(blob);
            sql.Append(i == 0 ? string.Empty : ", ").Append(CultureInfo.InvariantCulture, $"({id}, {a}, '{b}', X'{Convert.ToHexString(blob)}')");
            for (int k = random.Next(4) == 0 ? random.Next(1, 4) : 0; k > 0; k--)
            {
                kids.Append(kids.Length == 0 ? string.Empty : ", ").Append(CultureInfo.InvariantCulture, $"({id}, 'k{k}')");
            }
        }

        return kids.Length == 0 ? sql.ToString() : $"{sql}; INSERT INTO kid(tid, note) VALUES {kids}";
    }

    private static string Cut(string sql) => sql.Length <= 200 ? sql : sql[..200] + " …";

    private static void Execute(SqliteConnection sqlite, string sql)
    {
        using SqliteCommand command = sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static string? Run(SqliteConnection sqlite, string sql, out List<string> returned)
    {
        returned = [];
        try
        {
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            using SqliteDataReader reader = command.ExecuteReader();
            do
            {
                while (reader.Read())
                {
                    returned.Add(reader.GetInt64(0).ToString(CultureInfo.InvariantCulture) + "|" + reader.GetInt64(1).ToString(CultureInfo.InvariantCulture));
                }
            }
            while (reader.NextResult());
            return null;
        }
        catch (SqliteException e)
        {
            returned.Clear();
            return e.Message;
        }
    }

    private static string? RunEngine(EngineHarness engine, string sql, out List<string> returned)
    {
        returned = [];
        try
        {
            if (sql.Contains("RETURNING", StringComparison.Ordinal))
            {
                returned = engine.Query(sql);
            }
            else
            {
                engine.Execute(sql);
            }

            return null;
        }
        catch (SharpCoreDBException e)
        {
            returned.Clear();
            return e.Message;
        }
    }
}
