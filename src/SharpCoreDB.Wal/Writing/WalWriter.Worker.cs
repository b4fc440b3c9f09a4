using System.Buffers;
using System.Threading.Channels;

namespace SharpCoreDB.Wal.Writing;

/// <summary>The group-commit worker of <see cref="WalWriter"/>.</summary>
internal sealed partial class WalWriter
{
    // A dedicated thread rather than a pool task: it blocks in fdatasync by design, and committers blocked on
    // the pool must never be able to starve the one thread that would release them.
    private void WorkerLoop()
    {
        ChannelReader<WalCommit> reader = _queue!.Reader;
        while (WaitForWork(reader))
        {
            if (_mode == DurabilityMode.Async && _failure is null)
            {
                // Let commits gather for up to one flush interval; a barrier or close cuts the wait short.
                _urgent.Wait(_flushInterval);
            }

            DrainOnce(reader);
        }
    }

    private static bool WaitForWork(ChannelReader<WalCommit> reader)
    {
        ValueTask<bool> wait = reader.WaitToReadAsync();
        return wait.IsCompletedSuccessfully ? wait.Result : wait.AsTask().GetAwaiter().GetResult();
    }

    private void DrainOnce(ChannelReader<WalCommit> reader)
    {
        long groupBytes = 0;
        while (groupBytes < MaxGroupBytes && reader.TryRead(out WalCommit? commit))
        {
            if (_failure is { } failure)
            {
                FailBehind(commit, failure);
                continue;
            }

            if (commit.Kind == WalCommitKind.Reset)
            {
                // Everything before the reset must be on disk under the old header before the new one replaces it.
                WriteGroup();
                groupBytes = 0;
                if (_failure is null)
                {
                    try
                    {
                        _log.WriteNewHeader(commit.Sequence);
                    }
                    catch (SharpCoreDBException ex)
                    {
                        Latch(ex, commit.Sequence, commit.Sequence);
                    }
                }

                continue;
            }

            _group.Add(commit);
            groupBytes += commit.Length;
        }

        WriteGroup();
    }

    private void WriteGroup()
    {
        if (_group.Count == 0)
        {
            return;
        }

        // Barriers carry no frames; the group's frames are contiguous because offsets were reserved in queue order.
        int frameCommits = 0;
        int totalBytes = 0;
        WalCommit? single = null;
        ulong firstSequence = 0;
        ulong lastSequence = 0;
        long offset = 0;
        foreach (WalCommit commit in _group)
        {
            if (commit.Kind != WalCommitKind.Frames)
            {
                continue;
            }

            if (frameCommits == 0)
            {
                firstSequence = commit.Sequence;
                offset = commit.Offset;
                single = commit;
            }

            frameCommits++;
            totalBytes += commit.Length;
            lastSequence = commit.Sequence;
        }

        byte[]? rented = null;
        SharpCoreDBException? failure = _failure;
        try
        {
            if (failure is null && frameCommits > 0)
            {
                Span<byte> frames;
                if (frameCommits == 1)
                {
                    frames = single!.Buffer.AsSpan(0, single.Length);
                }
                else
                {
                    // Rented and returned by this one thread, so the shared pool's per-thread cache serves it.
                    rented = ArrayPool<byte>.Shared.Rent(totalBytes);
                    int at = 0;
                    foreach (WalCommit commit in _group)
                    {
                        if (commit.Kind == WalCommitKind.Frames)
                        {
                            commit.Buffer.AsSpan(0, commit.Length).CopyTo(rented.AsSpan(at));
                            at += commit.Length;
                        }
                    }

                    frames = rented.AsSpan(0, totalBytes);
                }

                _log.WriteFrames(frames, offset);
                _onDurable(lastSequence);
            }
        }
        catch (SharpCoreDBException ex)
        {
            failure = Latch(ex, firstSequence, lastSequence);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }

        foreach (WalCommit commit in _group)
        {
            commit.ReturnBuffer();
            if (failure is null)
            {
                commit.Completion?.TrySetResult();
            }
            else
            {
                commit.Completion?.TrySetException(failure);
            }
        }

        _group.Clear();
    }

    private void FailBehind(WalCommit commit, SharpCoreDBException failure)
    {
        commit.ReturnBuffer();
        commit.Completion?.TrySetException(new SharpCoreDBException(
            SharpCoreDBErrorCode.IoError,
            $"Transaction {commit.Sequence} was queued behind a failed write to the write-ahead log '{_log.Device.Name}' and is not committed: {failure.Message}",
            failure));
    }
}
