using System.Buffers;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>
/// Decides whether the log beside a database may be replayed into it, by comparing the log's generation with the
/// database file's checkpoint record (<see cref="CheckpointRecord"/>): replay a log of the file's own history, ignore
/// one the file provably already holds, and refuse (<c>Corrupt</c>, changing neither file) everything else.
/// </summary>
/// <remarks>
/// <para>
/// The invariant that makes the rules sound: a checkpoint writes the record (generation G, sequence S) together with
/// the pages it copies and syncs them before the log may be reset, and a reset starts generation G' (salt 1 one
/// higher than G's) at exactly checkpoint sequence S. So beside a file whose record is (G, S):
/// </para>
/// <list type="bullet">
/// <item>a log of generation G is the one the file was last brought up to date from: it holds every transaction
/// from its start to at least S, and replaying it brings the file to its end;</item>
/// <item>a log of a later generation (salt 1 ahead, serial-number order) that starts at S continues the file: replay;
/// one that starts after S means the file is older than its log (restored from an older copy, or copied at another
/// moment): replaying it would leave a mix of two states, so refuse;</item>
/// <item>a log of an earlier generation holds nothing the file lacks (it was copied in before G began), provided its
/// transactions end at or before S: ignore it; replaying it would roll pages back;</item>
/// <item>the same salt 1 with another salt 2 is another history of the same database: refuse.</item>
/// </list>
/// <para>
/// A log whose header does not verify is either a reset torn by a crash, which is harmless (a reset starts only
/// once every frame is in the file), or a damaged header in front of commits the file does not hold yet. The two are
/// told apart by the frames behind it: any frame whose page image verifies with the database's key or checksum and
/// that the record does not cover (another generation, or a later sequence) proves damage, and the open fails
/// without truncating or rewriting anything.
/// </para>
/// </remarks>
internal static class LogAdmission
{
    /// <summary>Decides what to do with a scanned log.</summary>
    /// <param name="file">The open database file (its id, codec and checkpoint record).</param>
    /// <param name="wal">The log device.</param>
    /// <param name="scan">The log's scan.</param>
    /// <returns>The verdict.</returns>
    /// <exception cref="SharpCoreDBException">Corrupt when the log may be neither replayed nor ignored; IoError.</exception>
    public static LogVerdict Decide(PageFile file, IStorageDevice wal, WalScanResult scan)
    {
        CheckpointRecord? record = file.CheckpointRecord;
        if (!scan.HasHeader)
        {
            if (scan.HeaderStatus == WalHeaderStatus.Invalid)
            {
                ThrowIfHoldsUncopiedFrames(file, wal, record);
            }

            return LogVerdict.Ignore(record);
        }

        WalHeader header = scan.Header;
        if (record is not { } r)
        {
            // Both record slots lost (a header page rebuilt from the log): the log's own checks are all there is.
            return LogVerdict.Replay(header, scan.LastSequence);
        }

        int age = unchecked((int)(header.Salt1 - r.Salt1));
        if (age == 0 && header.Salt2 == r.Salt2)
        {
            if (header.CheckpointSequence > r.Sequence || scan.LastSequence < r.Sequence)
            {
                throw Refuse(file, wal, $"the log (transactions {header.CheckpointSequence + 1} to {scan.LastSequence}) does not reach transaction {r.Sequence}, which the database file already holds from it: the log was cut short or copied at another moment");
            }

            return LogVerdict.Replay(header, scan.LastSequence);
        }

        if (age > 0)
        {
            if (header.CheckpointSequence == r.Sequence)
            {
                return LogVerdict.Replay(header, scan.LastSequence);
            }

            throw Refuse(file, wal, header.CheckpointSequence > r.Sequence
                ? $"the log continues from transaction {header.CheckpointSequence + 1}, but the database file holds transactions only up to {r.Sequence}: the database file is older than its log (restored from an older copy, or the two files were copied at different moments)"
                : $"the log starts at transaction {header.CheckpointSequence + 1}, before the database file's last checkpoint ({r.Sequence}), in a later generation: the two files do not belong together");
        }

        if (age < 0 && scan.LastSequence <= r.Sequence)
        {
            // Stale: everything in it was copied into the file before the file's generation began.
            return LogVerdict.Ignore(record);
        }

        throw Refuse(file, wal, age < 0
            ? $"the log is from an older generation of the database file, yet holds transactions up to {scan.LastSequence}, past the file's {r.Sequence}: the two files come from different histories"
            : "the log and the database file come from different histories of the database");
    }

    private static SharpCoreDBException Refuse(PageFile file, IStorageDevice wal, string why) => new(
        SharpCoreDBErrorCode.Corrupt,
        $"The write-ahead log '{wal.Name}' cannot be applied to '{file.Name}': {why}. Nothing was changed; restore the two files as a pair, or move the log away to open the database as its file stands.");

    // A damaged header hides nothing when no frame behind it holds a transaction the file lacks.
    private static void ThrowIfHoldsUncopiedFrames(PageFile file, IStorageDevice wal, CheckpointRecord? record)
    {
        int frameSize = WalFrameHeader.SizeOf + file.PageSize;
        long length = wal.Length;
        byte[] frame = ArrayPool<byte>.Shared.Rent(frameSize);
        byte[] plain = ArrayPool<byte>.Shared.Rent(file.PageSize);
        try
        {
            for (long offset = WalHeader.SizeOf; offset + frameSize <= length; offset += frameSize)
            {
                if (wal.Read(offset, frame.AsSpan(0, frameSize)) != frameSize)
                {
                    return;
                }

                WalFrameHeader fields = WalFrameHeader.Read(frame);
                bool verifies = file.Codec.TryOpen(fields.PageNumber, frame.AsSpan(WalFrameHeader.SizeOf, file.PageSize), plain, out _);
                // Frames of the record's generation or an older one (a reset leaves the tail of every longer earlier
                // generation behind) that end at or before its sequence are in the file already.
                bool covered = record is { } r
                    && fields.Sequence <= r.Sequence
                    && (unchecked((int)(fields.Salt1 - r.Salt1)) < 0 || (fields.Salt1 == r.Salt1 && fields.Salt2 == r.Salt2));
                if (verifies && !covered)
                {
                    throw WalErrors.DamagedHeaderHidesTransactions(wal.Name, file.Name, fields.PageNumber, fields.Sequence, offset);
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(frame);
            ArrayPool<byte>.Shared.Return(plain, clearArray: true);
        }
    }
}
