using System.Diagnostics;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal;

/// <content>
/// Debug-only checks of what must always hold at the store's concurrency points: the sequence marks and the writer
/// slot. They compile to nothing in Release (their calls are removed), so they may walk state the hot path never
/// would.
/// </content>
internal sealed partial class WalPageStore
{
    // Debug bookkeeping for the writer-slot checks: the write transaction holding the slot, if one does (an explicit
    // checkpoint holds it without a transaction). Only the [Conditional("DEBUG")] methods below touch it.
    private WalWriteTransaction? _slotHolder;

    /// <summary>
    /// Checks the sequence marks against each other (see the type remarks): backfilled ≤ durable; what new readers
    /// see is durable (Legacy, FullSync) or enqueued (Async); commits waiting to become visible are newer than what
    /// is visible, in sequence order. Durable ≤ enqueued is not checked: the log writer may sync a commit before its
    /// committer, back from <see cref="WalWriter.Append"/>, records it as enqueued.
    /// </summary>
    /// <param name="backfilled">Copied into the database file.</param>
    /// <param name="durable">Written and synced.</param>
    /// <param name="visible">Seen by new readers.</param>
    /// <param name="enqueued">Handed to the log.</param>
    /// <param name="asyncVisibility">True when readers see a commit once it is enqueued (Async).</param>
    /// <param name="inFlight">Commits enqueued and not yet visible (Legacy, FullSync).</param>
    [Conditional("DEBUG")]
    internal static void AssertSequenceMarks(
        ulong backfilled,
        ulong durable,
        ulong visible,
        ulong enqueued,
        bool asyncVisibility,
        Queue<(ulong Sequence, uint PageCount)> inFlight)
    {
        Debug.Assert(backfilled <= durable, $"Backfilled sequence {backfilled} is past the durable sequence {durable}.");
        if (asyncVisibility)
        {
            Debug.Assert(visible <= enqueued, $"Visible sequence {visible} is past the enqueued sequence {enqueued}.");
        }
        else
        {
            Debug.Assert(visible <= durable, $"Visible sequence {visible} is past the durable sequence {durable}.");
        }

        ulong previous = visible;
        foreach ((ulong sequence, _) in inFlight)
        {
            Debug.Assert(sequence > previous, $"In-flight commit {sequence} follows {previous}: not newer than what is visible, or out of order.");
            previous = sequence;
        }
    }

    /// <summary>Checks that a sequence mark only grows.</summary>
    /// <param name="mark">The mark's name, for the message.</param>
    /// <param name="current">Its value now.</param>
    /// <param name="next">The value it is about to take.</param>
    [Conditional("DEBUG")]
    internal static void AssertAdvances(string mark, ulong current, ulong next) =>
        Debug.Assert(next >= current, $"The {mark} sequence would go back from {current} to {next}.");

    // Snapshot lock held.
    [Conditional("DEBUG")]
    private void AssertSequenceMarks()
    {
        Debug.Assert(_snapshotLock.IsHeldByCurrentThread, "The sequence marks are read without the snapshot lock.");
        AssertSequenceMarks(_backfilled, _durable, _visible, Volatile.Read(ref _enqueued), _writer?.Mode == DurabilityMode.Async, _inFlight);
    }

    // For the methods documented "writer slot held".
    [Conditional("DEBUG")]
    private void AssertWriterSlotHeld() =>
        Debug.Assert(_writerSlot.IsHeld, "The writer slot is not held.");

    // For the commit path: the slot is held, by this transaction.
    [Conditional("DEBUG")]
    private void AssertSlotHeldBy(WalWriteTransaction transaction)
    {
        AssertWriterSlotHeld();
        Debug.Assert(ReferenceEquals(_slotHolder, transaction), "A write transaction commits without holding the writer slot.");
    }

    // The writer slot was just taken for a new write transaction: no other transaction may hold it.
    [Conditional("DEBUG")]
    private void AssertSlotTaken(WalWriteTransaction transaction)
    {
        AssertWriterSlotHeld();
        Debug.Assert(_slotHolder is null, "A second write transaction took the writer slot while another held it.");
        _slotHolder = transaction;
    }

    // The write transaction that holds the slot gives it back.
    [Conditional("DEBUG")]
    private void AssertSlotGivenBack(WalWriteTransaction transaction)
    {
        AssertWriterSlotHeld();
        Debug.Assert(ReferenceEquals(_slotHolder, transaction), "A write transaction gave back a writer slot it does not hold.");
        _slotHolder = null;
    }
}
