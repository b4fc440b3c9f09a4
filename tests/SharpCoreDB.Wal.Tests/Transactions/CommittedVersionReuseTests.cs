using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>
/// A commit's new page version takes over the cache slot of the version it replaces when no open snapshot reads that
/// version and no lease pins it. These tests watch the cache itself: a version an open snapshot reads keeps its slot,
/// an unread one gives it up, and every snapshot still reads exactly its own bytes (from the cache, or loaded again
/// from the log or the file), plain and encrypted.
/// </summary>
public sealed class CommittedVersionReuseTests
{
    public static TheoryData<bool> Encryption => [false, true];

    [Theory]
    [MemberData(nameof(Encryption))]
    public void A_version_an_open_snapshot_reads_keeps_its_slot_and_an_unread_one_gives_it_to_the_new_version(bool encrypted)
    {
        using var kit = Kit(DurabilityMode.FullSync, encrypted, cachePages: 64);
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        ulong v1 = store.EnqueuedSequence;
        using (WalReadTransaction reader = store.BeginSnapshot())
        {
            // Read once and let go: the version is unpinned, only the snapshot still reads it.
            ReadAndCheck(reader, page, 1, "the snapshot's first read");
            WalPageStoreTests.Rewrite(store, page, 2);
            ulong v2 = store.EnqueuedSequence;
            Assert.True(store.Cache.Contains(page, v1), "the version an open snapshot reads was reused");
            Assert.True(store.Cache.Contains(page, v2), "the committed version is cached");

            long misses = store.Cache.Misses;
            ReadAndCheck(reader, page, 1, "the snapshot after one commit");
            Assert.Equal(misses, store.Cache.Misses);

            // Version 2 is newer than every open snapshot: nobody reads it, so version 3 takes its slot.
            WalPageStoreTests.Rewrite(store, page, 3);
            ulong v3 = store.EnqueuedSequence;
            Assert.False(store.Cache.Contains(page, v2), "the unread version kept its slot");
            Assert.True(store.Cache.Contains(page, v3), "the committed version is cached");
            Assert.True(store.Cache.Contains(page, v1), "the version an open snapshot reads was reused");
            ReadAndCheck(reader, page, 1, "the snapshot after two commits");
            Assert.Equal(misses, store.Cache.Misses);
        }

        // No snapshot at all: the next commit reuses the slot, and the cache does not grow.
        int count = store.Cache.Count;
        ulong v3Again = store.EnqueuedSequence;
        WalPageStoreTests.Rewrite(store, page, 4);
        Assert.False(store.Cache.Contains(page, v3Again), "the unread version kept its slot");
        Assert.True(store.Cache.Count <= count, $"the cache grew from {count} to {store.Cache.Count} pages");
        using WalReadTransaction after = store.BeginSnapshot();
        ReadAndCheck(after, page, 4, "a snapshot after the commits");
    }

    [Theory]
    [MemberData(nameof(Encryption))]
    public async Task A_snapshot_that_reads_a_reused_version_gets_its_bytes_back_from_the_log(bool encrypted)
    {
        var gated = new GatedDevice(new MemoryStorageDevice("gated.scdb-wal"));
        using var kit = Kit(DurabilityMode.FullSync, encrypted, cachePages: 64);
        kit.Wal = gated;
        using WalPageStore store = kit.Open();
        uint page = WalPageStoreTests.AllocateAndFill(store, 1);
        ulong v1 = store.EnqueuedSequence;
        using (WalReadTransaction warm = store.BeginSnapshot())
        {
            ReadAndCheck(warm, page, 1, "warming the cache");
        }

        // The commit waits for its sync: prepared (its version cached in version 1's slot, as no snapshot was open)
        // but not visible, so a snapshot begun now still reads version 1.
        gated.Close();
        Task commit = Task.Run(() => WalPageStoreTests.Rewrite(store, page, 2));
        gated.WaitForFlushAtGate();
        Assert.False(store.Cache.Contains(page, v1), "the unread version kept its slot");
        using (WalReadTransaction late = store.BeginSnapshot())
        {
            Assert.Equal(v1, late.Sequence);
            long misses = store.Cache.Misses;
            ReadAndCheck(late, page, 1, "a snapshot begun before the commit was visible");
            Assert.Equal(misses + 1, store.Cache.Misses);
        }

        gated.Open();
        await commit;
        using WalReadTransaction after = store.BeginSnapshot();
        ReadAndCheck(after, page, 2, "a snapshot after the commit returned");
    }

