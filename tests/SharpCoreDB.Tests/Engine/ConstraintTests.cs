namespace SharpCoreDB.Tests.Engine;

public sealed class ConstraintTests
{
    [Fact]
    public void Not_null_violation_names_the_column()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER NOT NULL, b TEXT)");
        SharpCoreDBException error = db.Fails("INSERT INTO t(b) VALUES ('x')");
        Assert.Equal(SharpCoreDBErrorCode.NotNullViolation, error.ErrorCode);
        Assert.Contains("t.a", error.Message, StringComparison.Ordinal);
        Assert.Empty(db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void Unique_column_rejects_duplicates_but_allows_many_nulls()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE, b TEXT)");
        db.Execute("INSERT INTO t VALUES (1, 'x'), (NULL, 'y'), (NULL, 'z')");
        SharpCoreDBException error = db.Fails("INSERT INTO t VALUES (1, 'again')");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Contains("t.a", error.Message, StringComparison.Ordinal);
        Assert.Equal(["3"], db.Query("SELECT count(*) FROM t"));
    }

    [Fact]
    public void Composite_unique_constraint_checks_the_whole_key()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT, UNIQUE (a, b))");
        db.Execute("INSERT INTO t VALUES (1, 'x'), (1, 'y'), (2, 'x')");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (1, 'y')").ErrorCode);
    }

    [Fact]
    public void Integer_primary_key_is_the_row_id_and_rejects_duplicates()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)");
        db.Execute("INSERT INTO t(name) VALUES ('a'), ('b')");
        db.Execute("INSERT INTO t VALUES (10, 'c')");
        db.Execute("INSERT INTO t(name) VALUES ('d')");
        Assert.Equal(["1|a|1", "2|b|2", "10|c|10", "11|d|11"], db.Query("SELECT id, name, rowid FROM t ORDER BY id"));
        SharpCoreDBException error = db.Fails("INSERT INTO t VALUES (2, 'dup')");
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyViolation, error.ErrorCode);
        Assert.Contains("t.id", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Non_integer_primary_key_is_enforced_unique()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(code TEXT PRIMARY KEY, n INTEGER)");
        db.Execute("INSERT INTO t VALUES ('a', 1)");
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyViolation, db.Fails("INSERT INTO t VALUES ('a', 2)").ErrorCode);
        db.Execute("CREATE TABLE c(x INTEGER, y INTEGER, PRIMARY KEY (x, y))");
        db.Execute("INSERT INTO c VALUES (1, 1), (1, 2)");
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyViolation, db.Fails("INSERT INTO c VALUES (1, 2)").ErrorCode);
    }

    [Fact]
    public void Row_id_must_be_an_integer()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY)");
        db.Execute("INSERT INTO t VALUES ('7')");
        Assert.Equal(["7"], db.Query("SELECT id FROM t"));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, db.Fails("INSERT INTO t VALUES ('seven')").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, db.Fails("INSERT INTO t VALUES (1.5)").ErrorCode);
    }

    [Fact]
    public void Check_constraint_rejects_false_and_accepts_null()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER CHECK (a > 0), b INTEGER, CONSTRAINT b_small CHECK (b < 10))");
        db.Execute("INSERT INTO t VALUES (1, 1), (NULL, NULL)");
        SharpCoreDBException error = db.Fails("INSERT INTO t VALUES (0, 1)");
        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, error.ErrorCode);
        Assert.Contains("a > 0", error.Message, StringComparison.Ordinal);
        Assert.Contains("b_small", db.Fails("UPDATE t SET b = 20 WHERE a = 1").Message, StringComparison.Ordinal);
        Assert.Equal(["1|1", "NULL|NULL"], db.Query("SELECT a, b FROM t ORDER BY a DESC"));
    }

    [Fact]
    public void Update_into_an_existing_unique_value_fails_and_changes_nothing()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER UNIQUE, b INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("UPDATE t SET a = a + 1").ErrorCode);
        Assert.Equal(["1|10", "2|20", "3|30"], db.Query("SELECT a, b FROM t ORDER BY a"));
        Assert.Equal(1, db.Execute("UPDATE t SET a = 4 WHERE a = 3"));
        Assert.Equal(["4"], db.Query("SELECT a FROM t WHERE b = 30"));
    }

    [Fact]
    public void Or_replace_removes_the_conflicting_row_and_or_ignore_skips()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, u TEXT UNIQUE, v INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 2)");
        db.Execute("INSERT OR REPLACE INTO t VALUES (3, 'a', 3)");
        Assert.Equal(["2|b|2", "3|a|3"], db.Query("SELECT * FROM t ORDER BY id"));
        Assert.Equal(0, db.Execute("INSERT OR IGNORE INTO t VALUES (2, 'z', 9)"));
        Assert.Equal(1, db.Execute("INSERT OR IGNORE INTO t VALUES (4, 'z', 9)"));
        Assert.Equal(["2|b|2", "3|a|3", "4|z|9"], db.Query("SELECT * FROM t ORDER BY id"));
    }

    [Fact]
    public void Autoincrement_never_reuses_a_row_id()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)");
        db.Execute("INSERT INTO t(v) VALUES ('a'), ('b'), ('c')");
        db.Execute("DELETE FROM t WHERE id = 3");
        db.Execute("INSERT INTO t(v) VALUES ('d')");
        Assert.Equal(["1|a", "2|b", "4|d"], db.Query("SELECT * FROM t ORDER BY id"));

        db.Execute("CREATE TABLE plain(id INTEGER PRIMARY KEY, v TEXT)");
        db.Execute("INSERT INTO plain(v) VALUES ('a'), ('b'), ('c')");
        db.Execute("DELETE FROM plain WHERE id = 3");
        db.Execute("INSERT INTO plain(v) VALUES ('d')");
        Assert.Equal(["1|a", "2|b", "3|d"], db.Query("SELECT * FROM plain ORDER BY id"));
    }

    [Fact]
    public void Autoincrement_sequence_moves_as_in_sqlite()
    {
        using var db = new EngineHarness();

        // An ignored insert still used its id; a failed statement did not.
        db.Execute("CREATE TABLE q(id INTEGER PRIMARY KEY AUTOINCREMENT, b TEXT UNIQUE)");
        db.Execute("INSERT INTO q(b) VALUES ('x')");
        Assert.Equal(0, db.Execute("INSERT OR IGNORE INTO q(b) VALUES ('x')"));
        db.Fails("INSERT INTO q(b) VALUES ('y'), ('x')");
        db.Execute("INSERT INTO q(b) VALUES ('y')");
        Assert.Equal(["1|x", "3|y"], db.Query("SELECT * FROM q ORDER BY id"));
        db.Execute("INSERT OR IGNORE INTO q(b) VALUES ('x'), ('z')");
        Assert.Equal(["1|x", "3|y", "5|z"], db.Query("SELECT * FROM q ORDER BY id"));

        // UPDATE never raises the sequence; an explicit id below it never lowers it.
        db.Execute("CREATE TABLE u(id INTEGER PRIMARY KEY AUTOINCREMENT, b TEXT)");
        db.Execute("INSERT INTO u(b) VALUES ('a')");
        db.Execute("UPDATE u SET id = 100");
        db.Execute("DELETE FROM u");
        db.Execute("INSERT INTO u(b) VALUES ('b')");
        db.Execute("INSERT INTO u VALUES (1000, 'c')");
        db.Execute("DELETE FROM u WHERE id = 1000");
        db.Execute("INSERT INTO u VALUES (50, 'd')");
        db.Execute("INSERT INTO u(b) VALUES ('e')");
        Assert.Equal(["2|b", "50|d", "1001|e"], db.Query("SELECT * FROM u ORDER BY id"));
    }

    [Fact]
    public void Column_affinity_converts_values_on_insert()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, n NUMERIC, b BLOB)");
        db.Execute("INSERT INTO t VALUES ('12', 3, 45, '3.0', '7')");
        Assert.Equal(["integer|real|text|integer|text"], db.Query("SELECT typeof(i), typeof(r), typeof(s), typeof(n), typeof(b) FROM t"));
        Assert.Equal(["12|3.0|45|3|7"], db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void Default_values_fill_missing_columns()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER DEFAULT 7, b TEXT DEFAULT 'x', c REAL DEFAULT (1.5 * 2), d)");
        db.Execute("INSERT INTO t(d) VALUES (1)");
        db.Execute("INSERT INTO t DEFAULT VALUES");
        Assert.Equal(["7|x|3.0|1", "7|x|3.0|NULL"], db.Query("SELECT * FROM t ORDER BY d DESC"));
    }

    [Fact]
    public void Create_unique_index_over_duplicates_fails_cleanly()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER)");
        db.Execute("INSERT INTO t VALUES (1), (2), (1)");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("CREATE UNIQUE INDEX t_a ON t(a)").ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.UnknownIndex, db.Fails("DROP INDEX t_a").ErrorCode);
        db.Execute("DELETE FROM t WHERE rowid = 3");
        db.Execute("CREATE UNIQUE INDEX t_a ON t(a)");
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (2)").ErrorCode);
    }

    [Fact]
    public void Changing_a_row_id_moves_the_row_and_its_index_entries()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a TEXT); CREATE INDEX t_a ON t(a)");
        db.Execute("INSERT INTO t VALUES ('x'), ('y')");
        Assert.Equal(1, db.Execute("UPDATE t SET rowid = 10 WHERE a = 'x'"));
        Assert.Equal(["10"], db.Query("SELECT rowid FROM t WHERE a = 'x'"));
        SharpCoreDBException error = db.Fails("UPDATE t SET rowid = 2 WHERE a = 'x'");
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyViolation, error.ErrorCode);
        Assert.Contains("t.rowid", error.Message, StringComparison.Ordinal);

        db.Execute("CREATE TABLE k(id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
        db.Execute("INSERT INTO k VALUES (1, 'a'), (2, 'b')");
        Assert.Equal(SharpCoreDBErrorCode.PrimaryKeyViolation, db.Fails("UPDATE k SET id = 2 WHERE id = 1").ErrorCode);
        db.Execute("UPDATE k SET id = id + 100");
        Assert.Equal(["101|a", "102|b"], db.Query("SELECT * FROM k ORDER BY id"));
        Assert.Equal(["102"], db.Query("SELECT id FROM k WHERE v = 'b'"));
    }

    [Fact]
    public void Value_longer_than_a_page_is_indexed_like_any_other()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT)");
        db.Execute("CREATE INDEX t_body ON t(body)");
        db.Execute("INSERT INTO t VALUES (1, 'short')");
        db.Execute("INSERT INTO t VALUES (2, ?)", new string('x', 5000));
        Assert.Equal(["2"], db.Query("SELECT id FROM t WHERE body = ?", new string('x', 5000)));

        // Building an index over rows that already hold long values works too (SQLite has no key size limit).
        db.Execute("DROP INDEX t_body");
        db.Execute("INSERT INTO t VALUES (3, ?)", new string('x', 4999) + "y");
        db.Execute("CREATE UNIQUE INDEX t_body ON t(body)");
        Assert.Equal(["3"], db.Query("SELECT id FROM t WHERE body > ?", new string('x', 5000)));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (4, ?)", new string('x', 5000)).ErrorCode);
        Assert.Equal(["5000"], db.Query("SELECT length(body) FROM t WHERE id = 2"));
    }
}
