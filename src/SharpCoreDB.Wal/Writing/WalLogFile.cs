using System.Diagnostics;
using System.Security.Cryptography;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// The <c>-wal</c> device and its generation: where the next frame goes, the checksum chain, the write batch.
/// </summary>
/// <remarks>
/// <para>
/// Only the log writer (the worker thread, or the Legacy committer under the writer lock) writes
/// (<see cref="WriteFrames"/>, <see cref="WriteNewHeader"/>), so it needs no lock of its own: frames go where the
/// last write ended, in the order the writer takes commits. Others only read <see cref="WrittenEnd"/>.
/// </para>
/// <para>
/// The file grows in zero-filled steps of <see cref="GrowthStep"/>: a write that would end past what the file
/// holds also writes zeros up to the next step boundary, in the same sync. Syncing a write that extends a file
/// also has to commit the file system's metadata for the new size and blocks, which cost this project's test disk
/// twice an overwrite's sync (332 µs against 168 µs per 4 KB frame on ext4); a step costs about eight such
/// extensions once and makes the next megabyte of frames overwrites. Zeros are never a valid frame, so recovery
/// reads them as the end of the log, like any unsynced tail.
/// </para>
/// <para>
/// Every write reaches the device in pieces of at most <see cref="WritePiece"/> bytes that do not cross a multiple of
/// it. Linux (6.x, ext4 among others) sizes a page-cache folio by the write that creates it, and the folio stays while
/// the file is cached: a one-megabyte zero step or a bulk group written at once left folios of a megabyte or more
/// under the offsets that every later generation overwrites with 4 KB frames, and each such frame then paid for the
/// whole folio (a 4,144-byte write plus fdatasync on this project's test disk, medians of six rounds of 1,000: write
/// 9.2 µs against 2.9 µs, sync 183 µs against 142 µs, 81 µs against 51 µs of CPU, into a region first written in
/// 8 MiB against 64 KiB pieces; 16 KiB and 4 KiB pieces measure as 64 KiB). One write of 8 MiB becomes 128.
/// </para>
/// </remarks>
internal sealed class WalLogFile
{
    /// <summary>How far the file grows at a time when a write passes its end.</summary>
    public const int GrowthStep = 1 << 20;

    /// <summary>The largest write the log makes to its device at once, aligned to the file (see the remarks).</summary>
    public const int WritePiece = 64 * 1024;

    /// <summary>A close keeps the log's used length rounded up to this (see <see cref="EndForClose"/>).</summary>
    public const int CloseKeepUnit = GrowthStep / 4;

    // One step of zeros, enough for any step's remainder.
    private static readonly byte[] s_zeros = new byte[GrowthStep];

    private readonly byte[] _databaseId;
    private readonly Authenticator? _authenticator;

    // The MAC of the last frame written (the header's in a new generation): the seed of the next frame's MAC.
    private readonly byte[] _macChain = new byte[Authenticator.MacSize];
    private WalHeader _header;
    private uint _chain;
    private uint _batch;
    private long _writtenEnd;
    private long _generations;

    // The bytes the file holds (frames, zeros, an older generation's frames or a torn tail).
    private long _fileEnd;

    private WalLogFile(IStorageDevice device, WalHeader header, long end, uint chain, ReadOnlySpan<byte> macChain, uint batch, ReadOnlySpan<byte> databaseId, Authenticator? authenticator)
    {
        Device = device;
        _header = header;
        _writtenEnd = end;
        _chain = chain;
        macChain.CopyTo(_macChain);
        _batch = batch;
        _fileEnd = device.Length;
        _databaseId = databaseId.ToArray();
        _authenticator = authenticator;
    }

    /// <summary>The log device.</summary>
    public IStorageDevice Device { get; }

    /// <summary>The current header (generation).</summary>
    public WalHeader Header => _header;

    /// <summary>The size of one frame.</summary>
    public int FrameSize => _header.FrameSize;

    /// <summary>The page size.</summary>
    public int PageSize => _header.PageSize;

    /// <summary>How many headers (generations) this instance has written.</summary>
    public long Generations => Volatile.Read(ref _generations);

    /// <summary>The end of what has been written and synced.</summary>
    public long WrittenEnd => Volatile.Read(ref _writtenEnd);

    /// <summary>Continues a log whose valid content recovery has measured.</summary>
    /// <param name="device">The log device.</param>
    /// <param name="header">The valid header.</param>
    /// <param name="end">The end of the last valid commit.</param>
    /// <param name="chain">The checksum of the last valid frame (the header's checksum when there is none).</param>
    /// <param name="macChain">The MAC of the last valid frame (the header's when there is none; zeros when not authenticated).</param>
    /// <param name="batch">The write batch of the last valid frame (0 when there is none).</param>
    /// <param name="authenticator">The database's authenticator (encrypted databases), or null.</param>
    public static WalLogFile Resume(IStorageDevice device, WalHeader header, long end, uint chain, ReadOnlySpan<byte> macChain, uint batch, Authenticator? authenticator) =>
        new(device, header, end, chain, macChain, batch, header.DatabaseId, authenticator);