    [Theory]
    [MemberData(nameof(Encryption))]
    public void After_the_log_restarts_the_pages_it_held_stay_cached_as_the_database_file_copies(bool encrypted)
    {
        using var kit = Kit(DurabilityMode.FullSync, encrypted, cachePages: 256);
        using WalPageStore store = kit.Open();
        var pages = new List<uint>();
        for (int i = 0; i < 20; i++)
        {
            pages.Add(WalPageStoreTests.AllocateAndFill(store, 1));
        }

        // Each rewrite happens under a snapshot that reads the version it replaces, so the cache keeps every version.
        for (int version = 2; version <= 4; version++)
        {
            foreach (uint page in pages)
            {
                using WalReadTransaction reader = store.BeginSnapshot();
                ReadAndCheck(reader, page, version - 1, $"version {version - 1} before the restart");
                WalPageStoreTests.Rewrite(store, page, version);
            }
        }

        int cachedBefore = store.Cache.Count;
        Assert.True(cachedBefore >= 4 * pages.Count, $"{cachedBefore} pages cached before the restart");
        Assert.True(store.Checkpoint().LogRestarted, "the log restarted");

        // The older versions nobody can read any more gave their slots back; the newest stay, as the file's copies.
        Assert.True(store.Cache.Count <= cachedBefore - 3 * pages.Count, $"{store.Cache.Count} pages cached after the restart, {cachedBefore} before");
        long misses = store.Cache.Misses;
        using (WalReadTransaction after = store.BeginSnapshot())
        {
            foreach (uint page in pages)
            {
                ReadAndCheck(after, page, 4, "a page the database file now holds");
            }
        }

        // A commit after the restart builds on the cached file copy and caches its own version in its place.
        WalPageStoreTests.Rewrite(store, pages[0], 5);
        using (WalReadTransaction after = store.BeginSnapshot())
        {
            ReadAndCheck(after, pages[0], 5, "the page committed after the restart");
        }

        Assert.Equal(misses, store.Cache.Misses);
    }

    /// <summary>
    /// Snapshots begin and end at random points, hold some leases, and read random pages while commits rewrite random
    /// pages; every read is checked against a model of each page's versions. With a cache large enough never to
    /// evict, the cache itself is checked after every commit: a replaced version an open snapshot reads (or a lease
    /// pins) is still cached, an unread one gave its slot to the new version. With a tiny cache, evictions and
    /// checkpoints make snapshots load their versions back from the log and the file.
    /// </summary>
    [Theory]
    [InlineData(DurabilityMode.FullSync, false, 4096, 101)]
    [InlineData(DurabilityMode.FullSync, true, 4096, 102)]
    [InlineData(DurabilityMode.Async, false, 4096, 103)]
    [InlineData(DurabilityMode.Async, true, 4096, 104)]
    [InlineData(DurabilityMode.Legacy, true, 4096, 105)]
    [InlineData(DurabilityMode.FullSync, false, 6, 106)]
    [InlineData(DurabilityMode.FullSync, true, 6, 107)]
    [InlineData(DurabilityMode.Async, true, 6, 108)]
    public void Snapshots_at_random_points_read_their_own_versions_while_commits_reuse_unread_ones(DurabilityMode mode, bool encrypted, int cachePages, int seed)
    {
        const int PageCount = 10;
        const int MaxSnapshots = 4;
        bool exact = cachePages >= 1024;
        int steps = WalTestKit.Stress ? 5_000 : 400;
        var random = new Random(seed);
        using var kit = Kit(mode, encrypted, cachePages);
        using WalPageStore store = kit.Open();

        uint[] pages = new uint[PageCount];
        using (IWriteTransaction setup = store.BeginWrite(TimeSpan.FromSeconds(10)))
        {
            for (int i = 0; i < PageCount; i++)
            {
                using PageLease lease = setup.Allocate();
                pages[i] = lease.PageNumber;
                WalTestKit.Fill(lease.Writable, lease.PageNumber, 0);
            }

            setup.Commit();
        }

        // The model: for each page, the sequence of its newest version and the content that version holds.
        var newest = new Dictionary<uint, (ulong Sequence, int Content)>();
        foreach (uint page in pages)
        {
            newest[page] = (store.EnqueuedSequence, 0);
        }

        var snapshots = new List<ModelSnapshot>();
        int content = 0;
        int reusedSlots = 0;
        int keptSlots = 0;
        try
        {
            for (int step = 0; step < steps; step++)
            {
                string context = $"seed {seed}, step {step}";
                int action = random.Next(100);
                if (action < 15 && snapshots.Count < MaxSnapshots)
                {
                    var snapshot = new ModelSnapshot(store.BeginSnapshot(), new Dictionary<uint, (ulong, int)>(newest));
                    snapshots.Add(snapshot);
                    ReadAndCheck(snapshot.Transaction, pages[random.Next(PageCount)], snapshot, context + ", a new snapshot");
                }
                else if (action < 25 && snapshots.Count > 0)
                {
                    int index = random.Next(snapshots.Count);
                    snapshots[index].End(context);
                    snapshots.RemoveAt(index);
                }
                else if (action < 50 && snapshots.Count > 0)
                {
                    ModelSnapshot snapshot = snapshots[random.Next(snapshots.Count)];
                    uint page = pages[random.Next(PageCount)];
                    if (random.Next(4) == 0 && snapshot.Held.Count < 3)
                    {
                        PageLease lease = snapshot.Transaction.Read(page);
                        snapshot.Held.Add((lease, page));
                        snapshot.Check(lease.Data, page, context + ", a held lease");
                    }
                    else
                    {
                        ReadAndCheck(snapshot.Transaction, page, snapshot, context);
                    }
                }
                else if (action < 53)
                {
                    if (store.Checkpoint().LogRestarted)
                    {
                        // Every page's newest version is now the database file's (version 0).
                        foreach (uint page in pages)
                        {
                            newest[page] = (0, newest[page].Content);
                        }
                    }
                }
                else
                {
                    uint[] written = PickDistinct(random, pages, 1 + random.Next(3));
                    bool rollback = random.Next(10) == 0;
                    var replaced = new (ulong Version, bool Cached, bool Read)[written.Length];
                    for (int i = 0; i < written.Length; i++)
                    {
                        ulong previous = newest[written[i]].Sequence;
                        replaced[i] = (previous, store.Cache.Contains(written[i], previous), ReadByAnOpenSnapshot(snapshots, previous));
                    }

                    content++;
                    using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(10)))
                    {
                        foreach (uint page in written)
                        {
                            using PageLease lease = tx.Write(page);
                            WalTestKit.Fill(lease.Writable, page, content);
                        }

                        if (rollback)
                        {
                            tx.Rollback();
                        }
                        else
                        {
                            tx.Commit();
                        }
                    }

                    if (!rollback)
                    {
                        ulong sequence = store.EnqueuedSequence;
                        for (int i = 0; i < written.Length; i++)
                        {
                            newest[written[i]] = (sequence, content);
                            if (!exact || !replaced[i].Cached)
                            {
                                continue;
                            }

                            bool stillCached = store.Cache.Contains(written[i], replaced[i].Version);
                            if (replaced[i].Read)
                            {
                                Assert.True(stillCached, $"version {replaced[i].Version} of page {written[i]}, read by an open snapshot, lost its slot; {context}");
                                keptSlots++;
                            }
                            else
                            {
                                Assert.False(stillCached, $"version {replaced[i].Version} of page {written[i]}, read by no snapshot, kept its slot; {context}");
                                Assert.True(store.Cache.Contains(written[i], sequence), $"version {sequence} of page {written[i]} is not cached; {context}");
                                reusedSlots++;
                            }
                        }
                    }

                    // A lease's bytes never change under its holder, whatever the commit did with the cache.
                    foreach (ModelSnapshot snapshot in snapshots)
                    {
                        snapshot.CheckHeld(context + ", after a commit");
                    }
                }
            }

