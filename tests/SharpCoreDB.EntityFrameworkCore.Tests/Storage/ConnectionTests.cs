using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Model;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Storage;

public sealed class ConnectionTests
{
    [Theory]
    [InlineData("", 1L)]
    [InlineData(";Foreign Keys=False", 0L)]
    [InlineData(";Foreign Keys=True", 1L)]
    public void Foreign_keys_are_on_unless_the_connection_string_says_otherwise(string keyword, long expected)
    {
        using var directory = Providers.NewDirectory();
        using var context = new NorthwindContext(Providers.Ours($"Data Source={directory.File("fk.scdb")}{keyword}"));
        Assert.Equal(expected, ForeignKeysPragma(context));
    }

    [Theory]
    [InlineData("", 1L)]
    [InlineData(";Foreign Keys=False", 0L)]
    public void A_connection_handed_to_UseSharpCoreDB_gets_foreign_keys_unless_it_names_them(string keyword, long expected)
    {
        using var directory = Providers.NewDirectory();
        using var connection = new SharpCoreDBConnection($"Data Source={directory.File("fk.scdb")}{keyword}");
        using var context = new NorthwindContext(new DbContextOptionsBuilder<NorthwindContext>().UseSharpCoreDB(connection).Options);
        Assert.Equal(expected, ForeignKeysPragma(context));
        Assert.Same(connection, context.Database.GetDbConnection());
    }

    [Fact]
    public void Connection_string_keywords_pass_through_to_the_connection()
    {
        using var directory = Providers.NewDirectory();
        string connectionString = $"Data Source={directory.File("k.scdb")};Durability=Async;Pooling=False;Cache Size=64";
        using var context = new NorthwindContext(Providers.Ours(connectionString));
        var connection = Assert.IsType<SharpCoreDBConnection>(context.Database.GetDbConnection());
        var settings = new SharpCoreDBConnectionStringBuilder(connection.ConnectionString);
        Assert.Equal(SharpCoreDB.Wal.DurabilityMode.Async, settings.Durability);
        Assert.False(settings.Pooling);
        Assert.Equal(64, settings.CacheSize);
    }

    private static long ForeignKeysPragma(NorthwindContext context)
    {
        context.Database.OpenConnection();
        try
        {
            using DbCommand command = context.Database.GetDbConnection().CreateCommand();
            command.CommandText = "PRAGMA foreign_keys";
            return Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
        }
        finally
        {
            context.Database.CloseConnection();
        }
    }
}
