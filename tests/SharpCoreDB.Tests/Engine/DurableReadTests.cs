using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// No statement returns rows of a commit that is not durable yet (Legacy, FullSync): a write transaction that begins
/// while another commit is still being synced builds on it, and its reads must wait for that sync before they return.
/// </summary>
public sealed class DurableReadTests
{
    // Each query's rows number the rows of t it saw: one per row of t.
    public static TheoryData<DurabilityMode, string, bool> Cases => new()
    {
        { DurabilityMode.Legacy, "SELECT x FROM t", false },
        { DurabilityMode.FullSync, "SELECT x FROM t", false },
        { DurabilityMode.FullSync, "SELECT x FROM t", true },
        { DurabilityMode.FullSync, "UPDATE t SET x = x RETURNING x", false },
        { DurabilityMode.FullSync, "UPDATE t SET x = x RETURNING x", true },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Statement_in_a_write_transaction_returns_rows_of_a_commit_only_once_it_is_durable(DurabilityMode mode, string query, bool useAsync)
    {
        var wal = new HeldSyncDevice(new MemoryStorageDevice("held.scdb-wal"));
        WalPageStore store = WalPageStore.Open(new MemoryStorageDevice("held.scdb"), wal, new WalStoreOptions { Durability = new DurabilityOptions { Mode = mode } });
        Database database = Database.OnStore(new DatabaseOptions { DataSource = "held.scdb", Durability = mode, BusyTimeout = TimeSpan.FromSeconds(30) }, store);
        try
        {
            using Session writer = database.CreateSession();
            using Session reader = database.CreateSession();
            await Run(writer, "CREATE TABLE t(x); INSERT INTO t VALUES (1)", useAsync: false);

            // The next commit's sync is held at the device: the row it inserts is queued, not durable.
            wal.Hold();
            Task insert = Task.Run(() => Run(writer, "INSERT INTO t VALUES (2)", useAsync: false));
            wal.WaitUntilAFlushIsHeld();
            ulong durableBefore = store.DurableSequence;

            Task<(long Count, ulong DurableAtReturn)> read = Task.Run(async () =>
            {
                await Run(reader, "BEGIN", useAsync).ConfigureAwait(false);
                using QueryResult result = useAsync
                    ? await reader.Prepare(query).ExecuteAsync(reader, []).ConfigureAwait(false)
                    : reader.Prepare(query).Execute(reader, []);
                Assert.True(result.Read());
                ulong durable = store.DurableSequence;
                long count = 1;
                while (result.Read())
                {
                    count++;
                }

                result.Dispose();
                await Run(reader, "ROLLBACK", useAsync).ConfigureAwait(false);
                return (count, durable);
            });

            // Give the statement every chance to return while the insert is not durable (it must not); nothing here
            // depends on how long that takes, only the order of the two events checked below.
            await Task.WhenAny(read, Task.Delay(TimeSpan.FromMilliseconds(300)));
            wal.Release();
            await insert.WaitAsync(TimeSpan.FromSeconds(30));
            (long count, ulong durableAtReturn) = await read.WaitAsync(TimeSpan.FromSeconds(30));
            Assert.True(
                count == 1 || durableAtReturn > durableBefore,
                $"{mode}: the statement returned {count} rows while the insert of row 2 was not durable (durable sequence {durableAtReturn})");
        }
        finally
        {
            wal.Release();
            database.Release();
        }
    }

    private static async Task Run(Session session, string sql, bool useAsync)
    {
        using QueryResult result = useAsync
            ? await session.Prepare(sql).ExecuteAsync(session, []).ConfigureAwait(false)
            : session.Prepare(sql).Execute(session, []);
        while (result.NextResult())
        {
        }
    }
}