    /// <summary>Starts a new generation on <paramref name="device"/>: writes a header with fresh salts and syncs it.</summary>
    /// <param name="device">The log device.</param>
    /// <param name="pageSize">The database page size.</param>
    /// <param name="checkpointSequence">The last transaction already in the database file.</param>
    /// <param name="previousSalt1">Salt 1 of the generation being replaced (the database's checkpoint record's when there is none).</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="authenticator">The database's authenticator (encrypted databases), or null.</param>
    public static WalLogFile Start(IStorageDevice device, int pageSize, ulong checkpointSequence, uint previousSalt1, ReadOnlySpan<byte> databaseId, Authenticator? authenticator)
    {
        var header = new WalHeader(pageSize, previousSalt1, 0, 0, databaseId, authenticator: null);
        var log = new WalLogFile(device, header, WalHeader.SizeOf, 0, [], 0, databaseId, authenticator);
        log.WriteNewHeader(checkpointSequence);
        return log;
    }

    /// <summary>A log that is never written (a read-only open beside no log): its header names the database's generation.</summary>
    /// <param name="device">The log device.</param>
    /// <param name="pageSize">The database page size.</param>
    /// <param name="databaseId">The database id.</param>
    public static WalLogFile Empty(IStorageDevice device, int pageSize, ReadOnlySpan<byte> databaseId) =>
        new(device, new WalHeader(pageSize, 0, 0, 0, databaseId, authenticator: null), WalHeader.SizeOf, 0, [], 0, databaseId, null);

    /// <summary>
    /// Stamps salts, the next batch number and the checksum chain into whole frames, writes them at the end of
    /// the log with one write, and syncs the log once.
    /// </summary>
    /// <param name="frames">Whole frames, identity fields and page images filled in.</param>
    /// <returns>The offset of the first frame: the end of what was written before.</returns>
    /// <exception cref="SharpCoreDBException">IoError when the write or the sync fails.</exception>
    public long WriteFrames(Span<byte> frames)
    {
        long offset = _writtenEnd;
        Debug.Assert(frames.Length % FrameSize == 0, "Only whole frames are written.");
        uint batch = _batch + 1;
        uint chain = _chain;
        Span<byte> macChain = stackalloc byte[Authenticator.MacSize];
        _macChain.CopyTo(macChain);
        for (int at = 0; at < frames.Length; at += FrameSize)
        {
            chain = WalFrameHeader.Stamp(frames.Slice(at, FrameSize), _header.Salt1, _header.Salt2, batch, chain, _authenticator, macChain);
        }

        WriteInPieces(offset, frames);
        GrowPast(offset + frames.Length);
        Device.Flush();

        // Only after the sync: a failed batch must not advance the chain, though nothing may follow it anyway.
        _batch = batch;
        _chain = chain;
        macChain.CopyTo(_macChain);
        Volatile.Write(ref _writtenEnd, offset + frames.Length);
        return offset;
    }

    /// <summary>
    /// Starts a new generation: new salts, the given checkpoint sequence, written over the old header and synced.
    /// Everything in the old generation must already be in the database file (and that file synced).
    /// </summary>
    /// <exception cref="SharpCoreDBException">IoError when the write or the sync fails.</exception>
    public void WriteNewHeader(ulong checkpointSequence)
    {
        WriteHeader(checkpointSequence);

        // Synced before any frame of the new generation is written: frames are only meaningful under a durable header.
        Device.Flush();
    }

