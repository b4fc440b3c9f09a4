using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbConnectionStringBuilder: the keywords both providers share, their synonyms and round trips.</summary>
public sealed class ConnectionStringBuilderConformanceTests : ConformanceTestBase
{
    private static DbConnectionStringBuilder Builder(Provider provider, string connectionString = "")
    {
        DbConnectionStringBuilder builder = Factory(provider).CreateConnectionStringBuilder()!;
        builder.ConnectionString = connectionString;
        return builder;
    }

    [Theory, MemberData(nameof(Providers))]
    public void Keywords_are_case_insensitive_and_synonyms_map_to_one_keyword(Provider provider)
    {
        DbConnectionStringBuilder builder = Builder(provider, "filename=app.db;FOREIGN KEYS=true;command timeout=5");
        Assert.Equal("app.db", builder["Data Source"]);
        Assert.Equal("app.db", builder["DataSource"]);
        Assert.True(builder.ContainsKey("data source"));
        Assert.Equal(true, builder["Foreign Keys"]);
        Assert.Equal(5, builder["Default Timeout"]);
        Assert.Equal(5, builder["Command Timeout"]);
    }

    [Theory, MemberData(nameof(Providers))]
    public void An_unknown_keyword_is_refused(Provider provider)
    {
        Assert.Throws<ArgumentException>(() => Builder(provider, "Data Source=x.db;Frobnicate=1"));
        DbConnectionStringBuilder builder = Builder(provider);
        Assert.Throws<ArgumentException>(() => builder["Frobnicate"] = "1");
        Assert.False(builder.TryGetValue("Frobnicate", out _));
    }

    [Theory, MemberData(nameof(Providers))]
    public void An_invalid_value_is_refused(Provider provider)
    {
        Assert.ThrowsAny<Exception>(() => Builder(provider, "Pooling=perhaps"));
        Assert.ThrowsAny<ArgumentException>(() => Builder(provider, "Mode=Sideways"));
    }

    [Theory, MemberData(nameof(Providers))]
    public void The_connection_string_round_trips(Provider provider)
    {
        DbConnectionStringBuilder builder = Builder(provider, "Data Source=my app.db;Pooling=False;Foreign Keys=True");
        builder["Password"] = "p;w'd\"";
        DbConnectionStringBuilder again = Builder(provider, builder.ConnectionString);
        Assert.True(builder.EquivalentTo(again));
        Assert.Equal("my app.db", again["Data Source"]);
        Assert.Equal("p;w'd\"", again["Password"]);
        Assert.Equal(false, again["Pooling"]);
    }

    [Theory, MemberData(nameof(Providers))]
    public void Remove_and_Clear_reset_to_defaults(Provider provider)
    {
        DbConnectionStringBuilder builder = Builder(provider, "Data Source=a.db;Pooling=False");
        Assert.True(builder.Remove("Pooling"));
        Assert.Equal(true, builder["Pooling"]);
        builder.Clear();
        Assert.Equal(string.Empty, builder.ConnectionString);
        Assert.Equal(string.Empty, builder["Data Source"]);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_connection_takes_the_builders_string(Provider provider, bool async)
    {
        DbConnectionStringBuilder builder = Builder(provider, ConnectionString(provider));
        builder["Foreign Keys"] = true;
        await using DbConnection connection = Factory(provider).CreateConnection()!;
        connection.ConnectionString = builder.ConnectionString;
        await Api.Open(connection, async);
        using DbCommand command = Command(connection, "PRAGMA foreign_keys");
        Assert.Equal(1L, await Api.Scalar(command, async));
    }
}
