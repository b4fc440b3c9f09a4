using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// Frame-level test rig: a log on a device, a writer in some mode, and transactions of raw page images whose
/// bytes are derived from (page, sequence) so any image read back can be checked without storing it.
/// </summary>
internal sealed class FrameLog : IDisposable
{
    public const int PageSize = 4096;

    private readonly WalCommitBuilder _builder = new(PageSize);
    private ulong _nextSequence;
    private long _durable;

    public FrameLog(IStorageDevice device, DurabilityMode mode, TimeSpan? flushInterval = null, ulong checkpointSequence = 0)
    {
        Device = device;
        Log = WalLogFile.Start(device, PageSize, checkpointSequence, previousSalt1: 0);
        _nextSequence = checkpointSequence + 1;
        Writer = new WalWriter(Log, mode, flushInterval ?? TimeSpan.FromMilliseconds(10), s => Interlocked.Exchange(ref _durable, (long)s));
    }

    public IStorageDevice Device { get; }

    public WalLogFile Log { get; }

    public WalWriter Writer { get; }

    public ulong LastDurable => (ulong)Interlocked.Read(ref _durable);

    public object Gate { get; } = new();

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
        _builder.Start(pages.Length, sequence);
        foreach (uint page in pages)
        {
            FillImage(_builder.Add(page), page, sequence);
        }

        long offset = Log.Reserve(pages.Length);
        WalCommit commit = _builder.Finish(databaseSize: 100, offset, awaited && Writer.Mode != DurabilityMode.Legacy);
        _nextSequence++;
        try
        {
            Writer.Append(commit);
        }
        catch
        {
            // A refused commit leaves a hole in the reservation; nothing may be appended after it anyway.
            throw;
        }

        return commit;
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

    /// <summary>Waits until everything appended is durable.</summary>
    public void Flush() => Writer.FlushAsync().GetAwaiter().GetResult();

    public static WalScanResult Scan(IStorageDevice device) => WalRecovery.Scan(device, PageSize);

    public void Dispose() => Writer.Dispose();
}
