using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>STRICT tables (SQLite 3.37): six column types, values checked after affinity, checked against SQLite.</summary>
public sealed class StrictTableTests : IDisposable
{
    private readonly DualDatabase _db = new("""
        CREATE TABLE t(i INT, n Integer, r REAL, s TEXT, b BLOB, a ANY) STRICT;
        """);

    public void Dispose() => _db.Dispose();

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 6, stress: 200);

    [Theory]
    [InlineData("'12'")]
    [InlineData("'  12 '")]
    [InlineData("'1e2'")]
    [InlineData("1e2")]
    [InlineData("'1.0'")]
    [InlineData("2.0")]
    [InlineData("-7")]
    [InlineData("NULL")]
    public void Convertible_values_are_stored_with_the_column_type(string value)
    {
        foreach (string column in new[] { "i", "n", "r", "s" })
        {
            _db.Execute($"INSERT INTO t({column}) VALUES ({value})");
        }

        _db.Execute($"INSERT INTO t(a) VALUES ({value})");
        _db.AssertSame("SELECT rowid, i, typeof(i), n, typeof(n), r, typeof(r), s, typeof(s), a, typeof(a) FROM t ORDER BY rowid");
    }

    [Theory]
    [InlineData("INSERT INTO t(i) VALUES ('abc')", "cannot store TEXT value in INT column t.i")]
    [InlineData("INSERT INTO t(n) VALUES ('abc')", "cannot store TEXT value in INTEGER column t.n")]
    [InlineData("INSERT INTO t(i) VALUES (1.5)", "cannot store REAL value in INT column t.i")]
    [InlineData("INSERT INTO t(i) VALUES (9223372036854775807.0)", "cannot store REAL value in INT column t.i")]
    [InlineData("INSERT INTO t(i) VALUES ('0x10')", "cannot store TEXT value in INT column t.i")]
    [InlineData("INSERT INTO t(r) VALUES ('12abc')", "cannot store TEXT value in REAL column t.r")]
    [InlineData("INSERT INTO t(r) VALUES (x'01')", "cannot store BLOB value in REAL column t.r")]
    [InlineData("INSERT INTO t(s) VALUES (x'00')", "cannot store BLOB value in TEXT column t.s")]
    [InlineData("INSERT INTO t(b) VALUES (1)", "cannot store INT value in BLOB column t.b")]
    [InlineData("INSERT INTO t(b) VALUES ('x')", "cannot store TEXT value in BLOB column t.b")]
    [InlineData("INSERT INTO t(b) VALUES (1.5)", "cannot store REAL value in BLOB column t.b")]
    public void A_value_that_does_not_convert_losslessly_is_refused_with_sqlites_message(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Equal(message, error.Message);
        var sqliteError = Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("INSERT INTO t(i) VALUES (1), ('x')")]
    [InlineData("INSERT OR IGNORE INTO t(i) VALUES (1), ('x')")]
    [InlineData("INSERT OR FAIL INTO t(i) VALUES (1), ('x')")]
    [InlineData("INSERT OR REPLACE INTO t(i) VALUES (1), ('x')")]
    public void A_type_failure_ends_the_statement_whatever_its_conflict_clause(string sql)
    {
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        _db.AssertSame("SELECT count(*) FROM t");
    }

    [Fact]
    public void Update_and_default_values_are_checked_too()
    {
        _db.Execute("INSERT INTO t(i, s) VALUES (1, 'a')");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("UPDATE t SET i = 'q'"));
        _db.Execute("UPDATE t SET i = '5', s = 7");
        _db.AssertSame("SELECT i, typeof(i), s, typeof(s) FROM t");

        _db.Execute("CREATE TABLE d(x INT DEFAULT 'x') STRICT");
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO d DEFAULT VALUES"));
        Assert.Equal("cannot store TEXT value in INT column d.x", error.Message);
    }

    [Fact]
    public void Not_null_is_checked_before_the_type_and_the_type_before_check()
    {
        _db.Execute("CREATE TABLE c(x INT NOT NULL, y INT CHECK (y > 0)) STRICT");
        Assert.Equal("NOT NULL constraint failed: c.x", Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO c VALUES (NULL, 'x')")).Message);
        Assert.Equal("cannot store TEXT value in INT column c.y", Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO c VALUES (1, 'x')")).Message);
    }

    [Theory]
    [InlineData("CREATE TABLE x(a) STRICT", "missing datatype for x.a")]
    [InlineData("CREATE TABLE x(a VARCHAR(10)) STRICT", "unknown datatype for x.a: \"VARCHAR(10)\"")]
    [InlineData("CREATE TABLE x(a int(5)) STRICT", "unknown datatype for x.a: \"int(5)\"")]
    [InlineData("CREATE TABLE x(a INT, b DATETIME) STRICT", "unknown datatype for x.b: \"DATETIME\"")]
    public void A_column_without_a_strict_type_is_refused_with_sqlites_message(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        var sqliteError = Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("ALTER TABLE t ADD COLUMN z VARCHAR", "error in table t after add column: unknown datatype for t.z: \"VARCHAR\"")]
    [InlineData("ALTER TABLE t ADD COLUMN z", "error in table t after add column: missing datatype for t.z")]
    public void Add_column_needs_a_strict_type(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
        var sqliteError = Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Added_column_is_strict()
    {
        _db.Execute("ALTER TABLE t ADD COLUMN z REAL");
        _db.Execute("INSERT INTO t(z) VALUES (3)");
        _db.AssertSame("SELECT z, typeof(z) FROM t");
        Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute("INSERT INTO t(z) VALUES ('w')"));
    }

    [Fact]
    public void Strict_survives_reopen()
    {
        using var temp = new TempDatabase();
        using (EngineHarness first = temp.Open())
        {
            first.Execute("CREATE TABLE s(a INT, b TEXT) strict; INSERT INTO s VALUES ('7', 8)");
        }

        using EngineHarness second = temp.Open();
        Assert.Equal(["7|8"], second.Query("SELECT a, b FROM s"));
        var error = Assert.Throws<SharpCoreDBException>(() => second.Execute("INSERT INTO s VALUES ('x', 1)"));
        Assert.Equal("cannot store TEXT value in INT column s.a", error.Message);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_values_are_stored_or_refused_as_sqlite_does(int seed)
    {
        var random = new Random(seed);
        string[] values = ["1", "-3", "2.0", "2.5", "1e300", "'12'", "' 4 '", "'4.0'", "'4.5'", "'abc'", "''", "x'00'", "x''", "NULL", "9223372036854775807", "'9223372036854775808'", "-0.0", "'1e2'"];
        string[] columns = ["i", "n", "r", "s", "b", "a"];
        for (int step = 0; step < 60; step++)
        {
            string sql = random.Next(4) == 0 && step > 0
                ? $"UPDATE t SET {columns[random.Next(columns.Length)]} = {values[random.Next(values.Length)]} WHERE rowid = {random.Next(1, step + 1)}"
                : $"INSERT INTO t({columns[random.Next(columns.Length)]}, {columns[random.Next(columns.Length)]}) VALUES ({values[random.Next(values.Length)]}, {values[random.Next(values.Length)]})";
            if (sql.Contains("(i, i)", StringComparison.Ordinal) || HasDuplicateColumn(sql))
            {
                continue;
            }

            DifferentialTests.Both(_db.Engine, _db.Sqlite, sql, seed);
        }

        Assert.True(
            DifferentialTests.SqliteRows(_db.Sqlite, "SELECT * , typeof(i), typeof(n), typeof(r), typeof(s), typeof(b), typeof(a) FROM t ORDER BY rowid", seed)
                .SequenceEqual(DifferentialTests.EngineRows(_db.Engine, "SELECT * , typeof(i), typeof(n), typeof(r), typeof(s), typeof(b), typeof(a) FROM t ORDER BY rowid", seed)),
            $"seed {seed}: contents differ");
    }

    private static bool HasDuplicateColumn(string sql)
    {
        int open = sql.IndexOf("t(", StringComparison.Ordinal);
        if (open < 0)
        {
            return false;
        }

        int close = sql.IndexOf(')', open);
        string[] names = sql[(open + 2)..close].Split(", ");
        return names.Length == 2 && names[0] == names[1];
    }
}
