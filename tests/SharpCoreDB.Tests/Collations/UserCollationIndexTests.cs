using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// Indexes, UNIQUE and PRIMARY KEY on collations registered with <c>CreateCollation</c>, against SQLite through
/// Microsoft.Data.Sqlite with the same comparisons registered: a reversed order and a case-and-accent-blind one
/// (CompareInfo), random writes through the indexes, then ordered reads, range and equality seeks, UNIQUE violations,
/// integrity_check, VACUUM and reopen.
/// </summary>
public sealed class UserCollationIndexTests : IDisposable
{
    private const string Schema = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, a TEXT COLLATE rev, b TEXT, u TEXT COLLATE ci UNIQUE);
        CREATE INDEX t_a ON t(a);
        CREATE INDEX t_b ON t(b COLLATE ci DESC, id);
        CREATE TABLE w(k TEXT COLLATE ci PRIMARY KEY, v INTEGER) WITHOUT ROWID;
        CREATE TABLE p(k TEXT PRIMARY KEY COLLATE ci, v INTEGER);
        """;

    // Case and accent variants (equal under ci), near neighbours, numbers and NULL: the collation applies to TEXT only.
    private static readonly string[] s_values =
    [
        "'a'", "'A'", "'á'", "'Á'", "'ab'", "'Ab'", "'áB'", "'b'", "'B'", "'ba'", "'BA'", "'abc'", "'ÀBC'", "'c'", "''",
        "'z'", "'Zz'", "'ü'", "'U'", "NULL", "1", "2.5", "'10'", "x'00'",
    ];

    private static readonly string[] s_queries =
    [
        "SELECT a, id FROM t ORDER BY a, id",
        "SELECT a FROM t ORDER BY a DESC",
        "SELECT id FROM t WHERE a = 'ab' ORDER BY id",
        "SELECT id FROM t WHERE a > 'b' ORDER BY id",
        "SELECT id FROM t WHERE a >= 'A' AND a < 'ba' ORDER BY id",
        "SELECT id FROM t WHERE a IN ('a', 'z', 'Ab') ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE ci = 'a' ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE ci IN ('A', 'á', 'b') ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE ci > 'ab' AND b COLLATE ci <= 'BA' ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE ci < 'b' ORDER BY id",
        "SELECT id FROM t ORDER BY b COLLATE ci DESC, id",
        "SELECT count(DISTINCT b COLLATE ci) FROM t",
        "SELECT count(*) FROM t GROUP BY b COLLATE ci ORDER BY 1",
        "SELECT u FROM t WHERE u = 'AB'",
        "SELECT u FROM t WHERE u > 'b' ORDER BY u",
        "SELECT id, u FROM t ORDER BY u, id",
        "SELECT k, v FROM w ORDER BY k",
        "SELECT v FROM w WHERE k = 'A'",
        "SELECT k FROM w WHERE k > 'áb' ORDER BY k DESC",
        "SELECT k, v FROM p ORDER BY k",
        "SELECT v FROM p WHERE k = 'ÁB'",
    ];

    private readonly string _directory = Path.Combine(Path.GetTempPath(), "scdb-collidx-" + Guid.NewGuid().ToString("N"));

    public UserCollationIndexTests() => Directory.CreateDirectory(_directory);

    public static TheoryData<int> Seeds()
    {
        var data = new TheoryData<int> { 2011, 2012, 2013 };
        if (Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1")
        {
            for (int seed = 5000; seed < 5040; seed++)
            {
                data.Add(seed);
            }
        }

        return data;
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // A file still held by a pooled handle is left for the temp cleaner.
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_writes_through_user_collation_indexes_match_sqlite(int seed)
    {
        var random = new Random(seed);
        string ours = Path.Combine(_directory, $"ours-{seed}.db");
        string theirs = Path.Combine(_directory, $"sqlite-{seed}.db");
        var pair = new Pair(ours, theirs);
        try
        {
            pair.Execute(Schema);
            for (int step = 0; step < 400; step++)
            {
                string sql = RandomStatement(random);
                pair.AssertSameOutcome(sql, $"seed {seed}, step {step}");
                if (step % 50 == 49)
                {
                    pair.AssertQueries($"seed {seed}, step {step}");
                }

                if (step == 199)
                {
                    pair.Reopen();
                    pair.AssertQueries($"seed {seed}, after reopen");
                    pair.Execute("VACUUM");
                    pair.AssertQueries($"seed {seed}, after VACUUM");
                }
            }

            pair.AssertQueries($"seed {seed}, end");

            // The run must have left data in every tree (not only statements that failed on both sides).
            foreach (string table in new[] { "t", "w", "p" })
            {
                int count = int.Parse(Pair.Rows(pair.Ours, $"SELECT count(*) FROM {table}")[0][2..], CultureInfo.InvariantCulture);
                Assert.True(count >= 5, $"seed {seed}: table {table} ends with {count} rows");
            }

            Assert.Equal(["t:ok"], Pair.Rows(pair.Ours, "PRAGMA integrity_check"));
            pair.Reopen();
            pair.AssertQueries($"seed {seed}, end, after reopen");
            Assert.Equal(["t:ok"], Pair.Rows(pair.Ours, "PRAGMA integrity_check"));
        }
        catch (Exception ex) when (ex is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"seed {seed}: {ex.Message}", ex);
        }
        finally
        {
            pair.Dispose();
        }
    }

    [Fact]
    public void Explain_shows_the_user_collation_index_serving_seeks_ranges_and_order()
    {
        using var pair = new Pair(Path.Combine(_directory, "plan.db"), Path.Combine(_directory, "plan-sqlite.db"));
        pair.Execute(Schema);
        for (int i = 0; i < 30; i++)
        {
            pair.Execute($"INSERT INTO t(a, b) VALUES ('v{i % 7}', 'w{i % 5}')");
        }

        Assert.Contains("USING INDEX t_a", Plan(pair.Ours, "SELECT id FROM t WHERE a = 'v3'"), StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_a", Plan(pair.Ours, "SELECT id FROM t WHERE a > 'v3'"), StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_b", Plan(pair.Ours, "SELECT id FROM t WHERE b COLLATE ci = 'W2'"), StringComparison.Ordinal);
        Assert.DoesNotContain("Sort", Plan(pair.Ours, "SELECT a FROM t ORDER BY a"), StringComparison.Ordinal);
        Assert.Contains("Sort", Plan(pair.Ours, "SELECT a FROM t ORDER BY a COLLATE BINARY"), StringComparison.Ordinal);

        // Not under another collation: BINARY order is not rev's, nor is a BINARY comparison ci's.
        Assert.DoesNotContain("USING INDEX t_a", Plan(pair.Ours, "SELECT id FROM t WHERE a = 'v3' COLLATE BINARY"), StringComparison.Ordinal);
        Assert.DoesNotContain("USING INDEX t_b", Plan(pair.Ours, "SELECT id FROM t WHERE b = 'W2'"), StringComparison.Ordinal);
        pair.AssertQueries("plan");
    }

    [Fact]
    public void Unique_and_primary_key_refuse_values_equal_under_the_user_collation()
    {
        using var pair = new Pair(Path.Combine(_directory, "unique.db"), Path.Combine(_directory, "unique-sqlite.db"));
        pair.Execute(Schema);
        pair.Execute("INSERT INTO t(a, b, u) VALUES ('x', 'y', 'Straße'), ('x', 'y', 'é')");
        pair.Execute("INSERT INTO w VALUES ('Ab', 1)");
        pair.Execute("INSERT INTO p VALUES ('Ab', 1)");
        string[] refused =
        [
            "INSERT INTO t(u) VALUES ('E')",
            "INSERT INTO t(u) VALUES ('STRASSE')",
            "UPDATE t SET u = 'É' WHERE u = 'Straße'",
            "INSERT INTO w VALUES ('áB', 2)",
            "INSERT INTO p VALUES ('AB', 2)",
            "CREATE UNIQUE INDEX t_ab ON t(b COLLATE ci, a COLLATE rev)",
        ];
        foreach (string sql in refused)
        {
            pair.AssertSameOutcome(sql, "unique");
            Assert.Throws<SharpCoreDBException>(() => Pair.Run(pair.Ours, sql));
        }

        // Equal under the collation is the same key: the row keeps its place when its key is respelled.
        foreach (string sql in new[] { "UPDATE w SET k = 'ÁB' WHERE k = 'ab'", "UPDATE p SET k = 'aB'", "INSERT OR REPLACE INTO t(id, u) VALUES (9, 'STRASSE')", "INSERT OR IGNORE INTO t(u) VALUES ('e')" })
        {
            pair.AssertSameOutcome(sql, "unique");
        }

        pair.AssertQueries("unique");
        Assert.Equal(["t:ok"], Pair.Rows(pair.Ours, "PRAGMA integrity_check"));
    }

    [Fact]
    public void Foreign_key_finds_its_parent_under_the_parent_keys_user_collation()
    {
        using var pair = new Pair(Path.Combine(_directory, "fk.db"), Path.Combine(_directory, "fk-sqlite.db"));
        pair.Execute("PRAGMA foreign_keys = ON");
        pair.Execute("CREATE TABLE par(k TEXT COLLATE ci PRIMARY KEY, n INTEGER)");
        pair.Execute("CREATE TABLE ch(id INTEGER PRIMARY KEY, r TEXT REFERENCES par(k) ON DELETE CASCADE)");
        pair.Execute("INSERT INTO par VALUES ('Ab', 1), ('b', 2)");
        foreach (string sql in new[]
        {
            "INSERT INTO ch(r) VALUES ('áB')",
            "INSERT INTO ch(r) VALUES ('AB')",
            "INSERT INTO ch(r) VALUES ('c')",
            "INSERT INTO ch(r) VALUES ('B')",
            "UPDATE ch SET r = 'x' WHERE r = 'B'",
            "UPDATE ch SET r = 'B' WHERE r = 'AB'",
            "SELECT id, r FROM ch ORDER BY id",
            "PRAGMA foreign_key_check",
        })
        {
            pair.AssertSameOutcome(sql, "foreign key");
        }
    }

    [Fact]
    public void Index_on_an_unregistered_user_collation_fails_like_sqlite_and_can_still_be_dropped()
    {
        string path = Path.Combine(_directory, "missing.db");
        using (var pair = new Pair(path, Path.Combine(_directory, "missing-sqlite.db")))
        {
            pair.Execute(Schema);
            pair.Execute("INSERT INTO t(a, b, u) VALUES ('x', 'y', 'z'), ('X', 'Y', 'q')");
        }

        using var connection = new SharpCoreDBConnection($"Data Source={path};Pooling=False");
        connection.Open();

        // A scan of the table needs no collation; using the index, writing the table or checking the index does.
        Assert.Equal(["i:2"], Pair.Rows(connection, "SELECT count(*) FROM (SELECT id FROM t ORDER BY id)"));
        foreach (string sql in new[] { "INSERT INTO t(a) VALUES ('q')", "SELECT id FROM t WHERE a = 'x'", "SELECT k FROM w WHERE k = 'a'", "PRAGMA integrity_check" })
        {
            Exception? error = Record.Exception(() => Pair.Rows(connection, sql));
            Assert.True(error is SharpCoreDBException && error.Message.Contains("no such collation sequence", StringComparison.Ordinal), $"{sql}: {error?.Message ?? "no error"}");
        }

        Pair.Run(connection, "DROP INDEX t_a");
        Pair.Run(connection, "DROP TABLE w");
        connection.CreateCollation("rev", Pair.Reverse);
        connection.CreateCollation("ci", Pair.CaseAndAccentBlind);
        Assert.Equal(["t:ok"], Pair.Rows(connection, "PRAGMA integrity_check"));
        Assert.Equal(["i:2"], Pair.Rows(connection, "SELECT count(*) FROM t WHERE b COLLATE ci = 'y'"));
    }

    private static string Plan(SharpCoreDBConnection connection, string sql) => string.Join("\n", Pair.Rows(connection, "EXPLAIN " + sql));

    private static string RandomStatement(Random random)
    {
        string Value() => s_values[random.Next(s_values.Length)];
        int id = random.Next(1, 40);
        return random.Next(14) switch
        {
            0 or 1 or 2 => $"INSERT INTO t(id, a, b) VALUES ({id}, {Value()}, {Value()})",
            3 => $"INSERT INTO t(a, b, u) VALUES ({Value()}, {Value()}, {Value()})",
            4 => $"INSERT OR REPLACE INTO t(id, a, u) VALUES ({id}, {Value()}, {Value()})",
            5 => $"UPDATE t SET a = {Value()}, b = {Value()} WHERE id = {id}",
            6 => $"UPDATE t SET u = {Value()} WHERE id = {id}",
            7 => $"DELETE FROM t WHERE a = {Value()}",
            8 => $"DELETE FROM t WHERE b COLLATE ci = {Value()}",
            9 => $"DELETE FROM t WHERE id = {id}",
            10 => $"INSERT OR IGNORE INTO w VALUES ({Value()}, {id})",
            11 => $"UPDATE w SET k = {Value()} WHERE k = {Value()}",
            12 => $"INSERT OR REPLACE INTO p VALUES ({Value()}, {id})",
            _ => random.Next(2) == 0 ? $"DELETE FROM w WHERE k = {Value()}" : $"DELETE FROM p WHERE k = {Value()}",
        };
    }

    /// <summary>Our database and SQLite's, with the same collations registered on both.</summary>
    private sealed class Pair : IDisposable
    {
        private readonly string _ours;
        private readonly string _theirs;

        public Pair(string ours, string theirs)
        {
            _ours = ours;
            _theirs = theirs;
            Ours = OpenOurs();
            Sqlite = OpenSqlite();
        }

        public SharpCoreDBConnection Ours { get; private set; }

        public SqliteConnection Sqlite { get; private set; }

        public static int Reverse(string x, string y) => string.CompareOrdinal(y, x);

        public static int CaseAndAccentBlind(string x, string y) =>
            CultureInfo.InvariantCulture.CompareInfo.Compare(x, y, CompareOptions.IgnoreCase | CompareOptions.IgnoreNonSpace);

        public static void Run(DbConnection connection, string sql)
        {
            using DbCommand command = connection.CreateCommand();
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }

        // Typed rendering (i:1, t:a, r:2.5, b:00, NULL), so a value of another storage class is a difference too.
        public static List<string> Rows(DbConnection connection, string sql) => Functions.FunctionOracle.Rows(connection, sql);

        public void Execute(string sql)
        {
            Run(Ours, sql);
            Run(Sqlite, sql);
        }

        public void AssertSameOutcome(string sql, string context)
        {
            string expected = Outcome(Sqlite, sql);
            string actual = Outcome(Ours, sql);
            Assert.True(expected == actual, $"{context}: {sql}\nSQLite:      {expected}\nSharpCoreDB: {actual}");
        }

        public void AssertQueries(string context)
        {
            foreach (string query in s_queries)
            {
                AssertSameOutcome(query, context);
            }
        }

        public void Reopen()
        {
            Ours.Dispose();
            Sqlite.Dispose();
            Ours = OpenOurs();
            Sqlite = OpenSqlite();
        }

        public void Dispose()
        {
            Ours.Dispose();
            Sqlite.Dispose();
        }

        private static string Outcome(DbConnection connection, string sql)
        {
            try
            {
                return string.Join(" | ", Rows(connection, sql));
            }
            catch (Exception ex) when (ex is SqliteException or SharpCoreDBException)
            {
                return "error";
            }
        }

        private SharpCoreDBConnection OpenOurs()
        {
            var connection = new SharpCoreDBConnection($"Data Source={_ours};Pooling=False");
            connection.CreateCollation("rev", Reverse);
            connection.CreateCollation("ci", CaseAndAccentBlind);
            connection.Open();
            return connection;
        }

        private SqliteConnection OpenSqlite()
        {
            var connection = new SqliteConnection($"Data Source={_theirs};Pooling=False");
            connection.CreateCollation("rev", Reverse);
            connection.CreateCollation("ci", CaseAndAccentBlind);
            connection.Open();
            return connection;
        }
    }
}
