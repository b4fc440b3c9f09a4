namespace SharpCoreDB.Tests.Engine;

/// <summary>Table options the engine does not implement are refused, never accepted and ignored.</summary>
public sealed class UnsupportedTableOptionTests
{
    [Theory]
    [InlineData("CREATE TABLE t(a INTEGER PRIMARY KEY) WITHOUT ROWID", "WITHOUT ROWID")]
    public void Table_option_is_refused_and_creates_nothing(string sql, string option)
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var create = connection.CreateCommand();
        create.CommandText = sql;
        var error = Assert.Throws<SharpCoreDBException>(() => create.ExecuteNonQuery());
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.Contains(option, error.Message, StringComparison.Ordinal);

        using var count = connection.CreateCommand();
        count.CommandText = "SELECT count(*) FROM sqlite_master WHERE name = 't'";
        Assert.Equal(0L, count.ExecuteScalar());
    }
}
