using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data;

/// <summary>SharpCoreDBDataAdapter and SharpCoreDBCommandBuilder: a DataSet filled, edited and written back.</summary>
public sealed class DataAdapterTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public DataAdapterTests()
    {
        _connection.Open();
        ConnectionTests.Execute(_connection, "CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, born DATETIME, score REAL)");
        ConnectionTests.Execute(_connection, "INSERT INTO people VALUES (1, 'Ada', '1815-12-10 00:00:00', 9.5), (2, 'Alan', NULL, 8), (3, 'Grace', NULL, NULL)");
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void Factory_creates_adapters_and_command_builders()
    {
        DbProviderFactory factory = SharpCoreDBFactory.Instance;
        Assert.True(factory.CanCreateDataAdapter);
        Assert.True(factory.CanCreateCommandBuilder);
        Assert.IsType<SharpCoreDBDataAdapter>(factory.CreateDataAdapter());
        Assert.IsType<SharpCoreDBCommandBuilder>(factory.CreateCommandBuilder());
    }

    [Fact]
    public void Fill_and_Update_round_trip_inserts_updates_and_deletes()
    {
        using var adapter = new SharpCoreDBDataAdapter("SELECT id, name, born, score FROM people", _connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        var set = new DataSet();
        adapter.MissingSchemaAction = MissingSchemaAction.AddWithKey;
        Assert.Equal(3, adapter.Fill(set, "people"));
        DataTable people = set.Tables["people"]!;
        Assert.Equal("id", Assert.Single(people.PrimaryKey).ColumnName);

        people.Rows.Find(2L)!["name"] = "Alan Turing";
        people.Rows.Find(2L)!["score"] = 10.0;
        people.Rows.Find(3L)!.Delete();
        people.Rows.Add(4L, "Edsger", new DateTime(1930, 5, 11), DBNull.Value);
        Assert.Equal(3, adapter.Update(set, "people"));

        var reloaded = new DataTable();
        using (var again = new SharpCoreDBDataAdapter("SELECT id, name, born, score FROM people ORDER BY id", _connection))
        {
            again.Fill(reloaded);
        }

        Assert.Equal([1L, 2L, 4L], [.. reloaded.Rows.Cast<DataRow>().Select(r => (long)r["id"])]);
        Assert.Equal("Alan Turing", reloaded.Rows[1]["name"]);
        Assert.Equal(10.0, reloaded.Rows[1]["score"]);
        Assert.Equal(new DateTime(1930, 5, 11), reloaded.Rows[2]["born"]);
        Assert.Equal(DBNull.Value, reloaded.Rows[2]["score"]);
    }

    [Fact]
    public void Update_of_a_row_changed_since_the_fill_throws_a_concurrency_exception()
    {
        using var adapter = new SharpCoreDBDataAdapter("SELECT id, name, score FROM people", _connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        var people = new DataTable();
        adapter.Fill(people);
        ConnectionTests.Execute(_connection, "UPDATE people SET score = 1 WHERE id = 1");

        people.Rows[0]["name"] = "Augusta Ada";
        Assert.Throws<DBConcurrencyException>(() => adapter.Update(people));
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT name FROM people WHERE id = 1";
        Assert.Equal("Ada", command.ExecuteScalar());
    }

    [Fact]
    public void Update_with_a_null_original_value_matches_the_row()
    {
        using var adapter = new SharpCoreDBDataAdapter("SELECT id, name, born, score FROM people", _connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        var people = new DataTable();
        adapter.Fill(people);
        people.Rows[2]["score"] = 7.0;
        Assert.Equal(1, adapter.Update(people));
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT score FROM people WHERE id = 3";
        Assert.Equal(7.0, command.ExecuteScalar());
    }

    [Fact]
    public void Command_builder_quotes_identifiers_and_generates_parameterized_commands()
    {
        using var adapter = new SharpCoreDBDataAdapter("SELECT id, name FROM people", _connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        Assert.Equal("\"a\"\"b\"", builder.QuoteIdentifier("a\"b"));
        Assert.Equal("a\"b", builder.UnquoteIdentifier("\"a\"\"b\""));
        SharpCoreDBCommand update = builder.GetUpdateCommand();
        Assert.StartsWith("UPDATE \"people\" SET \"id\" = @p1, \"name\" = @p2 WHERE ((\"id\" = @p3)", update.CommandText, StringComparison.Ordinal);
        Assert.Equal(DbType.Int64, update.Parameters[0].DbType);
    }

    [Fact]
    public void Expression_columns_are_left_out_of_generated_writes()
    {
        using var adapter = new SharpCoreDBDataAdapter("SELECT id, name, score * 2 AS doubled FROM people", _connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        Assert.DoesNotContain("doubled", builder.GetUpdateCommand().CommandText, StringComparison.Ordinal);
        Assert.DoesNotContain("doubled", builder.GetInsertCommand().CommandText, StringComparison.Ordinal);
    }
}
