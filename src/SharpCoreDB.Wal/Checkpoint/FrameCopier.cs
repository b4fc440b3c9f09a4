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
    /// <summary>
    /// How many pages after page 0 a header rebuilt from the log may try to verify before giving up on proving the
    /// file's identity (the open's probe), and so the range in which a checkpoint looks for a page that proves it.
    /// </summary>
    public const int IdentityProbes = 64;

    // Untouched pages a checkpoint reads at most when looking for one that verifies (one normally does at once).
    private const int IdentityCandidates = 4;

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

        // Outside recovery, every page the file holds now was synced by the checkpoint or recovery that wrote it.
        long durablePages = file.StoredPageCount;
        byte[] image = ArrayPool<byte>.Shared.Rent(pageSize);
        byte[]? plain = verify ? ArrayPool<byte>.Shared.Rent(pageSize) : null;
        try
        {
            // Page 0 goes last. Should its write be garbled by a crash, the open rebuilds the header from the log once
            // some other page of the file verifies (its identity proof). A page this checkpoint does not write and that
            // verifies now is that proof, durable already; without one, the pages written here must be made durable
            // before page 0 is written, at the cost of a second sync. Recovery (verify) always pays it: the file it
            // repairs may hold pages a killed process wrote and never synced, which prove nothing after a power cut.
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
                if (frames.Count > 1 && (verify || !HoldsIdentityPage(file, durablePages, frames, IdentityCandidates)))
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

    /// <summary>
    /// True when a page among the open's identity probes (pages 1 to <see cref="IdentityProbes"/>, below
    /// <paramref name="durablePages"/>) verifies with the file's codec now, skipping the pages <paramref name="written"/>
    /// lists (sorted by page) and giving up after <paramref name="maxTried"/> pages read. Both the open (rebuilding a
    /// header from the log) and a checkpoint (deciding whether page 0 needs the pages synced first) ask this.
    /// </summary>
    public static bool HoldsIdentityPage(PageFile file, long durablePages, List<WalFrameRef>? written, int maxTried)
    {
        long limit = Math.Min(durablePages, 1 + IdentityProbes);
        int pageSize = file.PageSize;
        byte[] stored = ArrayPool<byte>.Shared.Rent(pageSize);
        byte[] plain = ArrayPool<byte>.Shared.Rent(pageSize);
        try
        {
            int next = 0;
            int tried = 0;
            for (uint page = 1; page < limit && tried < maxTried; page++)
            {
                while (written is not null && next < written.Count && written[next].PageNumber < page)
                {
                    next++;
                }

                if (written is not null && next < written.Count && written[next].PageNumber == page)
                {
                    continue;
                }

                tried++;
                file.ReadStoredPage(page, stored.AsSpan(0, pageSize));
                if (file.Codec.TryOpen(page, stored.AsSpan(0, pageSize), plain.AsSpan(0, pageSize), out _))
                {
                    return true;
                }
            }

            return false;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(stored);
            ArrayPool<byte>.Shared.Return(plain, clearArray: true);
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
