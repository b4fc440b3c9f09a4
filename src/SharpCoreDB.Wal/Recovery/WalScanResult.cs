using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>What <see cref="WalRecovery.Scan"/> found in a log: the committed frames and where to continue.</summary>
internal sealed class WalScanResult
{
    /// <summary>Creates the result of a log with a valid header.</summary>
    public WalScanResult(WalHeader header, List<WalFrameRef> frames, ulong lastSequence, uint databaseSize, long end, uint chain, byte[] macChain, uint batch, long discardedBytes, bool discardsOwnFrames)
    {
        HeaderStatus = WalHeaderStatus.Valid;
        Header = header;
        Frames = frames;
        LastSequence = lastSequence;
        DatabaseSize = databaseSize;
        End = end;
        Chain = chain;
        MacChain = macChain;
        Batch = batch;
        DiscardedBytes = discardedBytes;
        DiscardsOwnFrames = discardsOwnFrames;
    }

    private WalScanResult(WalHeaderStatus status, long length)
    {
        HeaderStatus = status;
        Frames = [];
        MacChain = [];
        DiscardedBytes = length;
    }

    /// <summary>Whether the header was valid, missing (a log never started) or invalid (a torn reset, or damage).</summary>
    public WalHeaderStatus HeaderStatus { get; }

    /// <summary>False when the log had no valid header: what it holds, if anything, is for the caller to judge.</summary>
    public bool HasHeader => HeaderStatus == WalHeaderStatus.Valid;

    /// <summary>The valid header (default when <see cref="HasHeader"/> is false).</summary>
    public WalHeader Header { get; }

    /// <summary>Every frame of every complete transaction, in log order.</summary>
    public List<WalFrameRef> Frames { get; }

    /// <summary>The last committed transaction sequence (the checkpoint sequence when the log holds no commit).</summary>
    public ulong LastSequence { get; }

    /// <summary>The database size in pages recorded by the last commit, or 0 when there is none.</summary>
    public uint DatabaseSize { get; }

    /// <summary>The offset right after the last committed frame: where appending continues.</summary>
    public long End { get; }

    /// <summary>The checksum of the last committed frame (the header's when there is none).</summary>
    public uint Chain { get; }

    /// <summary>The MAC of the last committed frame (the header's when there is none; zeros when not authenticated).</summary>
    public byte[] MacChain { get; }

    /// <summary>The write batch of the last committed frame (0 when there is none).</summary>
    public uint Batch { get; }

    /// <summary>Bytes after <see cref="End"/>: an unfinished transaction, a torn write, an older generation's frames, or the zeros the file grew by.</summary>
    public long DiscardedBytes { get; }

    /// <summary>
    /// True when something after <see cref="End"/> carries this generation's salts (an unfinished transaction, a torn
    /// or damaged frame): appending there could leave such frames behind new ones, so the open starts a new generation.
    /// False when the rest is only zeros or frames of other generations, which no scan of this one can take for its own.
    /// </summary>
    public bool DiscardsOwnFrames { get; }

    /// <summary>The result for a log without a valid header.</summary>
    /// <param name="status"><see cref="WalHeaderStatus.Missing"/> or <see cref="WalHeaderStatus.Invalid"/>.</param>
    /// <param name="length">The log's length.</param>
    /// <returns>A result with no frames.</returns>
    public static WalScanResult NoHeader(WalHeaderStatus status, long length) => new(status, length);
}
