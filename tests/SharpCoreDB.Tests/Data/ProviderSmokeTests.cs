using Dapper;

namespace SharpCoreDB.Tests.Data;

public sealed class ProviderSmokeTests
{
    [Fact]
    public void Create_insert_select_round_trip_in_memory()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var create = connection.CreateCommand();
        create.CommandText = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL)";
        create.ExecuteNonQuery();

        using var insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO t(name, score) VALUES (@name, @score)";
        insert.Parameters.AddWithValue("@name", "alice");
        insert.Parameters.AddWithValue("@score", 1.5);
        Assert.Equal(1, insert.ExecuteNonQuery());

        using var select = connection.CreateCommand();
        select.CommandText = "SELECT id, name, score FROM t";
        using var reader = select.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(1L, reader.GetInt64(0));
        Assert.Equal("alice", reader.GetString(1));
        Assert.Equal(1.5, reader.GetDouble(2));
        Assert.False(reader.Read());
    }

    [Fact]
    public void Dapper_round_trip()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        connection.Execute("CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER)");
        connection.Execute("INSERT INTO people(name, age) VALUES (@Name, @Age)", new[] { new { Name = "a", Age = 30 }, new { Name = "b", Age = 40 } });

        var rows = connection.Query<Person>("SELECT id AS Id, name AS Name, age AS Age FROM people WHERE age > @min ORDER BY id", new { min = 35 }).ToList();

        var only = Assert.Single(rows);
        Assert.Equal("b", only.Name);
        Assert.Equal(40, only.Age);
    }

    private sealed class Person
    {
        public long Id { get; set; }
        public string Name { get; set; } = "";
        public int Age { get; set; }
    }
}
