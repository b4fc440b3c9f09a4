using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Kit;

/// <summary>
/// The single write transaction of a <see cref="PagerStore"/>: dirty pages live in a private
/// <see cref="TransactionPageSet"/> until <see cref="Commit"/> writes them back.
/// </summary>
internal sealed class PagerWriteTransaction : DirtyPageTransaction
{
    private readonly PagerStore _store;

    /// <summary>Creates the write transaction; the store already holds the writer slot for it.</summary>
    /// <param name="store">The store.</param>
    /// <param name="pages">An empty dirty-page set.</param>
    /// <param name="pageCount">The committed page count.</param>
    /// <param name="timeout">The busy timeout, also used when commit waits for read transactions.</param>
    public PagerWriteTransaction(PagerStore store, TransactionPageSet pages, uint pageCount, TimeSpan timeout)
        : base(pages, pageCount)
    {
        _store = store;
        Timeout = timeout;
    }

    /// <summary>The busy timeout.</summary>
    public TimeSpan Timeout { get; }

    /// <inheritdoc />
    public override int PageSize => _store.PageSize;

    /// <inheritdoc />
    public override int UsableSize => _store.UsableSize;

    /// <inheritdoc />
    public override string SourceName => _store.Name;

    /// <inheritdoc />
    protected override string FailedMessage => "The write transaction failed to commit; the store must be reopened.";

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">
    /// Busy when read transactions stay open past the timeout (the transaction stays active: retry or roll
    /// back); IoError when writing fails (the store then refuses work until reopened).
    /// </exception>
    public override void Commit()
    {
        ThrowIfNotActive();
        try
        {
            _store.Commit(this);
        }
        catch (SharpCoreDBException ex) when (ex.ErrorCode == SharpCoreDBErrorCode.Busy)
        {
            throw;
        }
        catch
        {
            State = TransactionState.Failed;
            End();
            throw;
        }

        State = TransactionState.Committed;
        End();
    }

    /// <inheritdoc />
    /// <remarks>The pager store writes back synchronously; the returned task is already complete.</remarks>
    public override ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled(cancellationToken);
        }

        try
        {
            Commit();
            return default;
        }
        catch (Exception ex)
        {
            return ValueTask.FromException(ex);
        }
    }

    /// <inheritdoc />
    protected override PageLease ReadCommitted(uint pageNumber) => _store.ReadCommitted(pageNumber);

    /// <inheritdoc />
    protected override void CheckPageNumber(uint pageNumber, uint pageCount) => _store.CheckPageNumber(pageNumber, pageCount);

    /// <inheritdoc />
    protected override void End() => _store.EndWrite(this);
}
