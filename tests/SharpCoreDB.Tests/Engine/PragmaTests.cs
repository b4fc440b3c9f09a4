using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>The PRAGMAs applications read their schema and version through, answered as SQLite answers them.</summary>
public sealed class PragmaTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, name VARCHAR(10) NOT NULL DEFAULT 'x', v real unique, w INT DEFAULT (1+1), " +
        "z, n INT CONSTRAINT nd DEFAULT -5, UNIQUE(v, w)); " +
        "CREATE INDEX tw ON t(w DESC, name); CREATE UNIQUE INDEX tz ON t(z); " +
        "CREATE TABLE p(a INT, b TEXT, PRIMARY KEY (b, a)); CREATE TABLE x(a varchar(10), b Real, c int  primary   key, d text not null, e \"my type\", f unsigned big int)";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("PRAGMA table_info(t)")]
    [InlineData("PRAGMA table_info('p')")]
    [InlineData("PRAGMA table_info(x)")]
    [InlineData("PRAGMA TABLE_INFO(nosuch)")]
    [InlineData("PRAGMA index_info(tw)")]
    [InlineData("PRAGMA index_info(tz)")]
    [InlineData("PRAGMA index_info(nosuch)")]
    [InlineData("PRAGMA user_version")]
    public void Answers_match_sqlite(string sql) => _both.AssertSame(sql);

    [Theory]
    [InlineData("PRAGMA index_list(t)")]
    [InlineData("PRAGMA index_list(p)")]
    [InlineData("PRAGMA index_list(x)")]
    [InlineData("PRAGMA index_info(sqlite_autoindex_t_1)")]
    [InlineData("PRAGMA index_info(sqlite_autoindex_t_2)")]
    [InlineData("PRAGMA index_info(sqlite_autoindex_p_1)")]
    public void Constraint_indexes_have_sqlites_names(string sql) => _both.AssertSame(sql);

    [Theory]
    [InlineData("PRAGMA user_version = 7")]
    [InlineData("PRAGMA user_version = -3")]
    [InlineData("PRAGMA user_version = 1.9")]
    [InlineData("PRAGMA user_version = 'abc'")]
    [InlineData("PRAGMA user_version = '42'")]
    public void User_version_is_set_as_sqlite_reads_the_value(string sql)
    {
        _both.Execute(sql);
        _both.AssertSame("PRAGMA user_version");
    }

    [Fact]
    public void User_version_is_transactional_and_survives_reopening()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("PRAGMA user_version = 3");
            db.Execute("BEGIN; PRAGMA user_version = 4; ROLLBACK");
            Assert.Equal(["3"], db.Query("PRAGMA user_version"));
            db.Execute("BEGIN; PRAGMA user_version = 5; COMMIT");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["5"], db.Query("PRAGMA user_version"));
            db.Execute("CREATE TABLE later(x)");
            Assert.Equal(["5"], db.Query("PRAGMA user_version"));
        }
    }

    [Fact]
    public void Schema_version_moves_with_every_schema_change_and_journal_mode_is_wal()
    {
        using var db = new EngineHarness();
        long before = long.Parse(db.Query("PRAGMA schema_version")[0], System.Globalization.CultureInfo.InvariantCulture);
        db.Execute("CREATE TABLE s(x)");
        long after = long.Parse(db.Query("PRAGMA schema_version")[0], System.Globalization.CultureInfo.InvariantCulture);
        Assert.True(after > before, $"{before} -> {after}");
        Assert.Equal(["wal"], db.Query("PRAGMA journal_mode"));
        Assert.Equal(["wal"], db.Query("PRAGMA journal_mode = DELETE"));
    }

    [Fact]
    public void Pragmas_that_would_do_nothing_here_are_refused_with_a_position()
    {
        using var db = new EngineHarness();
        // foreign_keys is a real setting now (ForeignKeyTests covers it): off by default, and ON turns it on.
        Assert.Equal(["0"], db.Query("PRAGMA foreign_keys"));
        db.Execute("PRAGMA foreign_keys = ON");
        Assert.Equal(["1"], db.Query("PRAGMA foreign_keys"));
        var unknown = Assert.Throws<SharpCoreDBException>(() => db.Execute("SELECT 1;\nPRAGMA cache_size = 10"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, unknown.ErrorCode);
        Assert.Contains("PRAGMA cache_size is not supported", unknown.Message, StringComparison.Ordinal);
        Assert.Contains("line 2", unknown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Through_the_provider_the_answers_are_rows()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE k(id INTEGER PRIMARY KEY, label TEXT NOT NULL); PRAGMA user_version = 12";
        command.ExecuteNonQuery();
        command.CommandText = "PRAGMA user_version";
        Assert.Equal(12L, command.ExecuteScalar());
        command.CommandText = "PRAGMA table_info(k)";
        using var reader = command.ExecuteReader();
        Assert.Equal("cid", reader.GetName(0));
        Assert.True(reader.Read());
        Assert.Equal("id", reader.GetString(1));
        Assert.True(reader.Read());
        Assert.Equal("label", reader.GetString(1));
        Assert.Equal(1L, reader.GetInt64(3));
        Assert.False(reader.Read());
    }
}
