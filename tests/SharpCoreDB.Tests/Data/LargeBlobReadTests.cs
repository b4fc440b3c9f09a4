using System.Data.Common;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Reading a large BLOB costs one copy, the caller's array (as Microsoft.Data.Sqlite, which copies from SQLite's page
/// memory): the engine lends the row's bytes from its record buffer instead of decoding them into an array of its own.
/// Every read still returns an array the caller may change without changing other reads or the database.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class LargeBlobReadTests
{
    private const int Size = 1 << 20;

    [Fact]
    public void Reading_a_1_MiB_blob_by_id_allocates_one_copy_of_it()
    {
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp, Pattern(Size, seed: 22));
        using DbCommand read = connection.CreateCommand();
        read.CommandText = "SELECT value FROM kv WHERE id=@id";
        DbParameter id = read.CreateParameter();
        id.ParameterName = "@id";
        id.Value = 1L;
        read.Parameters.Add(id);
        read.Prepare();

        // Warm-up: plans, buffers and pages are allocated once, not per read.
        for (int i = 0; i < 3; i++)
        {
            Assert.Equal(Size, ReadValue(read).Length);
        }

        const int reads = 8;
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < reads; i++)
        {
            Assert.Equal(Size, ReadValue(read).Length);
        }

        long perRead = (GC.GetAllocatedBytesForCurrentThread() - before) / reads;
        Assert.True(perRead <= Size * 11L / 10, $"A read of a {Size}-byte BLOB allocated {perRead} bytes.");
    }

    [Fact]
    public void A_row_id_range_of_1_KiB_blobs_allocates_one_copy_of_each()
    {
        const int value = 1024;
        const int rows = 200;
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp, Pattern(value, seed: 1));
        using (DbCommand insert = connection.CreateCommand())
        {
            insert.CommandText = "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 200) INSERT INTO kv (id, value) SELECT i, randomblob(1024) FROM n";
            insert.ExecuteNonQuery();
        }

        using DbCommand range = connection.CreateCommand();
        range.CommandText = "SELECT id, value FROM kv WHERE id >= @first AND id < @end";
        DbParameter first = range.CreateParameter();
        first.ParameterName = "@first";
        first.Value = 1L;
        range.Parameters.Add(first);
        DbParameter end = range.CreateParameter();
        end.ParameterName = "@end";
        end.Value = rows + 1L;
        range.Parameters.Add(end);
        range.Prepare();

        // Warm-up: plans, buffers and pages are allocated once, not per scan.
        Assert.Equal(rows, ScanValues(range, value));
        long before = GC.GetAllocatedBytesForCurrentThread();
        const int scans = 4;
        for (int i = 0; i < scans; i++)
        {
            Assert.Equal(rows, ScanValues(range, value));
        }

        long perRow = (GC.GetAllocatedBytesForCurrentThread() - before) / (scans * rows);
        Assert.True(perRow < value * 3 / 2, $"A range scan allocated {perRow} bytes per row of a {value}-byte BLOB.");
    }

    [Fact]
    public void Changing_a_returned_blob_changes_no_other_read_of_it()
    {
        byte[] original = Pattern(200_000, seed: 7);
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp, original);
        using DbCommand read = connection.CreateCommand();
        read.CommandText = "SELECT value, length(value), value FROM kv WHERE id=1";
        using (DbDataReader reader = read.ExecuteReader())
        {
            Assert.True(reader.Read());
            var typed = reader.GetFieldValue<byte[]>(0);
            Assert.Equal(original, typed);
            typed[0] ^= 0xFF;
            var boxed = (byte[])reader.GetValue(0);
            Assert.Equal(original, boxed);
            boxed[1] ^= 0xFF;
            Assert.Equal(original, (byte[])reader.GetValue(0));
            Assert.Equal(original, reader.GetFieldValue<byte[]>(0));
            Assert.Equal(original, reader.GetFieldValue<byte[]>(2));
            Assert.Equal(original.Length, reader.GetInt64(1));

            using var copy = new MemoryStream();
            reader.GetStream(0).CopyTo(copy);
            Assert.Equal(original, copy.ToArray());

            var chunk = new byte[original.Length];
            Assert.Equal(original.Length, reader.GetBytes(0, 0, chunk, 0, chunk.Length));
            Assert.Equal(original, chunk);
            Assert.False(reader.Read());
        }

        // Nor the database.
        Assert.Equal(original, (byte[])read.ExecuteScalar()!);
    }

    [Fact]
    public void A_scan_of_large_blobs_returns_each_rows_own_bytes()
    {
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp, Pattern(100_000, seed: 1));
        byte[][] expected = [Pattern(100_000, seed: 1), Pattern(150_000, seed: 2), Pattern(90_000, seed: 3)];
        using (DbCommand insert = connection.CreateCommand())
        {
            insert.CommandText = "INSERT INTO kv (id, value) VALUES (2, @a), (3, @b)";
            AddBlob(insert, "@a", expected[1]);
            AddBlob(insert, "@b", expected[2]);
            insert.ExecuteNonQuery();
        }

        using DbCommand read = connection.CreateCommand();
        read.CommandText = "SELECT value FROM kv WHERE length(value) > 1000";
        var kept = new List<object>();
        using (DbDataReader reader = read.ExecuteReader())
        {
            while (reader.Read())
            {
                kept.Add(reader.GetValue(0));
            }
        }

        Assert.Equal(expected, kept.Cast<byte[]>());
    }

    private static int ScanValues(DbCommand range, int length)
    {
        using DbDataReader reader = range.ExecuteReader();
        int rows = 0;
        while (reader.Read())
        {
            Assert.Equal(length, reader.GetFieldValue<byte[]>(1).Length);
            rows++;
        }

        return rows;
    }

    private static byte[] ReadValue(DbCommand read)
    {
        using DbDataReader reader = read.ExecuteReader();
        Assert.True(reader.Read());
        return reader.GetFieldValue<byte[]>(0);
    }

    private static SharpCoreDBConnection Open(TempDatabase temp, byte[] value)
    {
        var connection = new SharpCoreDBConnection(temp.ConnectionString());
        connection.Open();
        using DbCommand create = connection.CreateCommand();
        create.CommandText = "CREATE TABLE kv (id INTEGER PRIMARY KEY, value BLOB NOT NULL)";
        create.ExecuteNonQuery();
        create.CommandText = "INSERT INTO kv (id, value) VALUES (1, @v)";
        AddBlob(create, "@v", value);
        create.ExecuteNonQuery();
        return connection;
    }

    private static void AddBlob(DbCommand command, string name, byte[] value)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
    }

    private static byte[] Pattern(int size, int seed)
    {
        var bytes = new byte[size];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}
