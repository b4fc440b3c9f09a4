using System.Data.Common;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Tests.Support;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A durable autocommit write by primary key (the CRUD benchmark's table: an indexed tag and a 100-byte blob) allocates
/// a small fixed amount per statement, on plain and on encrypted files: counted with the thread's allocated bytes over
/// many operations (counts, not time). A commit's new page versions used to take a fresh page buffer each until the
/// cache was full of dead versions (about 6.5 KB per delete, 14 KiB in the 100,000-row benchmark); now an unread
/// previous version's buffer takes the new one. The measured runs cross several log restarts (about 12 MB of frames
/// against the 4 MB threshold), after which every page used to be loaded from the file again into a new buffer (about
/// 2.0 KB per delete, 1.5 KB per update); now the cached versions become the file's copies. Each autocommit statement
/// made a new tree object (about 230 bytes) per tree it touched (1,197 bytes per delete, 897 per update here); now
/// a transaction hands its trees back for the next one (765 and 681 bytes; 748 and 677 with the log index sized from
/// the last generation).
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class DurableWriteAllocationTests
{
    private const int Rows = 3_000;
    private const int Measured = 1_000;

    private readonly ITestOutputHelper _output;

    public DurableWriteAllocationTests(ITestOutputHelper output) => _output = output;

    [Theory]
    [InlineData("")]
    [InlineData("Password=durable secret")]
    public void A_durable_delete_by_key_allocates_little(string extra)
    {
        using var temp = new TempDatabase();
        using var connection = Open(temp, extra);
        using DbCommand delete = Prepare(connection, "DELETE FROM kv WHERE id = @id", "@id");

        // Warm up: plans, pooled buffers and the JIT are in place before measuring.
        for (int i = 0; i < 200; i++)
        {
            delete.Parameters[0].Value = (long)(i * 7 % Rows);
            delete.ExecuteNonQuery();
        }

        DrainSharedPageBuffers();
        long before = GC.GetAllocatedBytesForCurrentThread();
        int deleted = 0;
        for (int i = 200; i < 200 + Measured; i++)
        {
            delete.Parameters[0].Value = (long)(i * 7 % Rows);
            deleted += delete.ExecuteNonQuery();
        }

        long perDelete = (GC.GetAllocatedBytesForCurrentThread() - before) / Measured;
        _output.WriteLine($"{perDelete} bytes per delete");
        Assert.Equal(Measured, deleted);
        Assert.True(perDelete < 1_000, $"a durable delete by key allocated {perDelete} bytes");
    }

    [Theory]
    [InlineData("")]
    [InlineData("Password=durable secret")]
    public void A_durable_update_by_key_allocates_little(string extra)
    {
        using var temp = new TempDatabase();
        using var connection = Open(temp, extra);
        using DbCommand update = Prepare(connection, "UPDATE kv SET value = @value WHERE id = @id", "@value", "@id");
        byte[] value = new byte[100];

        for (int i = 0; i < 200; i++)
        {
            value[0] = (byte)i;
            update.Parameters[0].Value = value;
            update.Parameters[1].Value = (long)(i * 7 % Rows);
            update.ExecuteNonQuery();
        }

        DrainSharedPageBuffers();
        long before = GC.GetAllocatedBytesForCurrentThread();
        int updated = 0;
        for (int i = 0; i < Measured; i++)
        {
            value[0] = (byte)i;
            update.Parameters[0].Value = value;
            update.Parameters[1].Value = (long)(i * 7 % Rows);
            updated += update.ExecuteNonQuery();
        }

        long perUpdate = (GC.GetAllocatedBytesForCurrentThread() - before) / Measured;
        _output.WriteLine($"{perUpdate} bytes per update");
        Assert.Equal(Measured, updated);
        Assert.True(perUpdate < 800, $"a durable update by key allocated {perUpdate} bytes");
    }

    // Buffers that closed databases gave back would hide a cache that takes a new buffer per committed page: empty
    // the shared pool first, so the count does not depend on which tests ran before.
    private static void DrainSharedPageBuffers()
    {
        PageBufferPool pool = PageBufferPool.Shared;
        long reused;
        do
        {
            reused = pool.Reused;
            pool.Rent(SharpCoreDBConnectionStringBuilder.DefaultPageSize);
        }
        while (pool.Reused != reused);
    }

    private static SharpCoreDBConnection Open(TempDatabase temp, string extra)
    {
        var connection = new SharpCoreDBConnection(temp.ConnectionString(extra));
        connection.Open();
        Execute(connection, "CREATE TABLE kv (id INTEGER PRIMARY KEY, tag INTEGER NOT NULL, score INTEGER NOT NULL, value BLOB NOT NULL)");
        Execute(connection, "CREATE INDEX kv_tag ON kv (tag)");
        Execute(connection, $"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {Rows - 1}) "
            + "INSERT INTO kv SELECT i, i % 1000, i % 100, zeroblob(100) FROM n");
        return connection;
    }

    private static DbCommand Prepare(SharpCoreDBConnection connection, string sql, params string[] names)
    {
        DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        foreach (string name in names)
        {
            DbParameter parameter = command.CreateParameter();
            parameter.ParameterName = name;
            command.Parameters.Add(parameter);
        }

        command.Prepare();
        return command;
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
