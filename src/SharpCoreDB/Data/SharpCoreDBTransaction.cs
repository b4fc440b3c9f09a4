using System.Data;
using System.Data.Common;

namespace SharpCoreDB;

/// <summary>
/// A transaction on a <see cref="SharpCoreDBConnection"/>. Isolation is snapshot isolation whatever level is
/// asked for: reads see the database as of the transaction's first read, writes are serialized by the single
/// writer. Disposing an uncommitted transaction rolls it back.
/// </summary>
public sealed class SharpCoreDBTransaction : DbTransaction
{
    private SharpCoreDBConnection? _connection;
    private readonly IsolationLevel _isolationLevel;

    internal SharpCoreDBTransaction(SharpCoreDBConnection connection, IsolationLevel isolationLevel)
    {
        _connection = connection;
        _isolationLevel = isolationLevel;
    }

    /// <summary>The connection, or null once the transaction has completed.</summary>
    public new SharpCoreDBConnection? Connection => _connection;

    /// <inheritdoc />
    protected override DbConnection? DbConnection => _connection;

    /// <inheritdoc />
    public override IsolationLevel IsolationLevel => _isolationLevel;

    /// <summary>True once committed or rolled back.</summary>
    internal bool IsCompleted => _connection is null;

    /// <summary>Commits; with FullSync or Legacy durability the changes are on disk when this returns.</summary>
    /// <exception cref="InvalidOperationException">The transaction has already completed.</exception>
    /// <exception cref="SharpCoreDBException">The commit failed; the transaction is rolled back.</exception>
    public override void Commit() => SyncPath.Wait(CommitCore(async: false, CancellationToken.None));

    /// <summary>Commits without blocking a thread while the log is flushed.</summary>
    /// <param name="cancellationToken">Cancels waiting; the commit itself is not undone once queued.</param>
    /// <returns>A task that completes when the commit is durable (per the durability mode).</returns>
    public override Task CommitAsync(CancellationToken cancellationToken = default) =>
        CommitCore(async: true, cancellationToken).AsTask();

    /// <summary>Discards every change made in the transaction.</summary>
    /// <exception cref="InvalidOperationException">The transaction has already completed.</exception>
    public override void Rollback()
    {
        var connection = Active();
        using var use = connection.Session.Enter();
        try
        {
            connection.Session.Rollback();
        }
        finally
        {
            Complete(connection);
        }
    }

    /// <inheritdoc />
    /// <remarks>
    /// The same work as <see cref="Rollback()"/>: a rollback drops the transaction's pages in memory and never waits
    /// for the writer slot or the disk, so the engine has no asynchronous rollback to reach.
    /// </remarks>
    public override Task RollbackAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Rollback();
        return Task.CompletedTask;
    }

    /// <inheritdoc />
    public override bool SupportsSavepoints => true;

    /// <summary>Sets a savepoint (SQL <c>SAVEPOINT name</c>) to roll back to later without ending the transaction.</summary>
    /// <param name="savepointName">The savepoint's name.</param>
    /// <exception cref="InvalidOperationException">The transaction has already completed.</exception>
    public override void Save(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);
        var session = Active().Session;
        using var use = session.Enter();
        session.Savepoint(savepointName);
    }

    /// <summary>Takes back everything done since the savepoint (SQL <c>ROLLBACK TO name</c>); the transaction goes on.</summary>
    /// <param name="savepointName">The savepoint's name.</param>
    /// <exception cref="InvalidOperationException">The transaction has already completed.</exception>
    /// <exception cref="SharpCoreDBException">No such savepoint, or a table or index was dropped since it was set.</exception>
    public override void Rollback(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);
        var session = Active().Session;
        using var use = session.Enter();
        session.RollbackTo(savepointName);
    }

    /// <summary>Forgets the savepoint and those after it (SQL <c>RELEASE name</c>), keeping their changes in the transaction.</summary>
    /// <param name="savepointName">The savepoint's name.</param>
    /// <exception cref="InvalidOperationException">The transaction has already completed.</exception>
    /// <exception cref="SharpCoreDBException">No such savepoint.</exception>
    public override void Release(string savepointName)
    {
        ArgumentException.ThrowIfNullOrEmpty(savepointName);

        // The transaction was begun here, not by SAVEPOINT, so releasing never commits it.
        var session = Active().Session;
        using var use = session.Enter();
        session.Release(savepointName);
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing && _connection is { } connection)
        {
            try
            {
                // An explicit COMMIT or ROLLBACK in SQL may have ended the engine's transaction already.
                if (connection.IsOpen && connection.Session.InTransaction)
                {
                    using var use = connection.Session.Enter();
                    connection.Session.Rollback();
                }
            }
            finally
            {
                Complete(connection);
            }
        }

        base.Dispose(disposing);
    }

    // The core of both Commit forms: async false never waits asynchronously, so its task is complete on return.
    private async ValueTask CommitCore(bool async, CancellationToken cancellationToken)
    {
        var connection = Active();
        using var use = connection.Session.Enter();
        try
        {
            await connection.Session.Commit(async, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            Complete(connection);
        }
    }

    /// <summary>The connection closes (its session rolls the transaction back): the transaction is over.</summary>
    internal void ConnectionClosed() => _connection = null;

    private SharpCoreDBConnection Active() =>
        _connection ?? throw new InvalidOperationException("The transaction has already been committed or rolled back.");

    private void Complete(SharpCoreDBConnection connection)
    {
        _connection = null;
        connection.EndTransaction(this);
    }
}