    /// <summary>
    /// Ends the log at close: starts a new, empty generation over it (unless the current one is already empty), and
    /// cuts the file back to what the ending generation used, rounded up to <see cref="CloseKeepUnit"/> (one unit when it
    /// used nothing), or to one <see cref="GrowthStep"/> when that generation was longer. Syncs only before cutting into
    /// a generation's frames, or behind a header this close did not write.
    /// Everything in the log must already be in the database file and that file synced.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The header needs no sync of its own: a crash leaves either the old header with its frames, all of them copied
    /// (as after a crash right after the final checkpoint: the open copies them again), or the new one over frames of
    /// other salts, which the open reads as the end of the log. The next commit's sync, a sync of the same file, makes
    /// the header durable with its frames. SQLite likewise deletes its log at close without a sync. A cut below the
    /// ending generation's last frame is different: the old header over a log cut short would no longer reach the
    /// transaction the database file's checkpoint record names, which the open refuses, so the new header is synced
    /// first; a cut above it (zeros and older generations only) needs no sync in either order.
    /// </para>
    /// <para>
    /// The file keeps what the session used instead of shrinking to the header: the next session's frames then
    /// overwrite blocks the file already has, where a file cut to its header made the first commit after every open
    /// write a step of zeros and sync the file's new size and blocks. It keeps no more than that, rounded up, because
    /// the open reads everything after the header to tell a torn tail from damage.
    /// </para>
    /// </remarks>
    /// <param name="checkpointSequence">The last transaction in the database file.</param>
    /// <exception cref="SharpCoreDBException">IoError when a write, the sync or the truncation fails.</exception>
    public void EndForClose(ulong checkpointSequence)
    {
        long used = WrittenEnd;
        long length = Device.Length;
        long keep = CloseKeepUnit;
        if (used > WalHeader.SizeOf)
        {
            WriteHeader(checkpointSequence);
            if (used <= GrowthStep)
            {
                keep = Math.Min(length, (used + CloseKeepUnit - 1) / CloseKeepUnit * CloseKeepUnit);
                if (length > keep)
                {
                    Cut(keep);
                }

                return;
            }

            keep = GrowthStep;
        }

        // The ending generation reaches past one step, or is empty (a session that wrote nothing) over frames of earlier
        // ones, and then its header, left by the last close, may not be durable yet: only a durable new header makes the
        // frames behind it disposable. An empty generation keeps one unit, like a session that used less: every open
        // reads the whole file behind the header, so a log left at a step by a long session would cost every read-only
        // session after it a step's read at open.
        if (length > keep)
        {
            Device.Flush();
            Cut(keep);
        }
    }

    private void Cut(long length)
    {
        Device.SetLength(length);
        _fileEnd = length;
    }

    // Writes a new generation's header (new salts) over the old one, and resets the chain and batch to follow it.
    private void WriteHeader(ulong checkpointSequence)
    {
        // Salt 1 counts generations so it always differs from the last; salt 2 is random so a log copied from
        // another database cannot be mistaken for this one's.
        uint salt1 = unchecked(_header.Salt1 + 1);
        uint salt2 = BitConverter.ToUInt32(RandomNumberGenerator.GetBytes(sizeof(uint)));
        var header = new WalHeader(_header.PageSize, salt1, salt2, checkpointSequence, _databaseId, _authenticator);
        Span<byte> bytes = stackalloc byte[WalHeader.SizeOf];
        header.Write(bytes);
        Device.Write(0, bytes);
        _header = header;
        _chain = header.Checksum;
        header.Mac.CopyTo(_macChain);
        _batch = 0;
        Volatile.Write(ref _writtenEnd, WalHeader.SizeOf);
        Interlocked.Increment(ref _generations);
    }

    /// <summary>Cuts the file back to its header and syncs it. Everything after the header must be disposable (an empty generation).</summary>
    /// <exception cref="SharpCoreDBException">IoError when the truncation or the sync fails.</exception>
    public void Shrink()
    {
        Device.SetLength(WalHeader.SizeOf);
        _fileEnd = WalHeader.SizeOf;
        Device.Flush();
    }

    /// <summary>Reads the stored page image of the frame at <paramref name="frameOffset"/>.</summary>
    /// <exception cref="SharpCoreDBException">Corrupt when the log ends before the frame; IoError when the read fails.</exception>
    public void ReadImage(long frameOffset, Span<byte> destination)
    {
        Debug.Assert(destination.Length == PageSize);
        int read = Device.Read(frameOffset + WalFrameHeader.SizeOf, destination);
        if (read != destination.Length)
        {
            throw WalErrors.TornFrame(Device.Name, frameOffset);
        }
    }

    // Writes in pieces of at most WritePiece bytes that end on multiples of it (see the remarks). A failed piece
    // throws IoError like a failed whole write: the caller then knows nothing of what reached the file either way.
    private void WriteInPieces(long offset, ReadOnlySpan<byte> bytes)
    {
        while (!bytes.IsEmpty)
        {
            int length = (int)Math.Min(bytes.Length, WritePiece - (offset % WritePiece));
            Device.Write(offset, bytes[..length]);
            offset += length;
            bytes = bytes[length..];
        }
    }

    // Zero-fills from end to the next growth step when end passes what the file holds (see the remarks).
    private void GrowPast(long end)
    {
        if (end <= _fileEnd)
        {
            return;
        }

        long target = (end + GrowthStep - 1) / GrowthStep * GrowthStep;
        if (target > end)
        {
            WriteInPieces(end, s_zeros.AsSpan(0, (int)(target - end)));
        }

        _fileEnd = target;
    }
}
