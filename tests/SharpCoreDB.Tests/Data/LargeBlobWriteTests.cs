using System.Data.Common;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Overwriting a large BLOB costs no copy of it on the heap (Microsoft.Data.Sqlite allocates a few hundred bytes per
/// update): the UPDATE finds the row without decoding its columns and reads the old row only as far as the columns it
/// keeps, so the old value is neither decoded nor read, and the new one goes from the caller's array into the record
/// buffer and the pages.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class LargeBlobWriteTests
{
    private const int Size = 1 << 20;

    [Theory]
    [InlineData("")]
    [InlineData("Encryption Key=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")]
    public void Updating_a_1_MiB_blob_by_id_allocates_no_copy_of_a_value(string options)
    {
        using var temp = new TempDatabase();
        using var connection = new SharpCoreDBConnection(temp.ConnectionString(options));
        connection.Open();
        Execute(connection, "CREATE TABLE kv (id INTEGER PRIMARY KEY, tag INTEGER NOT NULL, score INTEGER NOT NULL, value BLOB NOT NULL)");
        Execute(connection, "CREATE UNIQUE INDEX kv_tag ON kv (tag)");
        byte[] value = new byte[Size];
        new Random(22).NextBytes(value);
        using (DbCommand insert = connection.CreateCommand())
        {
            insert.CommandText = "INSERT INTO kv VALUES (1, 10, 5, @v), (2, 20, 6, @v)";
            Add(insert, "@v", value);
            insert.ExecuteNonQuery();
        }

        using DbCommand update = connection.CreateCommand();
        update.CommandText = "UPDATE kv SET value = @v WHERE id = @id";
        DbParameter blob = Add(update, "@v", value);
        DbParameter id = Add(update, "@id", 1L);
        update.Prepare();

        // Warm-up: the plan, the record buffer and the pages are allocated once, not per update.
        long version = 0;
        for (int i = 0; i < 4; i++)
        {
            Overwrite(update, blob, id, value, ref version);
        }

        const int updates = 8;
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < updates; i++)
        {
            Overwrite(update, blob, id, value, ref version);
        }

        long perUpdate = (GC.GetAllocatedBytesForCurrentThread() - before) / updates;
        Assert.True(perUpdate < Size / 8, $"An update of a {Size}-byte BLOB allocated {perUpdate} bytes ({options}).");

        using DbCommand read = connection.CreateCommand();
        read.CommandText = "SELECT value FROM kv WHERE id = 1";
        Assert.Equal(value, (byte[])read.ExecuteScalar()!);
    }

    // A new version in every 256 bytes, so each update changes every page of the value.
    private static void Overwrite(DbCommand update, DbParameter blob, DbParameter id, byte[] value, ref long version)
    {
        version++;
        for (int offset = 0; offset < value.Length; offset += 256)
        {
            BitConverter.TryWriteBytes(value.AsSpan(offset), version);
        }

        blob.Value = value;
        id.Value = 1 + (version % 2);
        Assert.Equal(1, update.ExecuteNonQuery());
    }

    private static DbParameter Add(DbCommand command, string name, object value)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
        return parameter;
    }

    private static void Execute(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
