using System.Diagnostics;

namespace SharpCoreDB.Wal.Writing;

/// <content>
/// Debug-only checks of the log's turn and of group-commit order: whoever writes frames holds the turn (Legacy:
/// the committer, under the store's writer slot), and transactions reach the log in sequence order, each write
/// after the last. They compile to nothing in Release (their calls are removed).
/// </content>
internal sealed partial class WalWriter
{
    // Debug bookkeeping, touched only by the [Conditional("DEBUG")] methods below: the last transaction handed to
    // the queue, and the last one written (and reported durable).
    private ulong _lastQueuedSequence;
    private ulong _lastWrittenSequence;

    /// <summary>Checks that the transactions of one write are in sequence order and all newer than the last write's.</summary>
    /// <param name="lastWritten">The last sequence written before.</param>
    /// <param name="commits">The transactions about to be written, in the order they will be.</param>
    [Conditional("DEBUG")]
    internal static void AssertWriteOrder(ulong lastWritten, List<WalCommit> commits)
    {
        ulong previous = lastWritten;
        foreach (WalCommit commit in commits)
        {
            Debug.Assert(
                commit.Sequence > previous,
                $"Transaction {commit.Sequence} would be written after {previous}: the log would not be in commit order.");
            previous = commit.Sequence;
        }
    }

    // Whoever writes frames or fills the frame buffer holds the log's turn. Legacy has no turn: its committers
    // write one at a time under the store's writer slot.
    [Conditional("DEBUG")]
    private void AssertTurnHeld() =>
        Debug.Assert(_mode == DurabilityMode.Legacy || _turn.CurrentCount == 0, "The log is written without holding its turn.");

    // Before a write: the turn is held and the transactions follow the last write.
    [Conditional("DEBUG")]
    private void AssertWriting(List<WalCommit> commits)
    {
        AssertTurnHeld();
        AssertWriteOrder(_lastWrittenSequence, commits);
        foreach (WalCommit commit in commits)
        {
            Debug.Assert(commit.Index == commits[0].Index, $"Transaction {commit.Sequence} of a group has another log index than the first: a log restart must end a group.");
        }
    }

    // After a successful write.
    [Conditional("DEBUG")]
    private void RecordWritten(ulong sequence) => _lastWrittenSequence = sequence;

    // Appends come one at a time (writer slot held), so queue order is sequence order.
    [Conditional("DEBUG")]
    private void AssertQueuedInOrder(WalCommit commit)
    {
        if (commit.Kind != WalCommitKind.Frames)
        {
            return;
        }

        Debug.Assert(
            commit.Sequence > _lastQueuedSequence,
            $"Transaction {commit.Sequence} is queued after {_lastQueuedSequence}: the queue would not be in commit order.");
        _lastQueuedSequence = commit.Sequence;
    }
}
