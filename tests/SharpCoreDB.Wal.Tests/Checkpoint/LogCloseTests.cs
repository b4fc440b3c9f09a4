using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Tests.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Checkpoint;

/// <summary>
/// What a close does to the log, counted in file calls on real files: the final checkpoint syncs the database file,
/// and the log gets a new, empty generation without syncs of its own (as SQLite deletes its log without one) and keeps
/// what the session used (rounded up), so the next session's first commit overwrites blocks instead of growing the file. Whether
/// every crash state of these calls recovers is <see cref="Durability.FileDeviceCrashTests"/>'s job.
/// </summary>
public sealed class LogCloseTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), $"scdb-close-{Guid.NewGuid():N}");

    public LogCloseTests() => Directory.CreateDirectory(_directory);

    private string DatabasePath => Path.Combine(_directory, "close.scdb");

    private string LogPath => DatabasePath + WalStoreOptions.WalSuffix;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public void Close_after_commits_does_not_sync_the_log_and_keeps_what_the_session_used(DurabilityMode mode)
    {
        var recorder = new FileCallRecorder();
        int before;
        using (WalPageStore store = Open(mode, recorder))
        {
            for (int version = 1; version <= 5; version++)
            {
                WalPageStoreTests.AllocateAndFill(store, version);
            }

            store.Flush();
            before = recorder.Count;
        }

        List<FileCall> close = recorder.Calls()[before..];
        Assert.Equal(0, close.Count(c => c.Path == LogPath && c.Kind == FileCallKind.DataSynced));
        Assert.Equal(1, close.Count(c => c.Path == LogPath && c.Kind == FileCallKind.Written));

        // Five one-page commits used a few frames of the 1 MiB step: the zeros past them go, the frames' blocks stay.
        Assert.Equal([WalLogFile.CloseKeepUnit], close.Where(c => c.Path == LogPath && c.Kind == FileCallKind.LengthSet).Select(c => c.Offset));
        Assert.Contains(close, c => c.Path == DatabasePath && c.Kind == FileCallKind.DataSynced);
        Assert.Equal(WalLogFile.CloseKeepUnit, new FileInfo(LogPath).Length);
        AssertLogHoldsNoFrames(mode);
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Reopen_after_close_writes_nothing_to_the_log_and_its_first_commit_does_not_grow_it(DurabilityMode mode)
    {
        var model = new Dictionary<uint, int>();
        using (WalPageStore store = Open(mode, observer: null))
        {
            for (int version = 1; version <= 5; version++)
            {
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }
        }

        var recorder = new FileCallRecorder();
        using (WalPageStore store = Open(mode, recorder))
        {
            Assert.DoesNotContain(recorder.Calls(), c => c.Path == LogPath && c.Kind != FileCallKind.Created);
            int before = recorder.Count;
            model[WalPageStoreTests.AllocateAndFill(store, 6)] = 6;
            List<FileCall> commit = recorder.Calls()[before..].Where(c => c.Path == LogPath).ToList();

            // One write of the commit's frames and its sync: no step of zeros, no new size to sync.
            Assert.Equal([FileCallKind.Written, FileCallKind.DataSynced], commit.Select(c => c.Kind));
            Assert.Equal(WalHeader.SizeOf, commit[0].Offset);
            Assert.True(commit[0].Data!.Length < WalLogFile.GrowthStep / 2, $"the commit wrote {commit[0].Data!.Length} bytes to the log");
            Assert.Equal(WalLogFile.CloseKeepUnit, new FileInfo(LogPath).Length);
            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, model, mode.ToString());
        }

        using (WalPageStore store = Open(mode, observer: null))
        {
            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, model, mode.ToString());
            WalTestKit.AssertIntegrity(store, mode.ToString());
        }
    }

    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void Close_of_a_session_that_grew_the_file_syncs_the_database_file_once_when_an_untouched_page_proves_its_identity(DurabilityMode mode)
    {
        // A first session leaves durable pages (1-5) in the file; the second allocates more, so the close's checkpoint
        // rewrites page 0 (the page count) and copies new pages but leaves pages 1-5 as they are: one of them proves
        // the file's identity should page 0's write be garbled, so no sync is needed between the pages and page 0.
        var model = new Dictionary<uint, int>();
        using (WalPageStore store = Open(mode, observer: null))
        {
            for (int version = 1; version <= 5; version++)
            {
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }
        }

        var recorder = new FileCallRecorder();
        int before;
        using (WalPageStore store = Open(mode, recorder))
        {
            for (int version = 6; version <= 10; version++)
            {
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }

            store.Flush();
            before = recorder.Count;
        }

        List<FileCall> close = recorder.Calls()[before..].Where(c => c.Path == DatabasePath).ToList();
        Assert.Equal(1, close.Count(c => c.Kind == FileCallKind.DataSynced));
        Assert.Equal(FileCallKind.DataSynced, close[^1].Kind);
        Assert.Contains(close, c => c.Kind == FileCallKind.Written && c.Offset == 0);
        Assert.DoesNotContain(close, c => c.Kind == FileCallKind.Written && c.Offset >= PageSize && c.Offset < 6 * PageSize);
        using WalPageStore reopened = Open(mode, observer: null);
        using IReadTransaction read = reopened.BeginRead();
        WalTestKit.AssertMatches(read, model, mode.ToString());
        WalTestKit.AssertIntegrity(reopened, mode.ToString());
    }

    [Fact]
    public void First_close_of_a_new_database_syncs_its_pages_before_page_0()
    {
        // Only page 0 is durable in a new file: the pages of the first checkpoint must be on disk before page 0 is
        // written, as nothing else could prove the file's identity should that write be garbled.
        var recorder = new FileCallRecorder();
        int before;
        using (WalPageStore store = Open(DurabilityMode.Legacy, recorder))
        {
            for (int version = 1; version <= 5; version++)
            {
                WalPageStoreTests.AllocateAndFill(store, version);
            }

            before = recorder.Count;
        }

        List<FileCall> close = recorder.Calls()[before..].Where(c => c.Path == DatabasePath).ToList();
        int headerWrite = close.FindIndex(c => c.Kind == FileCallKind.Written && c.Offset == 0);
        Assert.True(headerWrite > 0, "the close wrote no page 0");
        Assert.Equal(FileCallKind.DataSynced, close[headerWrite - 1].Kind);
        Assert.Equal(2, close.Count(c => c.Kind == FileCallKind.DataSynced));
    }

    [Fact]
    public void Close_cuts_a_log_longer_than_one_step_back_to_it_after_syncing_the_new_header()
    {
        var recorder = new FileCallRecorder();
        var model = new Dictionary<uint, int>();
        int before;
        using (WalPageStore store = Open(DurabilityMode.Legacy, recorder, autoCheckpoint: false))
        {
            // About 1.2 MiB of frames in one generation.
            for (int version = 1; version <= 300; version++)
            {
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }

            Assert.True(new FileInfo(LogPath).Length > WalLogFile.GrowthStep);
            before = recorder.Count;
        }

        List<FileCall> close = recorder.Calls()[before..].Where(c => c.Path == LogPath).ToList();

        // The old header over a log cut short would not reach the database file's checkpoint: the new one is durable first.
        Assert.Equal([FileCallKind.Written, FileCallKind.DataSynced, FileCallKind.LengthSet], close.Select(c => c.Kind));
        Assert.Equal(0, close[0].Offset);
        Assert.Equal(WalLogFile.GrowthStep, close[2].Offset);
        Assert.Equal(WalLogFile.GrowthStep, new FileInfo(LogPath).Length);
        AssertLogHoldsNoFrames(DurabilityMode.Legacy);
        using WalPageStore reopened = Open(DurabilityMode.Legacy, observer: null);
        using IReadTransaction read = reopened.BeginRead();
        WalTestKit.AssertMatches(read, model, "after the cut");
    }

    [Fact]
    public void Close_of_a_session_that_wrote_nothing_cuts_a_step_long_log_to_one_unit_after_syncing_its_header()
    {
        var model = new Dictionary<uint, int>();
        using (WalPageStore store = Open(DurabilityMode.Legacy, observer: null, autoCheckpoint: false))
        {
            // About 1.2 MiB of frames in one generation: the close leaves one step.
            for (int version = 1; version <= 300; version++)
            {
                model[WalPageStoreTests.AllocateAndFill(store, version)] = version;
            }
        }

        Assert.Equal(WalLogFile.GrowthStep, new FileInfo(LogPath).Length);
        var recorder = new FileCallRecorder();
        int before;
        using (WalPageStore store = Open(DurabilityMode.Legacy, recorder))
        {
            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, model, "read-only session");
            before = recorder.Count;
        }

        // Only a durable header makes the frames behind it disposable (the last close may have written it without a sync).
        List<FileCall> close = recorder.Calls()[before..].Where(c => c.Path == LogPath).ToList();
        Assert.Equal([FileCallKind.DataSynced, FileCallKind.LengthSet], close.Select(c => c.Kind));
        Assert.Equal(WalLogFile.CloseKeepUnit, close[1].Offset);

        // Every open reads the log behind its header to the end: now one unit, not a step.
        var log = new ReadCountingDevice(FileStorageDevice.Open(LogPath));
        using (WalPageStore store = WalPageStore.Open(FileStorageDevice.Open(DatabasePath), log, new WalStoreOptions()))
        {
            Assert.True(log.BytesRead <= WalLogFile.CloseKeepUnit + WalHeader.SizeOf, $"the open read {log.BytesRead} bytes of the log");
            using IReadTransaction read = store.BeginRead();
            WalTestKit.AssertMatches(read, model, "after the cut");
        }

        Assert.Equal(WalLogFile.CloseKeepUnit, new FileInfo(LogPath).Length);
        AssertLogHoldsNoFrames(DurabilityMode.Legacy);
    }

    [Fact]
    public void Scan_after_close_reads_the_old_generation_behind_the_new_header_as_nobody_s_frames()
    {
        using (WalPageStore store = Open(DurabilityMode.Legacy, observer: null, autoCheckpoint: false))
        {
            for (int version = 1; version <= 4; version++)
            {
                WalPageStoreTests.AllocateAndFill(store, version);
            }
        }

        WalScanResult closed = ScanLog();
        Assert.Empty(closed.Frames);
        Assert.Equal(WalLogFile.CloseKeepUnit - WalHeader.SizeOf, closed.DiscardedBytes);
        Assert.False(closed.DiscardsOwnFrames);
    }

    private WalScanResult ScanLog()
    {
        using var device = new MemoryStorageDevice();
        byte[] bytes = File.ReadAllBytes(LogPath);
        device.Write(0, bytes);
        return WalRecovery.Scan(device, expected: null);
    }

    private void AssertLogHoldsNoFrames(DurabilityMode mode)
    {
        WalScanResult scan = ScanLog();
        Assert.True(scan.HasHeader, mode.ToString());
        Assert.Empty(scan.Frames);
        Assert.False(scan.DiscardsOwnFrames, mode.ToString());
    }

    private static int PageSize => new WalStoreOptions().File.PageSize;

    private WalPageStore Open(DurabilityMode mode, FileCallRecorder? observer, bool autoCheckpoint = true) =>
        WalPageStore.Open(DatabasePath, new WalStoreOptions
        {
            Durability = new DurabilityOptions { Mode = mode, AutoCheckpoint = autoCheckpoint },
            FileObserver = observer,
        });
}
