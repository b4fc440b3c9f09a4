using System.Diagnostics;
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Writing;

/// <summary>How <see cref="WalWriter"/> turns a group of commits into frames.</summary>
/// <remarks>
/// <para>
/// A group (everything queued when the writer gets to it) is written with one write and one fdatasync. Within
/// it, consecutive commits are merged into one log transaction unless a reader could observe the state between
/// them: the merged transaction carries the sequence of its last commit, and of each page only the newest image.
/// Many small commits to the same pages (a hot leaf, the header) then cost one frame per page per sync instead of
/// one per commit, which is what lets group commit scale past the disk's bandwidth for page images.
/// </para>
/// <para>
/// Merging is safe for durability because a group is atomic anyway: FullSync acknowledges its commits only after
/// the sync, so a crash before it loses them all and none was acknowledged; Async promises a prefix of the commit
/// order, and a log transaction ending at a commit boundary keeps that. It is safe for readers because the frame
/// source names every point a reader can stand on (<see cref="IWalFrameSource.CollectSnapshotBoundaries"/>), and
/// a log transaction ends at each of them: a merged-away version is one no snapshot can see.
/// </para>
/// </remarks>
internal sealed partial class WalWriter
{
    private readonly List<ulong> _boundaries = [];
    private readonly List<PlannedFrame> _planned = [];
    private readonly List<(int FrameEnd, int LastCommit)> _segmentEnds = [];
    private readonly List<(uint PageNumber, ulong Sequence)> _superseded = [];
    private readonly Dictionary<uint, int> _segmentSlots = [];

    /// <summary>Entries the per-segment page map has room for: what emptying it after each group costs (tests bound it).</summary>
    internal int SegmentMapCapacity => _segmentSlots.Capacity;

    // Writes the transactions of one group (in sequence order) with one write and one sync, fills in their log
    // offsets, and reports the last one durable. Throws IoError without side effects on the index.
    private void WriteFrames(List<WalCommit> commits)
    {
        Debug.Assert(commits.Count > 0, "Nothing to write.");
        AssertWriting(commits);
        PlanFrames(commits);
        int frameSize = _log.FrameSize;
        int frameCount = _planned.Count;
        byte[] buffer = FrameBuffer(checked(frameCount * frameSize));
        try
        {
            int frame = 0;
            foreach ((int segmentEnd, int lastCommit) in _segmentEnds)
            {
                WalCommit last = commits[lastCommit];
                for (; frame < segmentEnd; frame++)
                {
                    PlannedFrame planned = _planned[frame];
                    Span<byte> bytes = buffer.AsSpan(frame * frameSize, frameSize);
                    uint databaseSize = frame == segmentEnd - 1 ? last.DatabaseSize : 0;
                    WalFrameHeader.WriteIdentity(bytes, planned.Page, databaseSize, last.Sequence);
                    ulong version = commits[planned.Commit].Sequence;
                    if (!SealedAhead(frame, planned.Page, version))
                    {
                        _source.Seal(planned.Page, version, bytes[WalFrameHeader.SizeOf..]);
                    }
                }
            }

            long started = Stopwatch.GetTimestamp();
            long offset = _log.WriteFrames(buffer.AsSpan(0, frameCount * frameSize));
            _lastSyncTicks = Stopwatch.GetTimestamp() - started;

            // Offsets before the durable report: once reported, the queued copies may go, and readers then find
            // the versions in the log.
            for (int i = 0; i < frameCount; i++)
            {
                PlannedFrame planned = _planned[i];
                WalCommit commit = commits[planned.Commit];
                commit.Index!.SetOffset(planned.Page, commit.Sequence, offset + ((long)i * frameSize));
            }

            // All of a group's commits share one index: a log restart (a new index) ends the group before it.
            if (_superseded.Count > 0)
            {
                commits[0].Index!.RemoveMerged(_superseded);
            }
        }
        finally
        {
            TrimFrameBuffer();
            _planned.Clear();
            _segmentEnds.Clear();
            _superseded.Clear();
        }

        Interlocked.Increment(ref _syncCount);
        Interlocked.Add(ref _durableCommitCount, commits.Count);
        _lastGroupCommits = commits.Count;
        RecordWritten(commits[^1].Sequence);
        _onDurable(commits[^1].Sequence);

        // After the committers are released, so measuring never delays a commit.
        _events?.GroupSynced(commits.Count, _lastSyncTicks);
    }

    // Splits the commits into log transactions (segment ends in _segmentEnds, as frame counts) and keeps, within
    // each, the newest version of every page it writes (in order of first appearance).
    private void PlanFrames(List<WalCommit> commits)
    {
        ulong mergeableBelow = 0;
        _boundaries.Clear();
        if (commits.Count > 1)
        {
            mergeableBelow = _source.CollectSnapshotBoundaries(commits[0].Sequence, commits[^1].Sequence, _boundaries);
        }

        _segmentSlots.Clear();
        for (int c = 0; c < commits.Count; c++)
        {
            WalCommit commit = commits[c];
            ReadOnlySpan<uint> pages = commit.Pages.AsSpan(0, commit.PageCount);
            foreach (uint page in pages)
            {
                if (_segmentSlots.TryGetValue(page, out int slot))
                {
                    // A page listed twice by one commit is one version, not a superseded one.
                    if (_planned[slot].Commit != c)
                    {
                        _superseded.Add((page, commits[_planned[slot].Commit].Sequence));
                        _planned[slot] = new PlannedFrame(page, c);
                    }
                }
                else
                {
                    _segmentSlots.Add(page, _planned.Count);
                    _planned.Add(new PlannedFrame(page, c));
                }
            }

            bool endsSegment = c == commits.Count - 1
                || commit.Sequence >= mergeableBelow
                || _boundaries.Contains(commit.Sequence);
            if (endsSegment)
            {
                _segmentEnds.Add((_planned.Count, c));
                ReusedMap.Clear(_segmentSlots);
            }
        }
    }

    /// <summary>A frame to write: a page, and which commit of the group holds its newest version.</summary>
    private readonly record struct PlannedFrame(uint Page, int Commit);
}

