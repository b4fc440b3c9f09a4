using System.Collections.Concurrent;
using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Data.PoolConnections;
using EngineDatabase = global::SharpCoreDB.Engine.Database;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// The last close of a pooled database moves its count without the registry lock: these tests race it against opens,
/// other closes, <c>ClearPool</c> and <c>ClearAllPools</c> on many threads, and check that no database closes while a
/// connection uses it and that a clear never leaves one open. Seeded; the seed is in every failure message.
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PoolConcurrencyTests
{
    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    /// <summary>
    /// A clear that lands after the last close decided to pool the database and before it gave up its reference (the
    /// window the lock-free close leaves) still closes it: the close sees the clear's flag after its count reached 0.
    /// </summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_clear_inside_the_last_close_still_closes_the_database(bool clearAll)
    {
        using var temp = new TempDatabase();
        string connectionString = temp.ConnectionString();
        Execute(connectionString, "CREATE TABLE t(x)");
        SharpCoreDBConnection.ClearAllPools();
        var connection = Open(connectionString);
        EngineDatabase database = connection.EngineDatabase!;
        int cleared = 0;
        EngineDatabase.BeforeReleaseCount = released =>
        {
            if (ReferenceEquals(released, database) && Interlocked.Exchange(ref cleared, 1) == 0)
            {
                if (clearAll)
                {
                    SharpCoreDBConnection.ClearAllPools();
                }
                else
                {
                    SharpCoreDBConnection.ClearPool(new SharpCoreDBConnection(connectionString));
                }

                // The clear found the database in use and left the close to its last connection.
                Assert.False(database.IsClosed);
            }
        };
        try
        {
            connection.Dispose();
        }
        finally
        {
            EngineDatabase.BeforeReleaseCount = null;
        }

        Assert.Equal(1, cleared);
        Assert.True(database.IsClosed, "the last close pooled a database a clear had flagged");
    }

    /// <summary>
    /// Each round opens one database from three connections, then closes all three on three threads while a fourth
    /// clears the pool, each after a seeded spin: whichever comes last, the clear wins, so the database must be closed
    /// when the round ends. A last close that read the clear flag before giving up its reference would pool it instead.
    /// </summary>
    [Fact]
    public void Last_close_racing_a_clear_never_leaves_the_database_open()
    {
        const int Closers = 3;
        int seed = Environment.TickCount;
        int rounds = s_stress ? 20_000 : 600;
        var random = new Random(seed);
        using var temp = new TempDatabase();
        string connectionString = temp.ConnectionString("Durability=Async");
        Execute(connectionString, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        SharpCoreDBConnection.ClearAllPools();

        var connections = new SharpCoreDBConnection?[Closers];
        var spins = new int[Closers + 1];
        bool clearAll = false;
        bool stop = false;
        var errors = new ConcurrentQueue<Exception>();
        using var start = new Barrier(Closers + 2);
        using var done = new Barrier(Closers + 2);
        var threads = new Thread[Closers + 1];
        for (int t = 0; t <= Closers; t++)
        {
            int index = t;
            threads[t] = new Thread(() =>
            {
                while (true)
                {
                    start.SignalAndWait();
                    if (Volatile.Read(ref stop))
                    {
                        return;
                    }

                    try
                    {
                        Thread.SpinWait(spins[index]);
                        if (index == Closers)
                        {
                            if (clearAll)
                            {
                                SharpCoreDBConnection.ClearAllPools();
                            }
                            else
                            {
                                SharpCoreDBConnection.ClearPool(connections[0]!);
                            }
                        }
                        else
                        {
                            connections[index]!.Dispose();
                        }
                    }
                    catch (Exception e)
                    {
                        errors.Enqueue(e);
                    }

                    done.SignalAndWait();
                }
            })
            { IsBackground = true };
            threads[t].Start();
        }

        try
        {
            for (int round = 0; round < rounds; round++)
            {
                EngineDatabase? database = null;
                for (int i = 0; i < Closers; i++)
                {
                    connections[i] = Open(connectionString);
                    database ??= connections[i]!.EngineDatabase;
                    Assert.Same(database, connections[i]!.EngineDatabase);
                }

                for (int i = 0; i < spins.Length; i++)
                {
                    spins[i] = random.Next(200);
                }

                clearAll = random.Next(2) == 0;
                start.SignalAndWait();
                done.SignalAndWait();
                Assert.True(errors.IsEmpty, $"seed {seed}, round {round}: {string.Join("; ", errors)}");
                Assert.True(
                    database!.IsClosed,
                    $"seed {seed}, round {round}: the database stayed open after its last close raced a clear (clearAll {clearAll}, spins {string.Join(",", spins)})");
            }
        }
        finally
        {
            Volatile.Write(ref stop, true);
            start.SignalAndWait();
            foreach (Thread thread in threads)
            {
                thread.Join();
            }

            SharpCoreDBConnection.ClearAllPools();
        }
    }

    /// <summary>
    /// Threads open and close connections to two files at random (seeded), run a query on each open one, and now and
    /// then clear one pool or all of them. No connection ever finds its database closed, and after the last clear no
    /// database any connection used is left open.
    /// </summary>
    [Fact]
    public void Opens_closes_and_clears_on_many_threads_close_no_database_in_use_and_leak_none()
    {
        const int Threads = 4;
        int seed = Environment.TickCount;
        int operations = s_stress ? 50_000 : 1500;
        using var first = new TempDatabase();
        using var second = new TempDatabase();
        string[] connectionStrings = [first.ConnectionString("Durability=Async"), second.ConnectionString("Durability=Async")];
        foreach (string connectionString in connectionStrings)
        {
            Execute(connectionString, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        }

        var seen = new ConcurrentDictionary<EngineDatabase, bool>();
        var errors = new ConcurrentQueue<string>();
        var threads = new Thread[Threads];
        for (int t = 0; t < Threads; t++)
        {
            var random = new Random(seed + t);
            threads[t] = new Thread(() =>
            {
                try
                {
                    for (int i = 0; i < operations; i++)
                    {
                        string connectionString = connectionStrings[random.Next(connectionStrings.Length)];
                        int roll = random.Next(100);
                        if (roll < 3)
                        {
                            SharpCoreDBConnection.ClearAllPools();
                            continue;
                        }

                        using var connection = new SharpCoreDBConnection(connectionString);
                        connection.Open();
                        EngineDatabase database = connection.EngineDatabase!;
                        seen.TryAdd(database, true);
                        if (roll < 10)
                        {
                            SharpCoreDBConnection.ClearPool(connection);
                        }

                        if (!Equals(1L, PoolConnections.Scalar(connection, "SELECT x FROM t")) || database.IsClosed)
                        {
                            errors.Enqueue($"operation {i}: the database closed under an open connection");
                        }
                    }
                }
                catch (Exception e)
                {
                    errors.Enqueue(e.ToString());
                }
            })
            { IsBackground = true };
        }

        foreach (Thread thread in threads)
        {
            thread.Start();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(TimeSpan.FromMinutes(2)), $"seed {seed}: a thread hung");
        }

        Assert.True(errors.IsEmpty, $"seed {seed}: {string.Join(Environment.NewLine, errors)}");
        SharpCoreDBConnection.ClearAllPools();
        foreach (EngineDatabase database in seen.Keys)
        {
            Assert.True(database.IsClosed, $"seed {seed}: a database stayed open after ClearAllPools");
        }
    }
}
