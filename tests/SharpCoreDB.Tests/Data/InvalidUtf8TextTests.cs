using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// TEXT that holds bytes that are not valid UTF-8 keeps them, as in SQLite: SQL sees the bytes (comparison, hex,
/// length, casts, indexes, storage across reopen), and the application gets U+FFFD as from Microsoft.Data.Sqlite.
/// </summary>
public sealed class InvalidUtf8TextTests
{
    private static readonly string[] s_expressions =
    [
        "CAST(x'ff' AS TEXT) = CAST(x'fe' AS TEXT)",
        "CAST(x'ff' AS TEXT) < CAST(x'fe' AS TEXT)",
        "CAST(x'ff' AS TEXT) > 'z'",
        "CAST(x'c3a9' AS TEXT) = 'é'",
        "CAST(x'c3' AS TEXT) || CAST(x'a9' AS TEXT) = 'é'",
        "hex(CAST(x'ff' AS TEXT))",
        "hex(CAST(x'61ff62' AS TEXT) || 'c')",
        "length(CAST(x'ff' AS TEXT))",
        "length(CAST(x'ff8080' AS TEXT))",
        "length(CAST(x'61c3' AS TEXT))",
        "length(CAST(x'80' AS TEXT))",
        "hex(CAST(CAST(x'fffe00' AS TEXT) AS BLOB))",
        "typeof(CAST(x'ff' AS TEXT))",
        "count(DISTINCT v) FROM (SELECT CAST(x'ff' AS TEXT) AS v UNION ALL SELECT CAST(x'fe' AS TEXT))",
        "hex(upper(CAST(x'61ff' AS TEXT)))",
        "hex(replace(CAST(x'61ff61' AS TEXT), 'a', 'b'))",
        "instr(CAST(x'61ff62' AS TEXT), 'b')",
    ];

    [Fact]
    public void Sql_sees_the_bytes_as_sqlite_does()
    {
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        using var ours = new SharpCoreDBConnection("Data Source=:memory:");
        ours.Open();
        foreach (string expression in s_expressions)
        {
            Assert.True(Equals(Scalar(sqlite, expression), Scalar(ours, expression)), $"{expression}: SQLite {Scalar(sqlite, expression)}, ours {Scalar(ours, expression)}");
        }
    }

    [Fact]
    public void Stored_invalid_text_keeps_its_bytes_in_rows_and_indexes_across_reopen()
    {
        using var folder = new TempDatabase();
        using (var connection = new SharpCoreDBConnection(folder.ConnectionString()))
        {
            connection.Open();
            Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            Execute(connection, "CREATE INDEX t_v ON t(v)");
            Execute(connection, "INSERT INTO t(v) VALUES (CAST(x'ff' AS TEXT)), (CAST(x'fe' AS TEXT)), (CAST(x'61ff' AS TEXT)), ('a')");
        }

        using (var connection = new SharpCoreDBConnection(folder.ConnectionString()))
        {
            connection.Open();
            Assert.Equal("61,61FF,FE,FF", Scalar(connection, "group_concat(h, ',') FROM (SELECT hex(v) AS h FROM t ORDER BY v)"));
            Assert.Equal(1L, Scalar(connection, "count(*) FROM t WHERE v = CAST(x'ff' AS TEXT)"));
            Assert.Equal(1L, Scalar(connection, "count(*) FROM t WHERE v > CAST(x'fe' AS TEXT)"));
            Assert.Equal(4L, Scalar(connection, "count(DISTINCT v) FROM t"));

            // The application gets well-formed strings, as Microsoft.Data.Sqlite gives them; the bytes stay readable.
            using var command = connection.CreateCommand();
            command.CommandText = "SELECT v FROM t WHERE id = 1";
            using var reader = command.ExecuteReader();
            Assert.True(reader.Read());
            Assert.Equal("\uFFFD", reader.GetString(0));
            Assert.Equal("\uFFFD", reader.GetValue(0));
            var bytes = new byte[4];
            Assert.Equal(1L, reader.GetBytes(0, 0, bytes, 0, bytes.Length));
            Assert.Equal(0xFF, bytes[0]);
        }
    }

    [Fact]
    public void A_string_parameter_with_unpaired_surrogates_is_stored_as_replacement_characters()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT hex(@a), hex(@b)";
        command.Parameters.AddWithValue("@a", "\uDCFF");
        command.Parameters.AddWithValue("@b", "x\uD800");
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal("EFBFBD", reader.GetString(0));
        Assert.Equal("78EFBFBD", reader.GetString(1));
    }

    private static object? Scalar(System.Data.Common.DbConnection connection, string expression)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT " + expression;
        object? value = command.ExecuteScalar();
        return value is DBNull ? null : value;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
