using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Data.PoolConnections;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A connection string remembers the database its last open found (so a pooled open skips the lookup by path): each
/// way that memory could be stale must send the open to the registry and its checks instead. Every test here opens
/// from one string instance, the case the memory serves. Files deleted or replaced under a remembered database are
/// covered by <see cref="PoolFileIdentityTests"/>, which also reopens from one string instance.
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PoolHintTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_remembered_database_closed_by_ClearPool_or_ClearAllPools_is_not_handed_out(bool all)
    {
        using var temp = new TempDatabase();
        string connectionString = temp.ConnectionString();
        global::SharpCoreDB.Engine.Database first;
        using (var connection = Open(connectionString))
        {
            Execute(connection, "CREATE TABLE t(x); INSERT INTO t VALUES (7)");
            first = connection.EngineDatabase!;
        }

        if (all)
        {
            SharpCoreDBConnection.ClearAllPools();
        }
        else
        {
            using var clearing = new SharpCoreDBConnection(connectionString);
            SharpCoreDBConnection.ClearPool(clearing);
        }

        using (var connection = Open(connectionString))
        {
            Assert.NotSame(first, connection.EngineDatabase);
            Assert.Equal(7L, PoolConnections.Scalar(connection, "SELECT x FROM t"));
        }

        SharpCoreDBConnection.ClearAllPools();
    }

    [Fact]
    public void A_remembered_database_replaced_by_one_opened_with_other_settings_is_not_handed_out()
    {
        using var temp = new TempDatabase();
        string small = temp.ConnectionString("Cache Size=64");
        string large = temp.ConnectionString("Cache Size=128");
        global::SharpCoreDB.Engine.Database first;
        using (var connection = Open(small))
        {
            first = connection.EngineDatabase!;
        }

        // The idle instance does not suit the other settings: it closes and the file is opened afresh.
        using (var connection = Open(large))
        {
            Assert.NotSame(first, connection.EngineDatabase);
        }

        using (var connection = Open(small))
        {
            Assert.NotSame(first, connection.EngineDatabase);
            Assert.Equal(64, connection.EngineDatabase!.Options.CacheSize);
        }

        SharpCoreDBConnection.ClearAllPools();
    }

    [Fact]
    public void A_remembered_database_that_a_read_only_connection_joined_read_write_is_not_reused_read_only()
    {
        using var temp = new TempDatabase();
        string readWrite = temp.ConnectionString();
        string readOnly = temp.ConnectionString("Mode=ReadOnly");
        global::SharpCoreDB.Engine.Database shared;
        using (var writer = Open(readWrite))
        using (var reader = Open(readOnly))
        {
            // A read-only connection may join an instance opened read-write; the read-only string remembers it.
            shared = reader.EngineDatabase!;
            Assert.Same(writer.EngineDatabase, shared);
        }

        // Idle now: a pooled open with the read-only string must get a read-only instance, as without the memory.
        using (var reader = Open(readOnly))
        {
            Assert.NotSame(shared, reader.EngineDatabase);
            Assert.True(reader.EngineDatabase!.IsReadOnly);
        }

        SharpCoreDBConnection.ClearAllPools();
    }

    [Fact]
    public void A_relative_path_opens_the_file_it_names_now_after_the_current_directory_changed()
    {
        using var temp = new TempDatabase();
        string first = Path.Combine(temp.Folder, "first");
        string second = Path.Combine(temp.Folder, "second");
        Directory.CreateDirectory(first);
        Directory.CreateDirectory(second);
        string connectionString = "Data Source=relative.scdb";
        string previous = Environment.CurrentDirectory;
        try
        {
            Environment.CurrentDirectory = first;
            using (var connection = Open(connectionString))
            {
                Execute(connection, "CREATE TABLE here(x)");
            }

            Environment.CurrentDirectory = second;
            using (var connection = Open(connectionString))
            {
                Assert.Equal(0L, PoolConnections.Scalar(connection, "SELECT count(*) FROM sqlite_master"));
            }
        }
        finally
        {
            Environment.CurrentDirectory = previous;
            SharpCoreDBConnection.ClearAllPools();
        }
    }
}
