using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Engine;

/// <content>
/// The gate between sessions starting transactions and VACUUM or rekey replacing the store: a rebuild may run while
/// other connections are open, as long as none of them is inside a transaction or has a statement reading.
/// </content>
/// <remarks>
/// A session counts itself in <see cref="_starting"/> while it takes <see cref="Store"/> and begins a transaction on
/// it, and is refused (Busy) when a rebuild has raised <see cref="_replacing"/>. The rebuild raises the flag first and
/// then looks at the count and the store's open transactions, with a full fence between (the sessions' count is
/// Interlocked), so either the session sees the flag, or the rebuild sees the session (counted, or its transaction
/// open): no transaction can start on a store that is being replaced, and the schema a session starts with is never
/// the old file's.
/// </remarks>
internal sealed partial class Database
{
    // Sessions between reading Store and having their transaction registered with it.
    private int _starting;

    // Set when VACUUM or rekey could open neither the old file nor the new one again: the store is closed for good.
    private SharpCoreDBException? _storeLost;

    /// <summary>Starts a read transaction on the current store (Busy while VACUUM or rekey replaces it).</summary>
    /// <returns>The transaction.</returns>
    /// <exception cref="SharpCoreDBException">Busy while the database is being rebuilt.</exception>
    internal IReadTransaction BeginStoreRead()
    {
        Interlocked.Increment(ref _starting);
        try
        {
            ThrowIfReplacing();
            return Store.BeginRead();
        }
        finally
        {
            Interlocked.Decrement(ref _starting);
        }
    }

    /// <summary>Starts the write transaction on the current store (Busy while VACUUM or rekey replaces it).</summary>
    /// <param name="timeout">The busy timeout for the writer slot.</param>
    /// <param name="async">
    /// True to wait for the writer slot without blocking a thread; false to wait on this thread, in which case the
    /// returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The transaction.</returns>
    /// <exception cref="SharpCoreDBException">Busy while the database is being rebuilt, or when the slot stays taken.</exception>
    internal ValueTask<IWriteTransaction> BeginStoreWrite(TimeSpan timeout, bool async, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _starting);
        ValueTask<IWriteTransaction> begin;
        try
        {
            ThrowIfReplacing();
            begin = async ? Store.BeginWriteAsync(timeout, cancellationToken) : new ValueTask<IWriteTransaction>(Store.BeginWrite(timeout, cancellationToken));
        }
        catch
        {
            Interlocked.Decrement(ref _starting);
            throw;
        }

        if (!begin.IsCompleted)
        {
            return BeginStoreWriteWhenEntered(begin);
        }

        // Entered (or failed) at once, as the synchronous path always is: no state machine.
        Interlocked.Decrement(ref _starting);
        return begin;
    }

    // The writer slot was taken: the transaction counts as starting until it is entered.
    private async ValueTask<IWriteTransaction> BeginStoreWriteWhenEntered(ValueTask<IWriteTransaction> begin)
    {
        try
        {
            return await begin.ConfigureAwait(false);
        }
        finally
        {
            Interlocked.Decrement(ref _starting);
        }
    }

    private void ThrowIfReplacing()
    {
        if (Volatile.Read(ref _storeLost) is { } lost)
        {
            throw new SharpCoreDBException(lost.ErrorCode, $"'{Options.DataSource}' is unusable until every connection to it closes: {lost.Message}", lost);
        }

        if (Volatile.Read(ref _replacing))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Busy,
                $"database is locked: '{Options.DataSource}' is being rebuilt (VACUUM or rekey) by another connection; try again when it is done");
        }
    }

    // Raises the flag that turns new transactions away, then checks that none is open or starting on the store. Under
    // s_registryLock, so no connection joins meanwhile. False (flag lowered again) when one is.
    private bool TryStartReplacing(Wal.WalPageStore store)
    {
        Volatile.Write(ref _replacing, true);

        // A full fence between raising the flag and reading the count: the sessions' side is Interlocked.Increment.
        Interlocked.MemoryBarrier();
        if (Volatile.Read(ref _starting) == 0 && store.OpenSnapshots == 0 && !store.WriterActive)
        {
            return true;
        }

        Volatile.Write(ref _replacing, false);
        return false;
    }
}
