using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>What <see cref="WalRecovery.Scan"/> found in a log: the committed frames and where to continue.</summary>
internal sealed class WalScanResult
{
    /// <summary>Creates a result.</summary>
    public WalScanResult(bool hasHeader, WalHeader header, List<WalFrameRef> frames, ulong lastSequence, uint databaseSize, long end, uint chain, uint batch, long discardedBytes)
    {
        HasHeader = hasHeader;
        Header = header;
        Frames = frames;
        LastSequence = lastSequence;
        DatabaseSize = databaseSize;
        End = end;
        Chain = chain;
        Batch = batch;
        DiscardedBytes = discardedBytes;
    }

    /// <summary>False when the log had no valid header (never started, or its reset was torn): it holds nothing.</summary>
    public bool HasHeader { get; }

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

    /// <summary>The write batch of the last committed frame (0 when there is none).</summary>
    public uint Batch { get; }

    /// <summary>Bytes after <see cref="End"/>: an unfinished transaction, a torn write, an older generation's frames, or the zeros the file grew by.</summary>
    public long DiscardedBytes { get; }
}
