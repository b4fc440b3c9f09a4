using System.Data;

namespace SharpCoreDB.Tests.Data;

public sealed class DataReaderTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public DataReaderTests()
    {
        _connection.Open();
        ConnectionTests.Execute(
            _connection,
            "CREATE TABLE typed(id INTEGER PRIMARY KEY, flag BOOLEAN, at DATETIME, uid GUID, price DECIMAL(10,2), " +
            "ratio REAL, label VARCHAR(20), data BLOB)");
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void Typed_getters_return_the_declared_clr_types()
    {
        var at = new DateTime(2024, 2, 29, 13, 45, 10, DateTimeKind.Utc);
        var uid = Guid.NewGuid();
        using (var insert = _connection.CreateCommand())
        {
            insert.CommandText = "INSERT INTO typed VALUES (1, @flag, @at, @uid, @price, @ratio, @label, @data)";
            insert.Parameters.AddWithValue("@flag", true);
            insert.Parameters.AddWithValue("@at", at);
            insert.Parameters.AddWithValue("@uid", uid);
            insert.Parameters.AddWithValue("@price", 12.34m);
            insert.Parameters.AddWithValue("@ratio", 0.25);
            insert.Parameters.AddWithValue("@label", "hello");
            insert.Parameters.AddWithValue("@data", new byte[] { 1, 2, 3 });
            insert.ExecuteNonQuery();
        }

        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT id, flag, at, uid, price, ratio, label, data FROM typed";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());

        Assert.Equal(typeof(long), reader.GetFieldType(0));
        Assert.Equal(typeof(bool), reader.GetFieldType(1));
        Assert.Equal(typeof(DateTime), reader.GetFieldType(2));
        Assert.Equal(typeof(Guid), reader.GetFieldType(3));
        Assert.Equal(typeof(decimal), reader.GetFieldType(4));
        Assert.Equal(typeof(double), reader.GetFieldType(5));
        Assert.Equal(typeof(string), reader.GetFieldType(6));
        Assert.Equal(typeof(byte[]), reader.GetFieldType(7));

        Assert.Equal(1L, reader.GetValue(0));
        Assert.True(reader.GetBoolean(1));
        Assert.Equal(true, reader.GetValue(1));
        Assert.Equal(at, reader.GetDateTime(2));
        Assert.Equal(uid, reader.GetGuid(3));
        Assert.Equal(uid, reader.GetValue(3));
        Assert.Equal(12.34m, reader.GetDecimal(4));
        Assert.Equal(0.25, reader.GetDouble(5));
        Assert.Equal("hello", reader.GetFieldValue<string>(6));
        Assert.Equal(new byte[] { 1, 2, 3 }, reader.GetFieldValue<byte[]>(7));
        Assert.Equal("VARCHAR", reader.GetDataTypeName(6));
        Assert.Equal(1, reader.GetInt32(0));
    }

    [Fact]
    public void Nulls_read_as_DBNull_and_nullable_types()
    {
        ConnectionTests.Execute(_connection, "INSERT INTO typed(id) VALUES (1)");
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT flag, ratio FROM typed";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());

        Assert.True(reader.IsDBNull(0));
        Assert.Equal(DBNull.Value, reader.GetValue(0));
        Assert.Null(reader.GetFieldValue<bool?>(0));
        Assert.Null(reader.GetFieldValue<double?>(1));
        Assert.Throws<InvalidCastException>(() => reader.GetDouble(1));
    }

    [Fact]
    public void GetOrdinal_prefers_exact_case_then_ignores_case()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 1 AS Value, 2 AS value, 3 AS Other";
        using var reader = command.ExecuteReader();

        Assert.Equal(0, reader.GetOrdinal("Value"));
        Assert.Equal(1, reader.GetOrdinal("value"));
        Assert.Equal(2, reader.GetOrdinal("OTHER"));
        Assert.Throws<IndexOutOfRangeException>(() => reader.GetOrdinal("missing"));
    }

    [Fact]
    public void HasRows_peeks_without_losing_the_first_row()
    {
        ConnectionTests.Execute(_connection, "INSERT INTO typed(id, label) VALUES (1, 'first'), (2, 'second')");
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT label FROM typed ORDER BY id";
        using var reader = command.ExecuteReader();

        Assert.True(reader.HasRows);
        Assert.True(reader.Read());
        Assert.Equal("first", reader.GetString(0));
        Assert.True(reader.Read());
        Assert.Equal("second", reader.GetString(0));
        Assert.False(reader.Read());
    }

    [Fact]
    public void GetBytes_streams_a_blob_in_chunks()
    {
        var blob = Enumerable.Range(0, 1000).Select(i => (byte)i).ToArray();
        using (var insert = _connection.CreateCommand())
        {
            insert.CommandText = "INSERT INTO typed(id, data) VALUES (1, @d)";
            insert.Parameters.AddWithValue("@d", blob);
            insert.ExecuteNonQuery();
        }

        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT data FROM typed";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(1000, reader.GetBytes(0, 0, null, 0, 0));
        var copy = new byte[1000];
        long offset = 0;
        var chunk = new byte[300];
        long read;
        while ((read = reader.GetBytes(0, offset, chunk, 0, chunk.Length)) > 0)
        {
            Array.Copy(chunk, 0, copy, offset, read);
            offset += read;
        }

        Assert.Equal(blob, copy);
    }

    [Theory]
    [InlineData("SELECT 123")]
    [InlineData("SELECT -4.5")]
    [InlineData("SELECT 1e300")]
    public void Get_bytes_of_a_number_gives_its_text_as_microsoft_data_sqlite_does(string sql)
    {
        using var sqlite = new Microsoft.Data.Sqlite.SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var theirs = sqlite.CreateCommand();
        theirs.CommandText = sql;
        using var theirReader = theirs.ExecuteReader();
        Assert.True(theirReader.Read());
        var expected = new byte[(int)theirReader.GetBytes(0, 0, null, 0, 0)];
        theirReader.GetBytes(0, 0, expected, 0, expected.Length);

        using var ours = _connection.CreateCommand();
        ours.CommandText = sql;
        using var reader = ours.ExecuteReader();
        Assert.True(reader.Read());
        var actual = new byte[(int)reader.GetBytes(0, 0, null, 0, 0)];
        reader.GetBytes(0, 0, actual, 0, actual.Length);
        Assert.Equal(System.Text.Encoding.UTF8.GetString(expected), System.Text.Encoding.UTF8.GetString(actual));
    }

    [Fact]
    public void Schema_table_lists_columns_in_order()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT id, label FROM typed";
        using var reader = command.ExecuteReader();

        var schema = reader.GetSchemaTable();

        Assert.Equal(2, schema.Rows.Count);
        Assert.Equal("id", schema.Rows[0][System.Data.Common.SchemaTableColumn.ColumnName]);
        Assert.Equal(typeof(string), schema.Rows[1][System.Data.Common.SchemaTableColumn.DataType]);
    }

    [Fact]
    public void CloseConnection_behaviour_closes_the_connection_with_the_reader()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT 1";

        using (var reader = command.ExecuteReader(CommandBehavior.CloseConnection))
        {
            Assert.True(reader.Read());
        }

        Assert.Equal(ConnectionState.Closed, connection.State);
    }

    [Fact]
    public void Reading_after_close_throws()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT 1";
        var reader = command.ExecuteReader();
        reader.Close();

        Assert.True(reader.IsClosed);
        Assert.Throws<InvalidOperationException>(() => reader.Read());
    }
}
