using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Tests.Support;
using Xunit.Abstractions;

namespace SharpCoreDB.Wal.Tests.Durability;

/// <summary>
/// Power loss under the real <see cref="FileStorageDevice"/>: a store on real files records every creation, directory
/// sync, write, resize and data sync its devices make (open, commits, a checkpoint, close); then, for every point in
/// that sequence, the crash states the ordering allows (<see cref="CrashStates"/>) are rebuilt and recovered. Each must
/// hold the state after some commit, at least the last one acknowledged before the cut. A missing or misplaced fsync
/// in the device or the commit path leaves a state that loses an acknowledged commit.
/// </summary>
public sealed class FileDeviceCrashTests(ITestOutputHelper output)
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Every_crash_state_of_the_real_device_calls_recovers_every_acknowledged_commit(DurabilityMode mode)
    {
        const int seed = 20261127;
        int statesPerCut = WalTestKit.Stress ? 1024 : 12;
        string directory = Path.Combine(Path.GetTempPath(), $"scdb-crash-{Guid.NewGuid():N}");
        Directory.CreateDirectory(directory);
        try
        {
            string path = Path.Combine(directory, "crash.scdb");
            var recorder = new FileCallRecorder();
            (List<Dictionary<uint, int>> states, List<(int Calls, int Commit)> acknowledged, int opened) = RunWorkload(path, mode, recorder, new Random(seed));
            List<FileCall> calls = recorder.Calls();
            var rng = new Random(seed);
            int checkedStates = 0;
            int unopenable = 0;
            for (int cut = 0; cut <= calls.Count; cut++)
            {
                int required = 0;
                foreach ((int at, int commit) in acknowledged)
                {
                    if (at <= cut)
                    {
                        required = commit;
                    }
                }

                CrashStates crash = CrashStates.After(calls, cut);
                foreach (long state in crash.Sample(statesPerCut, rng))
                {
                    string context = $"{mode}, cut after call {cut} of {calls.Count} ({Describe(calls, cut)}), state {state} of {crash.Count}";
                    if (!CheckRecovery(crash, state, path, mode, states, required, mayBeUnopenable: cut < opened, context))
                    {
                        unopenable++;
                    }

                    checkedStates++;
                }
            }

            output.WriteLine($"{mode}: {calls.Count} calls ({opened} to open), {acknowledged.Count} commits acknowledged, {checkedStates} crash states checked, {unopenable} cut while creating left a file that does not open");
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    // Commits (each rewrites page 1 with its number, allocates or rewrites a few pages), a checkpoint in the middle
    // and a close; FullSync commits alternate between the committer's own write and the log writer's worker.
    private static (List<Dictionary<uint, int>> States, List<(int Calls, int Commit)> Acknowledged, int Opened) RunWorkload(
        string path, DurabilityMode mode, FileCallRecorder recorder, Random rng)
    {
        var options = new WalStoreOptions
        {
            Durability = new DurabilityOptions { Mode = mode, AutoCheckpoint = false },
            FileObserver = recorder,
        };
        var states = new List<Dictionary<uint, int>> { new() };
        var acknowledged = new List<(int, int)>();
        using WalPageStore store = WalPageStore.Open(path, options);
        int opened = recorder.Count;
        const int commits = 8;
        for (int c = 1; c <= commits; c++)
        {
            var state = new Dictionary<uint, int>(states[^1]);
            using (IWriteTransaction tx = store.BeginWrite(TimeSpan.FromSeconds(30)))
            {
                if (c == 1)
                {
                    using PageLease counter = tx.Allocate();
                    Assert.Equal(1u, counter.PageNumber);
                }

                for (int i = rng.Next(1, 3); i > 0; i--)
                {
                    using PageLease page = tx.Allocate();
                    WalTestKit.Fill(page.Writable, page.PageNumber, c);
                    state[page.PageNumber] = c;
                }

                List<uint> existing = [.. state.Keys.Where(p => p != 1).Order()];
                if (existing.Count > 0)
                {
                    uint pageNumber = existing[rng.Next(existing.Count)];
                    using PageLease page = tx.Write(pageNumber);
                    WalTestKit.Fill(page.Writable, pageNumber, c);
                    state[pageNumber] = c;
                }

                using (PageLease counter = tx.Write(1))
                {
                    WalTestKit.Fill(counter.Writable, 1, c);
                }

                state[1] = c;
                states.Add(state);
                if (c % 2 == 0)
                {
                    tx.CommitAsync().AsTask().GetAwaiter().GetResult();
                }
                else
                {
                    tx.Commit();
                }
            }

            acknowledged.Add((recorder.Count, c));
            if (c == commits / 2)
            {
                Assert.True(store.Checkpoint().LogRestarted);
            }
        }

        return (states, acknowledged, opened);
    }

    // False when the files do not open, which is allowed only for a cut while the database was being created (the
    // open had not returned, so nothing was acknowledged): a torn first page of a new database file is not a database.
    private static bool CheckRecovery(
        CrashStates crash, long state, string path, DurabilityMode mode, List<Dictionary<uint, int>> states, int required, bool mayBeUnopenable, string context)
    {
        Dictionary<string, MemoryStorageDevice> images = crash.Build(state);
        string walPath = path + WalStoreOptions.WalSuffix;
        MemoryStorageDevice database = images.GetValueOrDefault(path) ?? new MemoryStorageDevice(path);
        MemoryStorageDevice wal = images.GetValueOrDefault(walPath) ?? new MemoryStorageDevice(walPath);
        try
        {
            WalPageStore recovered;
            try
            {
                recovered = WalPageStore.Open(database, wal, new WalStoreOptions { Durability = new DurabilityOptions { Mode = mode }, LeaveDevicesOpen = true });
            }
            catch (SharpCoreDBException ex) when (mayBeUnopenable && ex.ErrorCode is SharpCoreDBErrorCode.NotADatabase or SharpCoreDBErrorCode.Corrupt)
            {
                return false;
            }

            using WalPageStore scope = recovered;
            using IReadTransaction read = recovered.BeginRead();
            int commit = 0;
            if (recovered.BeginSnapshot() is { } snapshot)
            {
                using (snapshot)
                {
                    if (snapshot.PageCount > 1)
                    {
                        using PageLease counter = read.Read(1);
                        commit = WalTestKit.VersionOf(counter.Data);
                    }
                }
            }

            Assert.True(commit >= required && commit < states.Count, $"recovered commit {commit}, {required} were acknowledged; {context}");
            WalTestKit.AssertMatches(read, states[commit], $"recovered commit {commit}; {context}");
            return true;
        }
        catch (SharpCoreDBException ex)
        {
            throw new Xunit.Sdk.XunitException($"recovery failed: {ex.Message}; {context}", ex);
        }
        finally
        {
            database.Dispose();
            wal.Dispose();
        }
    }

    private static string Describe(List<FileCall> calls, int cut) =>
        cut == 0 ? "before any" : $"{calls[cut - 1].Kind} {Path.GetFileName(calls[cut - 1].Path)}";
}
