using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Engine;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>WITHOUT ROWID tables, rows keyed by their PRIMARY KEY, checked against SQLite.</summary>
public sealed class WithoutRowIdTests : IDisposable
{
    private readonly DualDatabase _db = new("""
        CREATE TABLE w(a TEXT COLLATE NOCASE, b INT, c, d REAL, PRIMARY KEY (a, b DESC)) WITHOUT ROWID;
        """);

    public void Dispose() => _db.Dispose();

    /// <summary>40 seeds in CI, 400 with SHARPCOREDB_STRESS=1.</summary>
    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 40, stress: 400);

    [Theory]
    [InlineData("CREATE TABLE x(a, b) WITHOUT ROWID", "PRIMARY KEY missing on table x")]
    [InlineData("CREATE TABLE x(a INTEGER PRIMARY KEY AUTOINCREMENT) WITHOUT ROWID", "AUTOINCREMENT not allowed on WITHOUT ROWID tables")]
    public void Invalid_definitions_are_refused_with_sqlites_message(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        var sqliteError = Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
        _db.AssertSame("SELECT count(*) FROM sqlite_master WHERE name = 'x'");
    }

    [Theory]
    [InlineData("SELECT rowid FROM w")]
    [InlineData("SELECT _rowid_, oid FROM w")]
    [InlineData("SELECT w.rowid FROM w")]
    public void A_without_rowid_table_has_no_rowid(string sql)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Equal(SharpCoreDBErrorCode.UnknownColumn, error.ErrorCode);
        Assert.Contains("no such column", error.Message, StringComparison.Ordinal);
        _db.AssertSame(sql);
    }

    [Fact]
    public void Rows_come_back_in_key_order_under_the_keys_collation_and_direction()
    {
        _db.Execute("INSERT INTO w VALUES ('b', 1, 'x', 1), ('A', 2, 'y', 2), ('a', 3, 'z', 3), ('C', 0, NULL, NULL), ('c', 5, 5, 5.5)");
        _db.AssertSame("SELECT * FROM w");
        _db.AssertSame("SELECT * FROM w ORDER BY a, b DESC");
        _db.AssertSame("SELECT * FROM w ORDER BY a DESC, b");
        _db.AssertSame("SELECT a, b FROM w WHERE a = 'A'");
        _db.AssertSame("SELECT a, b FROM w WHERE a = 'a' AND b = 3");
        _db.AssertSame("SELECT a, b FROM w WHERE a IN ('B', 'c')");
        _db.AssertSame("SELECT a, b FROM w WHERE a > 'a' AND a <= 'C'");
        _db.AssertSame("SELECT a, b FROM w WHERE a = 'c' AND b > 0");
    }

    [Theory]
    [InlineData("INSERT INTO w VALUES ('A', 1, 'dup', 0)")]
    [InlineData("INSERT INTO w VALUES (NULL, 1, 'x', 0)")]
    [InlineData("INSERT INTO w VALUES ('z', NULL, 'x', 0)")]
    [InlineData("UPDATE w SET a = 'B', b = 1 WHERE b = 2")]
    [InlineData("UPDATE w SET b = NULL")]
    public void Key_conflicts_and_nulls_fail_as_in_sqlite(string sql)
    {
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2), ('b', 1, 'z', 3)");
        string? sqliteError = null;
        try
        {
            _db.ExecuteSqlite(sql);
        }
        catch (SqliteException e)
        {
            sqliteError = e.Message;
        }

        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.NotNull(sqliteError);
        Assert.Contains(error.Message, sqliteError, StringComparison.Ordinal);
        _db.AssertSame("SELECT * FROM w");
    }

    [Theory]
    [InlineData("INSERT OR REPLACE INTO w VALUES ('A', 1, 'new', 9)")]
    [InlineData("INSERT OR IGNORE INTO w VALUES ('A', 1, 'new', 9), ('q', 1, 'q', 1)")]
    [InlineData("REPLACE INTO w VALUES ('B', 2, 'r', 0)")]
    [InlineData("UPDATE OR REPLACE w SET b = 1 WHERE a = 'b' AND b = 2")]
    [InlineData("UPDATE OR IGNORE w SET b = 1")]
    [InlineData("UPDATE w SET a = 'zz', c = c || '!' WHERE b = 2")]
    [InlineData("UPDATE w SET a = 'B' WHERE b = 2")]
    [InlineData("UPDATE w SET d = d * 2 WHERE a = 'B'")]
    [InlineData("DELETE FROM w WHERE a = 'B'")]
    [InlineData("DELETE FROM w WHERE d > 1")]
    [InlineData("INSERT INTO w VALUES ('A', 1, 'u', 0) ON CONFLICT DO UPDATE SET c = excluded.c || c")]
    [InlineData("INSERT INTO w VALUES ('A', 1, 'u', 0) ON CONFLICT (a, b) DO UPDATE SET c = 'updated', b = 7")]
    [InlineData("INSERT INTO w VALUES ('A', 1, 'u', 0) ON CONFLICT (a, b) DO NOTHING")]
    public void Writes_change_the_rows_as_in_sqlite(string sql)
    {
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2), ('b', 1, 'z', 3)");
        _db.Execute(sql);
        _db.AssertSame("SELECT * FROM w");
        _db.AssertSame("SELECT changes()");
    }

    [Fact]
    public void Returning_gives_the_written_rows()
    {
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2)");
        _db.AssertSame("INSERT INTO w VALUES ('c', 3, 'z', 3) RETURNING a, b, c");
        _db.AssertSame("UPDATE w SET b = b + 10 WHERE a = 'A' RETURNING *");
        _db.AssertSame("DELETE FROM w WHERE a = 'B' RETURNING a, d");
        _db.AssertSame("SELECT * FROM w");
    }

    [Fact]
    public void Integer_primary_key_is_an_ordinary_key_column()
    {
        _db.Execute("CREATE TABLE k(id INTEGER PRIMARY KEY, v) WITHOUT ROWID");
        _db.Execute("INSERT INTO k VALUES (3, 'c'), ('2', 'b'), (1.0, 'a')");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO k(v) VALUES ('no key')"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("INSERT INTO k(v) VALUES ('no key')"));
        _db.AssertSame("SELECT id, typeof(id), v FROM k");
        _db.AssertSame("SELECT last_insert_rowid()");
    }

    [Fact]
    public void Schema_text_and_table_info_are_sqlites()
    {
        Assert.Equal(_db.SqliteDefinition("table", "w"), _db.Engine.Query("SELECT sql FROM sqlite_schema WHERE name = 'w'")[0]);
        _db.AssertSame("PRAGMA table_info(w)");
        _db.Execute("CREATE TABLE p(x, y, z, PRIMARY KEY (z, x)) WITHOUT ROWID");
        _db.AssertSame("PRAGMA table_info(p)");
    }

    [Fact]
    public void Secondary_indexes_point_at_the_key_and_serve_lookups()
    {
        _db.Execute("CREATE UNIQUE INDEX wc ON w(c); CREATE INDEX wd ON w(d) WHERE d > 1; CREATE INDEX we ON w(lower(c))");
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'Y', 2), ('b', 1, 'z', 3), ('c', 1, NULL, 4), ('d', 1, NULL, 5)");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO w VALUES ('e', 1, 'x', 0)"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("INSERT INTO w VALUES ('e', 1, 'x', 0)"));
        _db.Execute("UPDATE w SET a = 'q' WHERE c = 'z'");
        _db.Execute("DELETE FROM w WHERE d = 4");
        _db.Execute("INSERT OR REPLACE INTO w VALUES ('f', 9, 'Y', 9)");
        _db.Execute("INSERT INTO w VALUES ('g', 1, 'x', 1) ON CONFLICT (c) DO UPDATE SET d = 100");
        foreach (string query in new[]
        {
            "SELECT * FROM w", "SELECT a, b FROM w WHERE c = 'z'", "SELECT c FROM w WHERE d > 2", "SELECT a FROM w WHERE lower(c) = 'y'",
            "SELECT c, a, b FROM w WHERE c > 'a' ORDER BY c",
        })
        {
            _db.AssertSame(query);
        }

        Assert.Contains("USING INDEX wc", string.Join("\n", _db.Engine.Query("EXPLAIN SELECT a, b FROM w WHERE c = 'z'")), StringComparison.Ordinal);
        Assert.Equal(
            DifferentialTests.SqliteRows(_db.Sqlite, "PRAGMA index_list(w)", 0),
            DifferentialTests.EngineRows(_db.Engine, "PRAGMA index_list(w)", 0));

        Assert.Equal(["ok"], _db.Engine.Query("PRAGMA integrity_check"));
    }

    [Fact]
    public void Index_xinfo_lists_what_each_entry_holds_as_sqlite_does()
    {
        _db.Execute("CREATE INDEX ti ON w(c, a); CREATE UNIQUE INDEX tu ON w(d); CREATE TABLE plain(x, y); CREATE INDEX px ON plain(y DESC)");
        foreach (string index in new[] { "ti", "tu", "px" })
        {
            _db.AssertSame($"PRAGMA index_xinfo({index})");
        }

        Assert.Equal(DifferentialTests.SqliteRows(_db.Sqlite, "PRAGMA index_xinfo(sqlite_autoindex_w_1)", 0), DifferentialTests.EngineRows(_db.Engine, "PRAGMA index_xinfo(sqlite_autoindex_w_1)", 0));
        Assert.Equal(DifferentialTests.SqliteRows(_db.Sqlite, "PRAGMA index_info(sqlite_autoindex_w_1)", 0), DifferentialTests.EngineRows(_db.Engine, "PRAGMA index_info(sqlite_autoindex_w_1)", 0));
    }

    [Fact]
    public void The_planner_seeks_the_primary_key()
    {
        string plan = string.Join("\n", _db.Engine.Query("EXPLAIN SELECT * FROM w WHERE a = 'x' AND b = 1"));
        Assert.Contains("IndexSeek w USING INDEX", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("TableScan", plan, StringComparison.Ordinal);
        Assert.Contains("IndexRange", string.Join("\n", _db.Engine.Query("EXPLAIN SELECT * FROM w WHERE a > 'x'")), StringComparison.Ordinal);
        Assert.DoesNotContain("Sort", string.Join("\n", _db.Engine.Query("EXPLAIN SELECT * FROM w ORDER BY a, b DESC")), StringComparison.Ordinal);
    }

    [Fact]
    public void Update_from_changes_the_joined_target_rows()
    {
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2), ('b', 1, 'z', 3)");
        _db.Execute("CREATE TABLE src(a, b, n); INSERT INTO src VALUES ('A', 1, 10), ('b', 2, 20), ('a', 1, 30), ('q', 1, 40)");
        _db.Execute("UPDATE w SET d = src.n, b = w.b + 5 FROM src WHERE src.a = w.a AND src.b = w.b");
        _db.AssertSame("SELECT * FROM w");
        _db.AssertSame("SELECT changes()");
    }

    [Fact]
    public void Triggers_see_old_and_new_rows()
    {
        _db.Execute("CREATE TABLE log(x)");
        _db.Execute("CREATE TRIGGER ti AFTER INSERT ON w BEGIN INSERT INTO log VALUES ('i ' || new.a || new.b); END");
        _db.Execute("CREATE TRIGGER tu BEFORE UPDATE ON w BEGIN INSERT INTO log VALUES ('u ' || old.a || old.b || '>' || new.a || new.b); END");
        _db.Execute("CREATE TRIGGER td AFTER DELETE ON w BEGIN INSERT INTO log VALUES ('d ' || old.a || old.b); END");
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2)");
        _db.Execute("UPDATE w SET b = b + 1");
        _db.Execute("DELETE FROM w WHERE a = 'a'");
        _db.AssertSame("SELECT * FROM log ORDER BY rowid");
        _db.AssertSame("SELECT * FROM w");
    }

    [Fact]
    public void Foreign_keys_work_with_a_without_rowid_parent_and_child()
    {
        _db.Execute("PRAGMA foreign_keys = ON");
        _db.Execute("CREATE TABLE p(k TEXT PRIMARY KEY, v) WITHOUT ROWID");
        _db.Execute("CREATE TABLE c(id INT PRIMARY KEY, k REFERENCES p ON DELETE CASCADE ON UPDATE CASCADE) WITHOUT ROWID");
        _db.Execute("INSERT INTO p VALUES ('a', 1), ('b', 2); INSERT INTO c VALUES (1, 'a'), (2, 'b'), (3, 'a')");
        Assert.Equal(SharpCoreDBErrorCode.ForeignKeyViolation, Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO c VALUES (4, 'zz')")).ErrorCode);
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("INSERT INTO c VALUES (4, 'zz')"));
        _db.Execute("UPDATE p SET k = 'A' WHERE k = 'a'");
        _db.Execute("DELETE FROM p WHERE k = 'b'");
        _db.AssertSame("SELECT * FROM c");
        _db.AssertSame("PRAGMA foreign_key_check");
    }

    [Fact]
    public void Generated_columns_and_strict_combine_with_without_rowid()
    {
        _db.Execute("CREATE TABLE g(a INT, b INT, s INT AS (a + b) STORED, v TEXT AS (a || '-' || b), PRIMARY KEY (a, b)) STRICT, WITHOUT ROWID");
        _db.Execute("INSERT INTO g(a, b) VALUES (1, 2), ('3', 4)");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO g(a, b) VALUES ('x', 1)"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("INSERT INTO g(a, b) VALUES ('x', 1)"));
        _db.Execute("UPDATE g SET b = b * 10");
        _db.AssertSame("SELECT *, typeof(a) FROM g");
        _db.AssertSame("SELECT a FROM g WHERE s = 43");
    }

    [Fact]
    public void Alter_table_drop_table_and_vacuum_keep_the_rows()
    {
        _db.Execute("INSERT INTO w VALUES ('a', 1, 'x', 1), ('b', 2, 'y', 2), ('b', 1, 'z', 3)");
        _db.Execute("CREATE INDEX wc ON w(c)");
        _db.Execute("ALTER TABLE w ADD COLUMN e DEFAULT 7");
        _db.Execute("ALTER TABLE w RENAME COLUMN c TO cc");
        Assert.Equal(_db.SqliteDefinition("table", "w"), _db.Engine.Query("SELECT sql FROM sqlite_schema WHERE name = 'w'")[0]);
        _db.Execute("ALTER TABLE w DROP COLUMN d");
        _db.Execute("ALTER TABLE w RENAME TO w2");
        _db.Execute("INSERT INTO w2 VALUES ('c', 5, 'q', 8)");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("ALTER TABLE w2 DROP COLUMN b"));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite("ALTER TABLE w2 DROP COLUMN b"));
        _db.Engine.Execute("VACUUM");
        _db.AssertSame("SELECT * FROM w2");
        _db.AssertSame("SELECT a, b FROM w2 WHERE cc = 'z'");
        _db.AssertSame("PRAGMA table_info(w2)");
        Assert.Equal(["ok"], _db.Engine.Query("PRAGMA integrity_check"));
        _db.Execute("DROP TABLE w2");
        _db.AssertSame("SELECT count(*) FROM sqlite_schema");
        Assert.Equal(["ok"], _db.Engine.Query("PRAGMA integrity_check"));
    }

    [Fact]
    public void Rows_survive_reopen()
    {
        using var temp = new TempDatabase();
        RoundTrip(temp.Options());
    }

    [Fact]
    public void Rows_survive_reopen_encrypted()
    {
        using var temp = new TempDatabase();
        RoundTrip(temp.Options() with { Password = "without rowid" });
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_statements_leave_the_same_rows_as_in_sqlite(int seed)
    {
        // The oracle is SQLite's own WITHOUT ROWID table: statements such as UPDATE OR IGNORE on key columns depend
        // on the order rows are visited in, which is key order here and row-id order in a rowid table.
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var engine = new EngineHarness();
        const string Create = "CREATE TABLE r(k1 TEXT COLLATE NOCASE, k2 INT, k3 BLOB, v, n REAL, PRIMARY KEY (k1, k2 DESC, k3)) WITHOUT ROWID";
        using (SqliteCommand create = sqlite.CreateCommand())
        {
            create.CommandText = Create;
            create.ExecuteNonQuery();
        }

        engine.Execute(Create);
        DifferentialTests.Both(engine, sqlite, "CREATE INDEX rv ON r(v, n)", seed);
        var random = new Random(seed);
        const string Order = "SELECT k1, k2, k3, v, n, typeof(k2), typeof(n) FROM r ORDER BY k1, k2 DESC, k3";
        for (int step = 0; step < 60; step++)
        {
            string sql = RandomStatement(random);
            DifferentialTests.Both(engine, sqlite, sql, seed);
            List<string> expected = DifferentialTests.SqliteRows(sqlite, Order, seed);
            List<string> actual = DifferentialTests.EngineRows(engine, Order, seed);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}, step {step}: {sql}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
            List<string> scan = DifferentialTests.EngineRows(engine, "SELECT k1, k2, k3, v, n, typeof(k2), typeof(n) FROM r", seed);
            Assert.True(actual.SequenceEqual(scan), $"seed {seed}, step {step}: a plain scan is not in key order");
        }

        Assert.True(engine.Query("PRAGMA integrity_check").SequenceEqual(["ok"]), $"seed {seed}: integrity_check failed");
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Large_values_and_long_keys_spill_and_come_back_as_in_sqlite(int seed)
    {
        // Keys of every length up to a few hundred bytes and values from empty to several overflow pages: the row
        // cell keeps a prefix of the record in its leaf and the rest in a chain, whatever the key's size.
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var engine = new EngineHarness();
        const string Create = "CREATE TABLE big(k TEXT PRIMARY KEY, n INT, v BLOB, t TEXT) WITHOUT ROWID";
        using (SqliteCommand create = sqlite.CreateCommand())
        {
            create.CommandText = Create;
            create.ExecuteNonQuery();
        }

        engine.Execute(Create);
        var random = new Random(seed);
        const string Order = "SELECT k, n, length(v), hex(substr(v, 1, 8)), hex(substr(v, -8)), length(t), substr(t, -5) FROM big ORDER BY k";
        for (int step = 0; step < 40; step++)
        {
            string key = "'" + new string((char)('a' + random.Next(4)), 1 + random.Next(random.Next(2) == 0 ? 8 : 300)) + "'";
            int valueLength = random.Next(4) switch { 0 => random.Next(100), 1 => 1000 + random.Next(2000), 2 => 4000 + random.Next(9000), _ => random.Next(30000) };
            int textLength = random.Next(3) == 0 ? random.Next(5000) : random.Next(20);
            string text = "'" + new string('x', textLength) + random.Next(100000).ToString(CultureInfo.InvariantCulture) + "'";
            string sql = random.Next(5) switch
            {
                0 => $"DELETE FROM big WHERE k = {key}",
                1 => $"UPDATE big SET v = {Blob(valueLength, random)}, n = n + 1 WHERE k >= {key}",
                _ => $"INSERT OR REPLACE INTO big VALUES ({key}, {step}, {Blob(valueLength, random)}, {text})",
            };
            DifferentialTests.Both(engine, sqlite, sql, seed);
            List<string> expected = DifferentialTests.SqliteRows(sqlite, Order, seed);
            List<string> actual = DifferentialTests.EngineRows(engine, Order, seed);
            Assert.True(expected.SequenceEqual(actual), $"seed {seed}, step {step}: {sql}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
        }

        Assert.True(engine.Query("PRAGMA integrity_check").SequenceEqual(["ok"]), $"seed {seed}: integrity_check failed");
    }

    // A blob of the given length whose last bytes vary, built by SQL both engines compute alike.
    private static string Blob(int length, Random random) =>
        $"CAST(substr(hex(zeroblob({(length / 2) + 1})), 1, {length}) || '{random.Next(100000)}' AS BLOB)";

    private static string RandomStatement(Random random)
    {
        string[] k1 = ["'a'", "'A'", "'b'", "'B'", "'c'", "'é'", "'É'", "''"];
        string[] k2 = ["1", "2", "'3'", "2.0", "-1", "10"];
        string[] k3 = ["x'00'", "x'01'", "x''"];
        string[] values = ["NULL", "1", "2.5", "'t'", "x'ff'", "'10'"];
        string Key() => $"{k1[random.Next(k1.Length)]}, {k2[random.Next(k2.Length)]}, {k3[random.Next(k3.Length)]}";
        string Value() => values[random.Next(values.Length)];
        string Where() => random.Next(4) switch
        {
            0 => $"k1 = {k1[random.Next(k1.Length)]}",
            1 => $"k1 = {k1[random.Next(k1.Length)]} AND k2 > {k2[random.Next(k2.Length)]}",
            2 => $"k2 IN ({k2[random.Next(k2.Length)]}, {k2[random.Next(k2.Length)]})",
            _ => $"n > {random.Next(3)}",
        };
        return random.Next(10) switch
        {
            0 or 1 or 2 => $"INSERT INTO r VALUES ({Key()}, {Value()}, {Value()})",
            3 => $"INSERT OR REPLACE INTO r VALUES ({Key()}, {Value()}, {Value()})",
            4 => $"INSERT OR IGNORE INTO r VALUES ({Key()}, {Value()}, {Value()}), ({Key()}, {Value()}, {Value()})",
            5 => $"UPDATE r SET v = {Value()}, n = {Value()} WHERE {Where()}",
            6 => $"UPDATE OR IGNORE r SET k2 = k2 + 1 WHERE {Where()}",
            7 => $"DELETE FROM r WHERE {Where()}",
            8 => $"INSERT INTO r VALUES ({Key()}, {Value()}, {Value()}) ON CONFLICT DO UPDATE SET v = excluded.v, n = coalesce(n, 0) + 1",
            _ => $"UPDATE OR REPLACE r SET k1 = {k1[random.Next(k1.Length)]} WHERE {Where()}",
        };
    }

    private static void RoundTrip(DatabaseOptions options)
    {
        var expected = new List<string>();
        using (var first = new EngineHarness(options))
        {
            first.Execute("CREATE TABLE s(name TEXT COLLATE NOCASE, n INT, v, PRIMARY KEY (name, n DESC)) WITHOUT ROWID");
            for (int i = 0; i < 500; i++)
            {
                first.Execute("INSERT INTO s VALUES (?, ?, ?)", "n" + (i % 37).ToString(CultureInfo.InvariantCulture), i, new string('v', i % 50));
            }

            expected.AddRange(first.Query("SELECT * FROM s"));
        }

        using var second = new EngineHarness(options);
        Assert.Equal(expected, second.Query("SELECT * FROM s"));
        Assert.Equal(["n1|38|" + new string('v', 38)], second.Query("SELECT * FROM s WHERE name = 'N1' AND n = 38"));
        Assert.Equal(["ok"], second.Query("PRAGMA integrity_check"));
    }
}
