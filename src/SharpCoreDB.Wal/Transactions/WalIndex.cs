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
/// for the disk: the next writer must see them, readers filter them out by sequence. A queued version's offset is
/// <see cref="Unwritten"/> (its image is served from the queued copy) until the log writer fills it in; a version
/// the writer merged away is removed. Lookups from any thread take a short lock; nothing here blocks on I/O.
/// </remarks>
internal sealed class WalIndex
{
    /// <summary>The offset of a version that is queued, not yet in the log.</summary>
    public const long Unwritten = -1;

    private readonly Dictionary<uint, Versions> _pages;

    // A Lock rather than a Monitor on the dictionary: once another thread (the log writer, a checkpoint) ever met
    // a reader here, a Monitor stayed inflated and every later uncontended lookup took its slow path, on every page
    // a transaction read.
    private readonly Lock _gate = new();
    private int _frameCount;
    private long _entriesMoved;
    private long _entriesSearched;

    /// <summary>Creates an empty index.</summary>
    public WalIndex()
        : this(0)
    {
    }

    /// <summary>Creates an empty index with room for <paramref name="pageCapacity"/> pages before it grows.</summary>
    /// <param name="pageCapacity">
    /// The pages the generation is expected to touch: the last generation's count, at a log restart. A generation of a
    /// write-heavy workload touches about as many pages as the one before, and an index grown from empty allocated
    /// about twice its final table on the way (most of a durable delete's allocation for the log, per generation).
    /// </param>
    public WalIndex(int pageCapacity)
    {
        _pages = new Dictionary<uint, Versions>(pageCapacity);
    }

    /// <summary>The number of pages with a version in the index.</summary>
    public int PageCount
    {
        get
        {
            lock (_gate)
            {
                return _pages.Count;
            }
        }
    }

