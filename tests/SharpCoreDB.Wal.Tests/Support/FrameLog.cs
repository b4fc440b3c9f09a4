using System.Diagnostics;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// Frame-level test rig: a log on a device, a writer in some mode, and transactions of raw page images whose
/// bytes are derived from (page, sequence) so any image read back can be checked without storing it.
/// By default every commit is a point a reader could stand on, so the writer merges nothing; with
/// <see cref="MergeCommits"/> it may merge a whole group, as FullSync does.
/// </summary>
internal sealed class FrameLog : IDisposable, IWalFrameSource
{
    public const int PageSize = 4096;

    /// <summary>The database id every test log is written for.</summary>
    public static readonly byte[] DatabaseId = [.. Enumerable.Range(1, 16).Select(i => (byte)i)];

    private ulong _nextSequence;
    private long _durable;

    public FrameLog(IStorageDevice device, DurabilityMode mode, TimeSpan? flushInterval = null, ulong checkpointSequence = 0, Func<int>? committersAhead = null, System.Buffers.ArrayPool<byte>? framePool = null)
    {
        Device = device;
        Log = WalLogFile.Start(device, PageSize, checkpointSequence, previousSalt1: 0, DatabaseId, authenticator: null);
        _nextSequence = checkpointSequence + 1;
        Writer = new WalWriter(Log, mode, this, flushInterval ?? TimeSpan.FromMilliseconds(10), s => Interlocked.Exchange(ref _durable, (long)s), committersAhead, s => Released?.Invoke(s))
        {
            FramePool = framePool ?? System.Buffers.ArrayPool<byte>.Shared,
        };
    }

    public IStorageDevice Device { get; }

    public WalLogFile Log { get; }

    public WalWriter Writer { get; }

    /// <summary>Called by the writer with a durable group's last sequence once its waiters are completed.</summary>
    public Action<ulong>? Released { get; set; }

    public ulong LastDurable => (ulong)Interlocked.Read(ref _durable);

    public object Gate { get; } = new();

    /// <summary>Where the writer records the log offset of every version it writes.</summary>
    public WalIndex Index { get; } = new();

    /// <summary>Lets the writer merge consecutive commits of a group into one log transaction.</summary>
    public bool MergeCommits { get; set; }

    /// <summary>Versions the writer sealed, in order.</summary>
    public List<(uint Page, ulong Version)> Sealed { get; } = [];

    /// <summary>Fills an image deterministically from its page and sequence.</summary>
    public static void FillImage(Span<byte> image, uint page, ulong sequence)
    {
        var rng = new Random(HashCode.Combine(page, sequence));
        rng.NextBytes(image);
    }

    public static bool ImageMatches(ReadOnlySpan<byte> image, uint page, ulong sequence)
    {
        byte[] expected = new byte[PageSize];
        FillImage(expected, page, sequence);
        return image.SequenceEqual(expected);
    }

    /// <summary>Builds and appends one transaction writing <paramref name="pages"/>; returns it with its sequence (Gate must be held by concurrent callers).</summary>
    public WalCommit Append(uint[] pages, bool awaited = true)
    {
        ulong sequence = _nextSequence;
        uint[] numbers = WalBuffers.PageNumbers.Rent(pages.Length);
        pages.CopyTo(numbers, 0);
        foreach (uint page in pages)
        {
            Index.Add(page, sequence, WalIndex.Unwritten);
        }

        WalCommit commit = WalCommit.ForFrames(numbers, pages.Length, databaseSize: 100, sequence, Index, awaited && Writer.Mode != DurabilityMode.Legacy);
        _nextSequence++;
        ValueTask append = Writer.Append(commit, async: false, CancellationToken.None);
        Debug.Assert(append.IsCompleted, "The synchronous append completes before it returns.");
        append.GetAwaiter().GetResult();
        return commit;
    }

    void IWalFrameSource.Seal(uint pageNumber, ulong version, Span<byte> destination)
    {
        lock (Sealed)
        {
            Sealed.Add((pageNumber, version));
        }

        FillImage(destination, pageNumber, version);
    }

    /// <summary>Snapshots of pretend readers: with <see cref="MergeCommits"/>, the writer must end a log transaction at each.</summary>
    public ulong[] ReaderSnapshots { get; set; } = [];

    ulong IWalFrameSource.CollectSnapshotBoundaries(ulong first, ulong last, List<ulong> boundaries)
    {
        if (!MergeCommits)
        {
            return first;
        }

        boundaries.AddRange(ReaderSnapshots.Where(s => s >= first && s < last));
        return ulong.MaxValue;
    }

    /// <summary>Appends <paramref name="count"/> commits without waiting for them; returns the last one's sequence.</summary>
    public ulong AppendMany(uint count, Func<uint, uint[]> pages)
    {
        ulong last = 0;
        for (uint i = 0; i < count; i++)
        {
            lock (Gate)
            {
                last = Append(pages(i), awaited: false).Sequence;
            }
        }

        return last;
    }

    /// <summary>Appends under <see cref="Gate"/> and waits for durability as the mode prescribes; returns the sequence.</summary>
    public ulong Commit(params uint[] pages)
    {
        WalCommit commit;
        lock (Gate)
        {
            commit = Append(pages);
        }

        commit.Completion?.Task.GetAwaiter().GetResult();
        return commit.Sequence;
    }

    /// <summary>
    /// Holds the log's next sync at <paramref name="gate"/> (the device under this log) with one commit of page 1,
    /// then queues <paramref name="count"/> commits behind it; the caller opens the gate.
    /// </summary>
    public (WalCommit First, List<WalCommit> Queued) QueueBehindHeldSync(GatedDevice gate, int count, Func<int, uint[]> pages)
    {
        gate.Close();
        WalCommit first;
        lock (Gate)
        {
            first = Append([1]);
        }

        gate.WaitForFlushAtGate();
        var queued = new List<WalCommit>();
        lock (Gate)
        {
            for (int i = 0; i < count; i++)
            {
                queued.Add(Append(pages(i)));
            }
        }

        return (first, queued);
    }

    /// <summary>Waits until everything appended is durable.</summary>
    public void Flush() => Writer.FlushAsync().GetAwaiter().GetResult();

    public static WalScanResult Scan(IStorageDevice device) => WalRecovery.Scan(device, Expectation());

    /// <summary>What a scan expects of a test log: the test database id, 4 KiB pages, no encryption.</summary>
    public static WalScanExpectation Expectation(int pageSize = PageSize) => new("test.scdb", DatabaseId, pageSize, null);

    public void Dispose() => Writer.Dispose();
}
