using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Data;

public sealed class ConnectionStringBuilderTests
{
    [Fact]
    public void Parses_every_keyword_and_alias()
    {
        var builder = new SharpCoreDBConnectionStringBuilder(
            "data source=app.scdb;PWD=secret;Durability=async;Mode=ReadOnly;Cache Size=64;PageSize=8192;Default Timeout=7");

        Assert.Equal("app.scdb", builder.DataSource);
        Assert.Equal("secret", builder.Password);
        Assert.Equal(DurabilityMode.Async, builder.Durability);
        Assert.Equal(SharpCoreDBOpenMode.ReadOnly, builder.Mode);
        Assert.Equal(64, builder.CacheSize);
        Assert.Equal(8192, builder.PageSize);
        Assert.Equal(7, builder.DefaultTimeout);
    }

    [Fact]
    public void Defaults_apply_when_keywords_are_absent()
    {
        var builder = new SharpCoreDBConnectionStringBuilder("Data Source=:memory:");

        Assert.Equal(DurabilityMode.FullSync, builder.Durability);
        Assert.Equal(SharpCoreDBOpenMode.ReadWriteCreate, builder.Mode);
        Assert.Equal(SharpCoreDBConnectionStringBuilder.DefaultCacheSize, builder.CacheSize);
        Assert.Equal(SharpCoreDBConnectionStringBuilder.DefaultPageSize, builder.PageSize);
        Assert.Equal(string.Empty, builder.Password);
        Assert.Null(builder.GetEncryptionKeyBytes());
    }

    [Theory]
    [InlineData("Data Source=x;Passwrd=oops", "Passwrd")]
    [InlineData("Journal Mode=WAL", "Journal Mode")]
    public void Unknown_keyword_is_rejected_with_its_name(string connectionString, string keyword)
    {
        var error = Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder(connectionString));
        Assert.Contains(keyword, error.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Theory]
    [InlineData("Durability=Fast")]
    [InlineData("Durability=7")]
    [InlineData("Mode=Create")]
    [InlineData("Page Size=5000")]
    [InlineData("Page Size=2048")]
    [InlineData("Cache Size=abc")]
    [InlineData("Encryption Key=00ff")]
    [InlineData("Encryption Key=zz00000000000000000000000000000000000000000000000000000000000000")]
    public void Invalid_values_are_rejected(string connectionString)
    {
        Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder(connectionString));
    }

    [Fact]
    public void Encryption_key_decodes_to_32_bytes()
    {
        var hex = string.Concat(Enumerable.Range(0, 32).Select(i => i.ToString("x2", System.Globalization.CultureInfo.InvariantCulture)));
        var builder = new SharpCoreDBConnectionStringBuilder { EncryptionKey = hex };

        var key = builder.GetEncryptionKeyBytes();

        Assert.NotNull(key);
        Assert.Equal(32, key.Length);
        Assert.Equal(31, key[31]);
    }

    [Fact]
    public void Round_trips_through_the_connection_string()
    {
        var builder = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = "a b.scdb",
            Durability = DurabilityMode.Legacy,
            PageSize = 16384,
        };

        var again = new SharpCoreDBConnectionStringBuilder(builder.ConnectionString);

        Assert.Equal("a b.scdb", again.DataSource);
        Assert.Equal(DurabilityMode.Legacy, again.Durability);
        Assert.Equal(16384, again.PageSize);
    }
}
