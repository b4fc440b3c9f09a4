using System.Buffers;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Checkpoint;

/// <summary>
/// Copies page images from log frames into the database file, as stored: a frame already holds the sealed
/// (checksummed or encrypted) page exactly as the database file stores it, so nothing is re-encrypted.
/// </summary>
internal static class FrameCopier
{
    /// <summary>Orders frames by page number so the database file is written front to back.</summary>
    public static void SortByPage(List<WalFrameRef> frames) =>
        frames.Sort(static (a, b) => a.PageNumber.CompareTo(b.PageNumber));

    /// <summary>Writes each frame's image to its page and the checkpoint record, then syncs the database file once.</summary>
    /// <param name="frames">The newest version to copy of each page.</param>
    /// <param name="log">The log to read the images from.</param>
    /// <param name="file">The database file.</param>
    /// <param name="verify">Also verify each image with the codec first (recovery: the log may not be this database's).</param>
    /// <param name="stamp">The generation and sequence the file holds once these pages are in.</param>
    /// <exception cref="SharpCoreDBException">Corrupt when <paramref name="verify"/> finds a bad image; IoError.</exception>
    public static void CopyAndSync(List<WalFrameRef> frames, WalLogFile log, PageFile file, bool verify, CheckpointStamp stamp)
    {
        int pageSize = file.PageSize;
        byte[] image = ArrayPool<byte>.Shared.Rent(pageSize);
        byte[]? plain = verify ? ArrayPool<byte>.Shared.Rent(pageSize) : null;
        try
        {
            // Page 0 goes last, after a sync of the others: should its write be lost or garbled by a crash, the
            // pages written with it are durable and prove the file's identity when the header is rebuilt from the log.
            WalFrameRef? header = null;
            foreach (WalFrameRef frame in frames)
            {
                if (frame.PageNumber == 0)
                {
                    header = frame;
                    continue;
                }

                Copy(frame, log, file, image.AsSpan(0, pageSize), plain);
            }

            if (header is { } headerFrame)
            {
                if (frames.Count > 1)
                {
                    file.Flush();
                }

                Copy(headerFrame, log, file, image.AsSpan(0, pageSize), plain);
            }

            // The record goes with the pages in the same sync: should the sync not complete, the log (not yet
            // restarted) still holds every frame, and recovery replays its generation whatever the record says.
            file.WriteCheckpointRecord(stamp.Salt1, stamp.Salt2, stamp.Sequence);

            // The log may be restarted only after this sync: until then the frames are the only durable copy.
            file.Flush();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(image);
            if (plain is not null)
            {
                ArrayPool<byte>.Shared.Return(plain, clearArray: true);
            }
        }
    }

    private static void Copy(WalFrameRef frame, WalLogFile log, PageFile file, Span<byte> stored, byte[]? plain)
    {
        log.ReadImage(frame.Offset, stored);
        if (plain is not null && !file.Codec.TryOpen(frame.PageNumber, stored, plain.AsSpan(0, stored.Length), out string? failure))
        {
            throw WalErrors.FrameFailsVerification(log.Device.Name, frame.PageNumber, frame.Sequence, frame.Offset, failure, file.Name);
        }

        file.WriteStoredPage(frame.PageNumber, stored);
    }
}