            foreach (ModelSnapshot snapshot in snapshots)
            {
                foreach (uint page in pages)
                {
                    ReadAndCheck(snapshot.Transaction, page, snapshot, $"seed {seed}, the final check");
                }
            }

            if (exact)
            {
                Assert.True(reusedSlots > 0 && keptSlots > 0, $"seed {seed}: {reusedSlots} slots reused, {keptSlots} kept; the run tested too little");
            }
        }
        finally
        {
            // No checks here: a failure above must not be hidden by a second one.
            foreach (ModelSnapshot snapshot in snapshots)
            {
                snapshot.Dispose();
            }
        }
    }

    private static WalTestKit Kit(DurabilityMode mode, bool encrypted, int cachePages) => new(mode)
    {
        File = encrypted ? WalTestKit.Encrypted() : new PageFileOptions(),
        AutoCheckpoint = false,
        CachePages = cachePages,
    };

    private static void ReadAndCheck(WalReadTransaction reader, uint page, int content, string context)
    {
        using PageLease lease = reader.Read(page);
        WalTestKit.AssertPage(lease.Data, page, content, context);
    }

    private static void ReadAndCheck(WalReadTransaction reader, uint page, ModelSnapshot snapshot, string context)
    {
        using PageLease lease = reader.Read(page);
        snapshot.Check(lease.Data, page, context);
    }

    // A snapshot reads the newest version at or below its sequence, so it reads the replaced version when its
    // sequence is at or above that version's (the new one is above every open snapshot).
    private static bool ReadByAnOpenSnapshot(List<ModelSnapshot> snapshots, ulong version)
    {
        foreach (ModelSnapshot snapshot in snapshots)
        {
            if (snapshot.Transaction.Sequence >= version)
            {
                return true;
            }
        }

        return false;
    }

    private static uint[] PickDistinct(Random random, uint[] pages, int count)
    {
        uint[] shuffled = (uint[])pages.Clone();
        random.Shuffle(shuffled);
        return shuffled[..count];
    }

    private sealed class ModelSnapshot(WalReadTransaction transaction, Dictionary<uint, (ulong Sequence, int Content)> sees)
    {
        public WalReadTransaction Transaction { get; } = transaction;

        public List<(PageLease Lease, uint Page)> Held { get; } = [];

        public void Check(ReadOnlySpan<byte> data, uint page, string context) =>
            WalTestKit.AssertPage(data, page, sees[page].Content, $"{context}, snapshot {Transaction.Sequence} (version {sees[page].Sequence})");

        public void CheckHeld(string context)
        {
            foreach ((PageLease lease, uint page) in Held)
            {
                Check(lease.Data, page, context);
            }
        }

        public void End(string context)
        {
            CheckHeld(context);
            Dispose();
        }

        public void Dispose()
        {
            foreach ((PageLease lease, _) in Held)
            {
                lease.Dispose();
            }

            Held.Clear();
            Transaction.Dispose();
        }
    }
}