    /// <summary>The number of frames indexed.</summary>
    public int FrameCount
    {
        get
        {
            lock (_gate)
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
    /// <returns>The version it follows: the page's newest version before it, or 0 (the database file's) when the log has none.</returns>
    public ulong Add(uint pageNumber, ulong sequence, long offset)
    {
        lock (_gate)
        {
            if (!_pages.TryGetValue(pageNumber, out Versions? versions))
            {
                versions = new Versions();
                _pages.Add(pageNumber, versions);
            }

            ulong previous = versions.Newest;
            versions.Add(sequence, offset);
            _frameCount++;
            return previous;
        }
    }

    /// <summary>Records where the log writer put a version entered as <see cref="Unwritten"/>.</summary>
    public void SetOffset(uint pageNumber, ulong sequence, long offset)
    {
        lock (_gate)
        {
            VersionsOf(pageNumber, sequence, out int at).SetOffset(at, offset);
        }
    }

    /// <summary>Version entries compared while finding the versions <see cref="SetOffset"/> named (for tests: a few per call, whatever the backlog).</summary>
    internal long EntriesSearched
    {
        get
        {
            lock (_gate)
            {
                return _entriesSearched;
            }
        }
    }

    /// <summary>
    /// Forgets the versions the log writer merged away in one group: for each, a newer one of the same log
    /// transaction replaces it for every snapshot. Sorts <paramref name="merged"/> by page, then sequence.
    /// </summary>
    /// <remarks>
    /// One lock and one pass over each page's newer versions for the whole group. Removed one at a time, each version
    /// was searched for and everything after it moved, and after it lie the group's later versions and those the
    /// committers queued meanwhile: an Async group of a thousand commits to one leaf moved about a million entries.
    /// </remarks>
    /// <exception cref="InvalidOperationException">A version is not in the index.</exception>
    public void RemoveMerged(List<(uint PageNumber, ulong Sequence)> merged)
    {
        merged.Sort();
        lock (_gate)
        {
            int start = 0;
            while (start < merged.Count)
            {
                uint pageNumber = merged[start].PageNumber;
                int end = start + 1;
                while (end < merged.Count && merged[end].PageNumber == pageNumber)
                {
                    end++;
                }

                if (!_pages.TryGetValue(pageNumber, out Versions? versions))
                {
                    throw new InvalidOperationException($"Version {merged[start].Sequence} of page {pageNumber} is not in the log index.");
                }

                _entriesMoved += versions.RemoveSorted(pageNumber, merged, start, end);
                _frameCount -= end - start;
                start = end;
            }
        }
    }

    /// <summary>Version entries looked at or moved by <see cref="RemoveMerged"/> (for tests: the work grows with the group, not its square).</summary>
    internal long EntriesMoved
    {
        get
        {
            lock (_gate)
            {
                return _entriesMoved;
            }
        }
    }

    /// <summary>Finds the newest version of a page written by a transaction at or below <paramref name="maxSequence"/>.</summary>
    /// <returns>True when the log holds such a version.</returns>
    public bool TryFind(uint pageNumber, ulong maxSequence, out ulong sequence, out long offset)
    {
        lock (_gate)
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
        lock (_gate)
        {
            foreach (KeyValuePair<uint, Versions> page in _pages)
            {
                if (page.Value.TryFind(upTo, out ulong sequence, out long offset) && sequence > after)
                {
                    if (offset == Unwritten)
                    {
                        // Only durable versions may be copied, and every durable version has its offset.
                        throw new InvalidOperationException($"Version {sequence} of page {page.Key} is not written yet but was asked for up to {upTo}.");
                    }

                    destination.Add(new WalFrameRef(page.Key, sequence, offset));
                }
            }
        }
    }

    /// <summary>
    /// Adds every indexed version to <paramref name="destination"/>, page by page, each page's versions oldest first
    /// (so a page's last entry is its newest version).
    /// </summary>
    public void CollectAll(List<WalFrameRef> destination)
    {
        lock (_gate)
        {
            foreach (KeyValuePair<uint, Versions> page in _pages)
            {
                page.Value.CollectInto(page.Key, destination);
            }
        }
    }

    // The version list of a page and the position of a version in it that must be there (the log writer only names
    // versions it was given).
    private Versions VersionsOf(uint pageNumber, ulong sequence, out int at)
    {
        at = -1;
        if (_pages.TryGetValue(pageNumber, out Versions? versions) && (at = versions.IndexOf(sequence, ref _entriesSearched)) >= 0)
        {
            return versions;
        }

        throw new InvalidOperationException($"Version {sequence} of page {pageNumber} is not in the log index.");
    }

    // One array of (sequence, offset) pairs rather than two, starting at one: most pages get one version per
    // generation, and each page's list is made anew in every generation.
    private sealed class Versions
    {
        private Version[] _versions = new Version[1];
        private int _count;

        public ulong Newest => _count == 0 ? 0 : _versions[_count - 1].Sequence;

        public void Add(ulong sequence, long offset)
        {
            Debug.Assert(_count == 0 || _versions[_count - 1].Sequence < sequence, "Versions are added in sequence order.");
            if (_count == _versions.Length)
            {
                Array.Resize(ref _versions, _count * 2);
            }

            _versions[_count] = new Version(sequence, offset);
            _count++;
        }

        public void SetOffset(int i, long offset) => _versions[i].Offset = offset;

        // Removes merged[start..end) (this page's, in ascending sequence) in one pass from the first of them to the
        // end of the list; returns the entries that pass looked at.
        public int RemoveSorted(uint pageNumber, List<(uint PageNumber, ulong Sequence)> merged, int start, int end)
        {
            int first = FirstAtOrAbove(merged[start].Sequence, out _);
            int next = start;
            int kept = first;
            for (int i = first; i < _count; i++)
            {
                if (next < end && _versions[i].Sequence == merged[next].Sequence)
                {
                    next++;
                    continue;
                }

                _versions[kept++] = _versions[i];
            }

            if (next < end)
            {
                throw new InvalidOperationException($"Version {merged[next].Sequence} of page {pageNumber} is not in the log index.");
            }

            int visited = _count - first;
            _count = kept;
            return visited;
        }

        // The position of the oldest version at or above a sequence (versions ascend), or the count when there is none;
        // compared counts the entries the search looked at.
        private int FirstAtOrAbove(ulong sequence, out int compared)
        {
            int low = 0;
            int high = _count;
            compared = 0;
            while (low < high)
            {
                compared++;
                int middle = (low + high) >>> 1;
                if (_versions[middle].Sequence < sequence)
                {
                    low = middle + 1;
                }
                else
                {
                    high = middle;
                }
            }

            return low;
        }

        public bool TryFind(ulong maxSequence, out ulong sequence, out long offset)
        {
            // Newest first: snapshots are almost always recent, so the answer is near the end.
            for (int i = _count - 1; i >= 0; i--)
            {
                if (_versions[i].Sequence <= maxSequence)
                {
                    sequence = _versions[i].Sequence;
                    offset = _versions[i].Offset;
                    return true;
                }
            }

            sequence = 0;
            offset = 0;
            return false;
        }

        public void CollectInto(uint pageNumber, List<WalFrameRef> destination)
        {
            for (int i = 0; i < _count; i++)
            {
                destination.Add(new WalFrameRef(pageNumber, _versions[i].Sequence, _versions[i].Offset));
            }
        }

        // The position of a version, or -1. A binary search (versions ascend): the log writer names versions behind
        // every commit queued after them, so a scan from the newest looked at the whole backlog for each frame it wrote
        // (an Async committer runs up to the queue's 4,096 commits ahead, all to the same hot leaf). Adds the entries
        // compared to searched.
        public int IndexOf(ulong sequence, ref long searched)
        {
            int at = FirstAtOrAbove(sequence, out int compared);
            searched += compared + 1;
            return at < _count && _versions[at].Sequence == sequence ? at : -1;
        }
    }

    private struct Version(ulong sequence, long offset)
    {
        public readonly ulong Sequence = sequence;
        public long Offset = offset;
    }
}
