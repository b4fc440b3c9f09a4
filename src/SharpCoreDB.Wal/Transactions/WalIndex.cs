using System.Diagnostics;
using SharpCoreDB.Wal.Recovery;

namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// Which versions of which pages the current log generation holds: page → (transaction sequence, frame offset),
/// oldest first. A snapshot reads the newest version at or below its sequence; the checkpoint copies the newest
/// version at or below its limit.
/// </summary>
/// <remarks>
/// Entries are added by the committer (under the writer lock) in sequence order, including commits still queued
/// for the disk: the next writer must see them, readers filter them out by sequence. Lookups from any thread
/// take a short lock; nothing here blocks on I/O.
/// </remarks>
internal sealed class WalIndex
{
    private readonly Dictionary<uint, Versions> _pages = [];
    private int _frameCount;

    /// <summary>The number of frames indexed.</summary>
    public int FrameCount
    {
        get
        {
            lock (_pages)
            {
                return _frameCount;
            }
        }
    }

    /// <summary>True when no frame is indexed.</summary>
    public bool IsEmpty => FrameCount == 0;

    /// <summary>Builds an index from recovered frames.</summary>
    public static WalIndex From(List<WalFrameRef> frames)
    {
        var index = new WalIndex();
        foreach (WalFrameRef frame in frames)
        {
            index.Add(frame.PageNumber, frame.Sequence, frame.Offset);
        }

        return index;
    }

    /// <summary>Records that transaction <paramref name="sequence"/> wrote <paramref name="pageNumber"/> at <paramref name="offset"/>.</summary>
    public void Add(uint pageNumber, ulong sequence, long offset)
    {
        lock (_pages)
        {
            if (!_pages.TryGetValue(pageNumber, out Versions? versions))
            {
                versions = new Versions();
                _pages.Add(pageNumber, versions);
            }

            versions.Add(sequence, offset);
            _frameCount++;
        }
    }

    /// <summary>Finds the newest version of a page written by a transaction at or below <paramref name="maxSequence"/>.</summary>
    /// <returns>True when the log holds such a version.</returns>
    public bool TryFind(uint pageNumber, ulong maxSequence, out ulong sequence, out long offset)
    {
        lock (_pages)
        {
            if (_pages.TryGetValue(pageNumber, out Versions? versions) && versions.TryFind(maxSequence, out sequence, out offset))
            {
                return true;
            }
        }

        sequence = 0;
        offset = 0;
        return false;
    }

    /// <summary>
    /// Collects, for every page with a version in (<paramref name="after"/>, <paramref name="upTo"/>], the newest such version.
    /// </summary>
    public void CollectNewest(ulong after, ulong upTo, List<WalFrameRef> destination)
    {
        lock (_pages)
        {
            foreach (KeyValuePair<uint, Versions> page in _pages)
            {
                if (page.Value.TryFind(upTo, out ulong sequence, out long offset) && sequence > after)
                {
                    destination.Add(new WalFrameRef(page.Key, sequence, offset));
                }
            }
        }
    }

    private sealed class Versions
    {
        private ulong[] _sequences = new ulong[2];
        private long[] _offsets = new long[2];
        private int _count;

        public void Add(ulong sequence, long offset)
        {
            Debug.Assert(_count == 0 || _sequences[_count - 1] < sequence, "Versions are added in sequence order.");
            if (_count == _sequences.Length)
            {
                Array.Resize(ref _sequences, _count * 2);
                Array.Resize(ref _offsets, _count * 2);
            }

            _sequences[_count] = sequence;
            _offsets[_count] = offset;
            _count++;
        }

        public bool TryFind(ulong maxSequence, out ulong sequence, out long offset)
        {
            // Newest first: snapshots are almost always recent, so the answer is near the end.
            for (int i = _count - 1; i >= 0; i--)
            {
                if (_sequences[i] <= maxSequence)
                {
                    sequence = _sequences[i];
                    offset = _offsets[i];
                    return true;
                }
            }

            sequence = 0;
            offset = 0;
            return false;
        }
    }
}
