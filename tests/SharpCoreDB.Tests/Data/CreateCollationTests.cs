using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data;

/// <summary><c>CreateCollation</c> as Microsoft.Data.Sqlite offers it, with SQLite itself as the oracle where it helps.</summary>
public sealed class CreateCollationTests
{
    private static readonly string[] s_words = ["pear", "Apple", "fig", "banana", "Cherry", "apple", "date"];

    // Orders by length, then ordinally: an order no built-in collation gives.
    private static int ByLength(string x, string y) => x.Length != y.Length ? x.Length.CompareTo(y.Length) : string.CompareOrdinal(x, y);

    private static List<string> Column(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var values = new List<string>();
        while (reader.Read())
        {
            values.Add(reader.IsDBNull(0) ? "NULL" : Convert.ToString(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture)!);
        }

        return values;
    }

    private static List<string> Column(SqliteConnection connection, string sql)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SqliteDataReader reader = command.ExecuteReader();
        var values = new List<string>();
        while (reader.Read())
        {
            values.Add(reader.IsDBNull(0) ? "NULL" : Convert.ToString(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture)!);
        }

        return values;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static void Execute(SqliteConnection connection, string sql)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    [Theory]
    [InlineData("SELECT w FROM t ORDER BY w COLLATE bylen")]
    [InlineData("SELECT w FROM t ORDER BY w COLLATE bylen DESC")]
    [InlineData("SELECT w FROM t WHERE w COLLATE bylen > 'kiwi' ORDER BY w")]
    [InlineData("SELECT w FROM t WHERE w = 'zzzz' COLLATE samelen ORDER BY w")]
    [InlineData("SELECT count(*) FROM (SELECT DISTINCT w COLLATE samelen FROM t)")]
    [InlineData("SELECT count(*) FROM t GROUP BY w COLLATE samelen ORDER BY 1")]
    [InlineData("SELECT max(w COLLATE bylen) FROM t")]
    [InlineData("SELECT c FROM t ORDER BY c, w")]
    [InlineData("SELECT w FROM t WHERE c = 'zzz' ORDER BY w")]
    public void User_collation_matches_sqlite(string sql)
    {
        using var engine = new SharpCoreDBConnection("Data Source=:memory:");
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        engine.Open();
        sqlite.Open();
        engine.CreateCollation("bylen", ByLength);
        sqlite.CreateCollation("bylen", ByLength);
        engine.CreateCollation("samelen", (x, y) => x.Length.CompareTo(y.Length));
        sqlite.CreateCollation("samelen", (x, y) => x.Length.CompareTo(y.Length));
        foreach (string ddl in new[] { "CREATE TABLE t(w TEXT, c TEXT COLLATE samelen)" })
        {
            Execute(engine, ddl);
            Execute(sqlite, ddl);
        }

        foreach (string word in s_words)
        {
            string insert = $"INSERT INTO t VALUES ('{word}', '{word}')";
            Execute(engine, insert);
            Execute(sqlite, insert);
        }

        Assert.Equal(Column(sqlite, sql), Column(engine, sql));
    }

    [Fact]
    public void Collation_with_state_is_called_with_it()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        connection.CreateCollation("rev", -1, static (int sign, string x, string y) => sign * string.CompareOrdinal(x, y));
        Assert.Equal(["c", "b", "a"], Column(connection, "SELECT column1 FROM (VALUES ('a'), ('c'), ('b')) ORDER BY column1 COLLATE rev"));
    }

    [Fact]
    public void Collation_created_before_open_is_registered_at_open()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.CreateCollation("rev", (x, y) => string.CompareOrdinal(y, x));
        connection.Open();
        Assert.Equal(["c", "b", "a"], Column(connection, "SELECT column1 FROM (VALUES ('a'), ('c'), ('b')) ORDER BY column1 COLLATE REV"));
    }

    [Fact]
    public void Collation_is_visible_to_every_connection_on_the_database()
    {
        using var temp = new TempDatabase();
        using var first = new SharpCoreDBConnection(temp.ConnectionString());
        using var second = new SharpCoreDBConnection(temp.ConnectionString());
        first.Open();
        second.Open();
        first.CreateCollation("rev", (x, y) => string.CompareOrdinal(y, x));
        Execute(first, "CREATE TABLE t(x TEXT COLLATE rev); INSERT INTO t VALUES ('a'), ('c'), ('b')");
        Assert.Equal(["c", "b", "a"], Column(second, "SELECT x FROM t ORDER BY x"));
        Assert.Equal(["c", "b"], Column(second, "SELECT x FROM t WHERE x < 'a' ORDER BY x"));
    }

    [Fact]
    public void Exception_in_a_collation_surfaces_as_SharpCoreDBException_with_the_inner_exception()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        var thrown = new InvalidOperationException("boom");
        connection.CreateCollation("bad", (_, _) => throw thrown);
        var error = Assert.Throws<SharpCoreDBException>(() => Column(connection, "SELECT column1 FROM (VALUES ('a'), ('b')) ORDER BY column1 COLLATE bad"));
        Assert.Same(thrown, error.InnerException);
        Assert.Contains("bad", error.Message, StringComparison.Ordinal);

        // The connection stays usable.
        Assert.Equal(["1"], Column(connection, "SELECT 1"));
    }

    [Fact]
    public void Removed_collation_is_no_longer_usable()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        connection.CreateCollation("rev", (x, y) => string.CompareOrdinal(y, x));
        Execute(connection, "CREATE TABLE t(x TEXT COLLATE rev); INSERT INTO t VALUES ('a'), ('b')");
        const string query = "SELECT x FROM t ORDER BY x";
        Assert.Equal(["b", "a"], Column(connection, query));

        connection.CreateCollation("rev", null);
        var error = Assert.Throws<SharpCoreDBException>(() => Column(connection, query));
        Assert.Contains("no such collation sequence: rev", error.Message, StringComparison.Ordinal);
        error = Assert.Throws<SharpCoreDBException>(() => Column(connection, "SELECT 'a' = 'b' COLLATE rev"));
        Assert.Contains("no such collation sequence: rev", error.Message, StringComparison.Ordinal);

        // Registering it again (with another order) is seen by the cached statement too.
        connection.CreateCollation("rev", string.CompareOrdinal);
        Assert.Equal(["a", "b"], Column(connection, query));
    }

    [Fact]
    public void Builtin_collations_cannot_be_replaced()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        Assert.Throws<ArgumentException>(() => connection.CreateCollation("NoCase", string.CompareOrdinal));
    }
}
