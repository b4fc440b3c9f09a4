using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// RETURNING after INSERT, UPDATE and DELETE against SQLite: the rows as stored (defaults, affinity and new row ids
/// filled in), the deleted rows for DELETE, the updated row for an upsert's DO UPDATE, and through the provider.
/// </summary>
public sealed class ReturningTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT UNIQUE, score REAL DEFAULT 1.5, note TEXT DEFAULT 'n'); " +
        "INSERT INTO t(name, score) VALUES ('a', 10), ('b', 20), ('c', 30); " +
        "CREATE TABLE log(what TEXT); " +
        "CREATE TRIGGER t_up AFTER UPDATE ON t BEGIN INSERT INTO log VALUES (old.name || '>' || new.score); END";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("INSERT INTO t(name) VALUES ('d') RETURNING *")]
    [InlineData("INSERT INTO t(name, score) VALUES ('d', '7'), ('e', 8) RETURNING id, name, score * 2 AS twice, typeof(score)")]
    [InlineData("INSERT INTO t AS x(name) VALUES ('d') RETURNING x.id, rowid, note")]
    [InlineData("INSERT INTO t AS x(name) VALUES ('d') RETURNING t.id, rowid, note")]
    [InlineData("UPDATE t AS y SET score = 2 WHERE y.id = 2 RETURNING y.score")]
    [InlineData("INSERT INTO t(name) SELECT name || '2' FROM t WHERE score > 15 RETURNING name, id")]
    [InlineData("INSERT OR IGNORE INTO t(name) VALUES ('a'), ('z') RETURNING name")]
    [InlineData("INSERT INTO t(name, score) VALUES ('a', 99), ('q', 5) ON CONFLICT(name) DO UPDATE SET score = score + excluded.score RETURNING id, name, score")]
    [InlineData("INSERT INTO t(name) VALUES ('a') ON CONFLICT DO NOTHING RETURNING id")]
    [InlineData("UPDATE t SET score = score RETURNING name, (SELECT count(*) FROM t)")]
    [InlineData("INSERT INTO t(name) VALUES ('r') RETURNING name, (SELECT count(*) FROM log)")]
    [InlineData("UPDATE t SET score = score + 1 WHERE score > 10 RETURNING name, score")]
    [InlineData("UPDATE t SET name = upper(name) RETURNING *")]
    [InlineData("UPDATE t SET score = 0 WHERE 0 RETURNING *")]
    [InlineData("DELETE FROM t WHERE score >= 20 RETURNING id, name, score")]
    [InlineData("DELETE FROM t RETURNING name || '!' AS gone")]
    [InlineData("WITH big AS (SELECT id FROM t WHERE score > 15) DELETE FROM t WHERE id IN big RETURNING id")]
    public void Returned_rows_and_the_change_match_sqlite(string sql)
    {
        _both.AssertSame(sql);
        foreach (string query in (string[])["SELECT * FROM t ORDER BY id", "SELECT * FROM log ORDER BY rowid", "SELECT changes(), last_insert_rowid()"])
        {
            _both.AssertSame(query);
        }
    }

    [Fact]
    public async Task Returning_inside_a_transaction_and_asynchronously()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        await connection.OpenAsync();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE n(id INTEGER PRIMARY KEY, v INT)";
        await command.ExecuteNonQueryAsync();
        using (SharpCoreDBTransaction transaction = connection.BeginTransaction())
        {
            command.Transaction = transaction;
            command.CommandText = "INSERT INTO n(v) VALUES (10), (20) RETURNING id * 100 + v";
            var values = new List<long>();
            using (SharpCoreDBDataReader reader = command.ExecuteReader())
            {
                while (reader.Read())
                {
                    values.Add(reader.GetInt64(0));
                }
            }

            Assert.Equal([110L, 220L], values);
            command.CommandText = "UPDATE n SET v = v + 1 WHERE id = 2 RETURNING v";
            Assert.Equal(21L, await command.ExecuteScalarAsync());
            transaction.Rollback();
        }

        command.Transaction = null;
        command.CommandText = "INSERT INTO n(v) VALUES (7) RETURNING id";
        Assert.Equal(1L, await command.ExecuteScalarAsync());
        command.CommandText = "DELETE FROM n RETURNING v";
        Assert.Equal(7L, await command.ExecuteScalarAsync());
    }

    [Theory]
    [InlineData("INSERT INTO t(name) VALUES ('d') RETURNING count(*)", "aggregate functions are not allowed in RETURNING")]
    [InlineData("INSERT INTO t(name) VALUES ('d') RETURNING nosuch", "no such column: nosuch")]
    [InlineData("CREATE TRIGGER bad AFTER INSERT ON log BEGIN DELETE FROM t RETURNING id; END", "RETURNING is not allowed in a trigger")]
    public void Refused_forms_are_errors(string sql, string message)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Execute(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(["3"], _both.Engine.Query("SELECT count(*) FROM t"));
    }

    [Fact]
    public void Returning_through_the_provider_gives_generated_keys_and_still_counts_rows()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL, created TEXT DEFAULT 'now')";
        command.ExecuteNonQuery();

        command.CommandText = "INSERT INTO items(name) VALUES (@name) RETURNING id";
        command.Parameters.AddWithValue("@name", "first");
        Assert.Equal(1L, command.ExecuteScalar());
        Assert.Equal(1, command.ExecuteNonQuery());

        command.CommandText = "INSERT INTO items(name) VALUES ('x'), ('y') RETURNING id, name, created";
        command.Parameters.Clear();
        using (SharpCoreDBDataReader reader = command.ExecuteReader())
        {
            Assert.Equal(3, reader.FieldCount);
            Assert.Equal("created", reader.GetName(2));
            Assert.True(reader.Read());
            Assert.Equal(3L, reader.GetInt64(0));
            Assert.Equal("x", reader.GetString(1));
            Assert.True(reader.Read());
            Assert.Equal(4L, reader.GetInt64(0));
            Assert.False(reader.Read());
        }

        command.CommandText = "DELETE FROM items WHERE id > 2 RETURNING id";
        using (SharpCoreDBDataReader reader = command.ExecuteReader())
        {
            var deleted = new List<long>();
            while (reader.Read())
            {
                deleted.Add(reader.GetInt64(0));
            }

            reader.Close();
            Assert.Equal([3L, 4L], deleted);
            Assert.Equal(2, reader.RecordsAffected);
        }

        command.CommandText = "SELECT count(*) FROM items";
        Assert.Equal(2L, command.ExecuteScalar());
    }
}
