using System.Buffers;
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Writing;

/// <summary>The frame buffer of <see cref="WalWriter"/>, and sealing page images into it while a group gathers.</summary>
/// <remarks>
/// While the FullSync writer waits for the committers it just released to queue again (the group commit delay), it
/// would otherwise only spin. It seals the page images of the commits already taken into the buffer the group will be
/// written from instead, in the order <see cref="PlanFrames"/> lays frames out when the group is one log transaction
/// (the usual case): each page's first version in the group, in a frame slot of its own. When the group is written,
/// a frame whose slot holds the sealed image of exactly the page version it needs is not sealed again; every other
/// frame is. A page that a later commit of the group writes again is therefore sealed twice (ahead, then its newest
/// version at the write), and a snapshot boundary that splits the group moves frames, whose slots then no longer
/// match. Re-sealing such a page ahead at every new version instead cost more than it saved: many one-row commits to
/// one hot leaf sealed (or encrypted) it once per commit on the CPUs the committers needed.
/// What is left between the last commit of a group and its sync is stamping and writing, not sealing (16 leaves:
/// 11-16 µs per sync on two cores, more with encryption).
/// </remarks>
internal sealed partial class WalWriter
{
    /// <summary>
    /// Frame buffers up to this size stay with the writer between groups and come from (and go back to)
    /// <see cref="FramePool"/>. A larger one is allocated for a large group, kept while the groups after it are large
    /// too (a run of 1 MiB updates reuses it), and dropped after the first group that fits in this size, never given
    /// to the pool: the shared pool keeps what it is given for the life of the process, so one bulk commit used to
    /// leave a 32 MiB buffer held there for good. A bulk writer that keeps each commit within it (the database copier)
    /// writes without allocating frame buffers.
    /// </summary>
    internal const int KeptBufferBytes = 1024 * 1024;

    /// <summary>Where frame buffers up to <see cref="KeptBufferBytes"/> come from (tests count what it is given).</summary>
    internal ArrayPool<byte> FramePool { get; init; } = ArrayPool<byte>.Shared;

    private readonly List<(uint Page, ulong Version)> _sealedAhead = [];
    private readonly HashSet<uint> _aheadPages = [];

    /// <summary>Room of the set of pages sealed ahead in the current group (tests: emptied per group, shrunk after a large one).</summary>
    internal int AheadPagesCapacity => _aheadPages.Capacity;
    private int _aheadTaken;
    private byte[]? _frameBuffer;

    // The most frame bytes a group asked for since the last trim.
    private int _frameBytesWanted;

    // Seals the first version in the group of each page written by the commits taken into _group since the last
    // call. Worker thread only.
    private void SealAhead()
    {
        AssertTurnHeld();
        int frameSize = _log.FrameSize;
        for (; _aheadTaken < _group.Count; _aheadTaken++)
        {
            WalCommit commit = _group[_aheadTaken];
            if (commit.Kind != WalCommitKind.Frames)
            {
                continue;
            }

            foreach (uint page in commit.Pages.AsSpan(0, commit.PageCount))
            {
                if (!_aheadPages.Add(page))
                {
                    continue;
                }

                int slot = _sealedAhead.Count;
                byte[] buffer = FrameBuffer(checked((slot + 1) * frameSize));
                _source.Seal(page, commit.Sequence, buffer.AsSpan((slot * frameSize) + WalFrameHeader.SizeOf, _log.PageSize));
                _sealedAhead.Add((page, commit.Sequence));
            }
        }
    }

    // True when frame slot `frame` of the buffer already holds the sealed image of this page version.
    private bool SealedAhead(int frame, uint page, ulong version) =>
        frame < _sealedAhead.Count && _sealedAhead[frame] == (page, version);

    // Forgets what was sealed ahead: the group was written (or failed), and the buffer's slots mean nothing now. The
    // worker's group path calls it once per group (Legacy never seals ahead).
    private void ForgetSealedAhead()
    {
        _sealedAhead.Clear();
        ReusedMap.Clear(_aheadPages);
        _aheadTaken = 0;
    }

    // The writer's frame buffer, at least `length` bytes, keeping what is already in it.
    private byte[] FrameBuffer(int length)
    {
        _frameBytesWanted = Math.Max(_frameBytesWanted, length);
        byte[]? buffer = _frameBuffer;
        if (buffer is not null && buffer.Length >= length)
        {
            return buffer;
        }

        int size = Math.Max(length, buffer is null ? 0 : buffer.Length * 2);
        byte[] larger = size <= KeptBufferBytes ? FramePool.Rent(size) : GC.AllocateUninitializedArray<byte>(size);
        if (buffer is not null)
        {
            buffer.AsSpan().CopyTo(larger);
            GiveBack(buffer);
        }

        _frameBuffer = larger;
        return larger;
    }

    // A buffer the writer is done with: back to the pool if it came from there, else left to the garbage collector.
    private void GiveBack(byte[] buffer)
    {
        if (buffer.Length <= KeptBufferBytes)
        {
            FramePool.Return(buffer);
        }
    }

    // After a write: a buffer grown for large groups is not held on to once a group fits in the kept size.
    private void TrimFrameBuffer()
    {
        if (_frameBuffer is { Length: > KeptBufferBytes } && _frameBytesWanted <= KeptBufferBytes)
        {
            ReleaseFrameBuffer();
        }

        _frameBytesWanted = 0;
    }

    // When the writer stops.
    private void ReleaseFrameBuffer()
    {
        if (_frameBuffer is { } buffer)
        {
            _frameBuffer = null;
            GiveBack(buffer);
        }
    }
}
