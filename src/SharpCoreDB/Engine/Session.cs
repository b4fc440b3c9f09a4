using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Engine;

/// <summary>
/// One connection's view of a <see cref="Database"/>: its explicit transaction, if any, and the statements it
/// runs. Outside an explicit transaction every statement runs in its own transaction (reads in a snapshot,
/// writes committed before the statement returns). Not thread-safe, like a connection.
/// </summary>
/// <remarks>
/// BEGIN takes the single writer slot at once (like SQLite's BEGIN IMMEDIATE), so the transaction never has to
/// be upgraded from reader to writer; on a read-only database BEGIN takes a read snapshot instead. A statement
/// that fails inside an explicit transaction is undone (its changes and any schema change), and the
/// transaction stays usable.
/// </remarks>
internal sealed class Session : IDisposable
{
    private TransactionContext? _transaction;
    private SqlValue[] _parameterScratch = [];
    private ImmutableDictionary<string, ViewSchema> _temporaryViews = ImmutableDictionary.Create<string, ViewSchema>(StringComparer.OrdinalIgnoreCase);
    private Schema? _overlayBase;
    private Schema? _overlay;
    private readonly List<SavepointMark> _savepoints = [];
    private bool _disposed;

    // 1 while a caller is inside the session (see Enter); a second caller at that time is a concurrent misuse.
    private int _inUse;

    /// <summary>Creates a session; use <see cref="Database.CreateSession(DatabaseOptions)"/>.</summary>
    /// <param name="database">The database.</param>
    /// <param name="options">
    /// The options of the connection the session serves: its busy timeout and open mode hold for this session
    /// alone, whatever the connection that opened the shared database asked for.
    /// </param>
    internal Session(Database database, DatabaseOptions options)
    {
        Database = database;
        BusyTimeout = options.BusyTimeout;
        IsReadOnly = options.OpenMode == SharpCoreDBOpenMode.ReadOnly || database.IsReadOnly;
    }

    /// <summary>
    /// Rolls back the explicit transaction of a session abandoned without <see cref="Dispose"/>, so a connection
    /// dropped inside a write transaction does not keep the single writer slot for the life of the process.
    /// </summary>
    /// <remarks>
    /// Nothing else can use the session by now (it is unreachable), and the transaction objects it reaches have no
    /// finalizers of their own, so they are still intact; the page store lives on in the database registry.
    /// </remarks>
    ~Session()
    {
        TransactionContext? transaction = _transaction;
        _transaction = null;
        transaction?.Dispose();
    }

    /// <summary>The database.</summary>
    public Database Database { get; }

    /// <summary>How long a write waits for the writer slot before failing with Busy.</summary>
    public TimeSpan BusyTimeout { get; set; }

    /// <summary>True when this session may not write (read-only open mode).</summary>
    public bool IsReadOnly { get; }

    /// <summary>What last_insert_rowid(), changes() and total_changes() report for this connection.</summary>
    internal ConnectionCounters Counters { get; } = new();

    /// <summary>The connection's own settings (PRAGMA foreign_keys and defer_foreign_keys).</summary>
    internal ConnectionSettings Settings { get; } = new();

    /// <summary>True inside BEGIN … COMMIT/ROLLBACK.</summary>
    public bool InTransaction => _transaction is not null;

    /// <summary>The explicit transaction, or null in autocommit mode.</summary>
    internal TransactionContext? Transaction => _transaction;

    /// <summary>
    /// The number of results whose rows are being read inside the explicit transaction. Their cursors walk the
    /// transaction's own trees, which a change would invalidate, so no statement may write meanwhile.
    /// </summary>
    internal int OpenReadersInTransaction { get; set; }

    /// <summary>Prepares SQL (one or more <c>;</c>-separated statements), from the shared cache when possible.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statement.</returns>
    /// <exception cref="SharpCoreDBException">SyntaxError.</exception>
    public Statement Prepare(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        ObjectDisposedException.ThrowIf(_disposed, this);
        return Database.Statements.Get(Database, sql);
    }

    /// <summary>
    /// Marks the session in use until the returned scope is disposed. Every call into a connection enters, so two
    /// threads using one connection at the same time get a clear error instead of corrupting the transaction they
    /// share. Calls one after another, from any thread, and readers left open between calls stay legal.
    /// </summary>
    /// <returns>The scope; dispose it when the call ends.</returns>
    /// <exception cref="InvalidOperationException">Another call is inside the session.</exception>
    internal SessionUse Enter()
    {
        if (Interlocked.CompareExchange(ref _inUse, 1, 0) != 0)
        {
            ThrowInUse();
        }

        return new SessionUse(this);
    }

    /// <summary>Ends the call <see cref="Enter"/> began.</summary>
    internal void Exit() => Volatile.Write(ref _inUse, 0);

    /// <summary>Starts an explicit transaction.</summary>
    /// <param name="cancellationToken">Cancels the wait for the writer slot.</param>
    /// <exception cref="SharpCoreDBException">TransactionState inside a transaction; Busy when the writer slot stays taken.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled while waiting for the writer slot.</exception>
    public void Begin(CancellationToken cancellationToken = default)
    {
        CheckCanBegin();
        _transaction = IsReadOnly ? BeginRead() : BeginWrite(cancellationToken);
    }

    /// <summary>Starts an explicit transaction without blocking a thread while waiting for the writer slot.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the transaction has begun.</returns>
    public async ValueTask BeginAsync(CancellationToken cancellationToken = default)
    {
        CheckCanBegin();
        _transaction = IsReadOnly ? BeginRead() : await BeginWriteAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Commits the explicit transaction.</summary>
    /// <exception cref="SharpCoreDBException">TransactionState without a transaction; I/O errors.</exception>
    public void Commit()
    {
        CheckDeferredForeignKeys();
        TransactionContext transaction = TakeTransaction("COMMIT");
        try
        {
            if (transaction.IsWritable)
            {
                CommitWrite(transaction);
            }
        }
        finally
        {
            transaction.Dispose();
        }
    }

    /// <summary>Commits the explicit transaction without blocking a thread while the log is flushed.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the commit is durable (per the durability mode).</returns>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        CheckDeferredForeignKeys();
        TransactionContext transaction = TakeTransaction("COMMIT");
        try
        {
            if (transaction.IsWritable)
            {
                await CommitWriteAsync(transaction, cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            transaction.Dispose();
        }
    }

    /// <summary>Rolls the explicit transaction back.</summary>
    /// <exception cref="SharpCoreDBException">TransactionState without a transaction.</exception>
    public void Rollback()
    {
        TransactionContext transaction = TakeTransaction("ROLLBACK");
        try
        {
            transaction.Rollback();
        }
        finally
        {
            transaction.Dispose();
        }
    }

    /// <summary>True while SAVEPOINTs are open: statements then keep their undo records for ROLLBACK TO.</summary>
    internal bool HasSavepoints => _savepoints.Count > 0;

    /// <summary>SAVEPOINT: marks the transaction here, starting one when none is open (as SQLite's BEGIN DEFERRED).</summary>
    /// <param name="name">The savepoint's name (names may repeat: the newest one answers).</param>
    /// <param name="cancellationToken">Cancels the wait for the writer slot.</param>
    public void Savepoint(string name, CancellationToken cancellationToken = default)
    {
        bool begins = _transaction is null;
        if (begins)
        {
            Begin(cancellationToken);
        }

        Mark(name, begins);
    }

    /// <summary>Like <see cref="Savepoint"/>, without blocking a thread while waiting for the writer slot.</summary>
    /// <param name="name">The savepoint's name.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the savepoint is set.</returns>
    public async ValueTask SavepointAsync(string name, CancellationToken cancellationToken = default)
    {
        bool begins = _transaction is null;
        if (begins)
        {
            await BeginAsync(cancellationToken).ConfigureAwait(false);
        }

        Mark(name, begins);
    }

    /// <summary>
    /// RELEASE: forgets the savepoint and every later one; releasing the outermost one of a transaction that SAVEPOINT
    /// began commits it.
    /// </summary>
    /// <param name="name">The savepoint's name.</param>
    /// <returns>True when the release committed the transaction (the caller then commits: see <see cref="Commit"/>).</returns>
    /// <exception cref="SharpCoreDBException">Error when there is no such savepoint.</exception>
    public bool Release(string name)
    {
        int index = FindSavepoint(name);
        bool commits = index == 0 && _savepoints[0].BeganTransaction;
        _savepoints.RemoveRange(index, _savepoints.Count - index);
        if (_savepoints.Count == 0 && !commits)
        {
            // Nothing can roll back to these changes any more: statement atomicity alone needs the log.
            _transaction?.Undo?.Clear();
        }

        return commits;
    }

    /// <summary>
    /// ROLLBACK TO: takes back every change made since the savepoint (data and schema) and forgets the later
    /// savepoints; the savepoint itself stays, and so does the transaction.
    /// </summary>
    /// <param name="name">The savepoint's name.</param>
    /// <exception cref="SharpCoreDBException">
    /// Error when there is no such savepoint; Unsupported when a table or index was dropped since (its pages are
    /// freed, so only rolling back the whole transaction brings it back).
    /// </exception>
    public void RollbackTo(string name)
    {
        int index = FindSavepoint(name);
        if (OpenReadersInTransaction > 0)
        {
            throw new InvalidOperationException("Cannot ROLLBACK TO while a result of this session is still being read; dispose it first.");
        }

        SavepointMark savepoint = _savepoints[index];
        TransactionContext transaction = _transaction!;
        if (transaction.Undo is { } undo)
        {
            if (undo.DroppedSince(savepoint.UndoMark))
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Unsupported,
                    $"cannot roll back to savepoint {name}: a table or index dropped since then cannot be restored; roll back the whole transaction instead");
            }

            undo.RollbackTo(transaction, savepoint.UndoMark);
        }

        transaction.Schema = savepoint.Schema;
        transaction.ForeignKeys.Restore(savepoint.ForeignKeyViolations);
        _savepoints.RemoveRange(index + 1, _savepoints.Count - index - 1);
    }

    /// <summary>Rolls back an open transaction and ends the session.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        GC.SuppressFinalize(this);
        TransactionContext? transaction = _transaction;
        _transaction = null;
        transaction?.Dispose();
    }

    /// <summary>
    /// The schema statements of this session bind against: the transaction's, with the session's TEMPORARY
    /// views laid over it when it has any (the overlay is cached until either changes).
    /// </summary>
    /// <param name="schema">The transaction's schema.</param>
    /// <returns>The schema to bind against.</returns>
    internal Schema BindingSchema(Schema schema)
    {
        if (_temporaryViews.IsEmpty)
        {
            return schema;
        }

        if (!ReferenceEquals(_overlayBase, schema) || _overlay is null)
        {
            _overlay = schema.WithTemporaryViews(_temporaryViews);
            _overlayBase = schema;
        }

        return _overlay;
    }

    /// <summary>
    /// Runs CREATE TEMPORARY VIEW, or a DROP VIEW that names one of this session's temporary views. Temporary
    /// views live with the session, outside the catalog and outside transactions.
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <returns>False for a DROP VIEW of a stored view (the caller runs it as an ordinary statement).</returns>
    internal bool RunTemporaryViewStatement(Sql.Ast.Statement statement)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Schema current = BindingSchema(_transaction?.Schema ?? Database.Schema);
        switch (statement)
        {
            case Sql.Ast.CreateViewStatement create:
                if (_temporaryViews.ContainsKey(create.Name.Name))
                {
                    if (create.IfNotExists)
                    {
                        return true;
                    }

                    throw new SharpCoreDBException(SharpCoreDBErrorCode.AlreadyExists, $"view {create.Name.Name} already exists");
                }

                Binding.Binder.ValidateView(create, current);
                _temporaryViews = _temporaryViews.SetItem(create.Name.Name, CatalogStore.ViewBuilder(create));
                _overlay = null;
                return true;
            case Sql.Ast.DropStatement drop when _temporaryViews.ContainsKey(drop.Name.Name):
                _temporaryViews = _temporaryViews.Remove(drop.Name.Name);
                _overlay = null;
                return true;
            default:
                return false;
        }
    }

    /// <summary>The parameter values in a reused array (valid until the next call).</summary>
    /// <param name="values">The values.</param>
    /// <returns>An array of exactly that many values.</returns>
    internal SqlValue[] ParameterScratch(ReadOnlySpan<SqlValue> values)
    {
        if (_parameterScratch.Length != values.Length)
        {
            _parameterScratch = new SqlValue[values.Length];
        }

        values.CopyTo(_parameterScratch);
        return _parameterScratch;
    }

    /// <summary>Starts a read snapshot with the schema it sees.</summary>
    /// <returns>The transaction.</returns>
    internal TransactionContext BeginRead()
    {
        TransactionContext transaction = Database.BeginTransaction(Database.Store, static (store, schema) => new TransactionContext(store.BeginRead(), schema));
        transaction.Counters = Counters;
        transaction.Settings = Settings;
        return transaction;
    }

    /// <summary>Starts the write transaction with the schema it sees.</summary>
    /// <param name="cancellationToken">Cancels the wait for the writer slot (the command's timeout and Cancel).</param>
    /// <returns>The transaction.</returns>
    internal TransactionContext BeginWrite(CancellationToken cancellationToken = default)
    {
        CheckWritable();
        TransactionContext transaction = Database.BeginTransaction(
            (Session: this, Token: cancellationToken),
            static (state, schema) => new TransactionContext(state.Session.Database.Store.BeginWrite(state.Session.BusyTimeout, state.Token), schema));
        transaction.Counters = Counters;
        transaction.Settings = Settings;
        return transaction;
    }

    /// <summary>Starts the write transaction without blocking a thread while waiting for the writer slot.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The transaction.</returns>
    internal async ValueTask<TransactionContext> BeginWriteAsync(CancellationToken cancellationToken)
    {
        CheckWritable();
        // The schema check runs after the writer slot is taken. That is sound for the writer: no schema change
        // can commit after it starts, so the checks only have to catch changes committed before.
        IWriteTransaction write = await Database.Store.BeginWriteAsync(BusyTimeout, cancellationToken).ConfigureAwait(false);
        TransactionContext started = Database.BeginTransaction(write, static (transaction, schema) => new TransactionContext(transaction, schema));
        started.Counters = Counters;
        started.Settings = Settings;
        return started;
    }

    /// <summary>Commits a write transaction, publishing its schema when it changed one.</summary>
    /// <param name="transaction">The write transaction.</param>
    internal void CommitWrite(TransactionContext transaction)
    {
        if (ReferenceEquals(transaction.Schema, transaction.CommittedSchema))
        {
            transaction.Commit();
            return;
        }

        Database.BeginSchemaCommit();
        Catalog.Schema? committed = null;
        try
        {
            transaction.Commit();
            committed = transaction.Schema;
        }
        finally
        {
            Database.EndSchemaCommit(committed);
        }
    }

    /// <summary>Commits a write transaction asynchronously, publishing its schema when it changed one.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when committed.</returns>
    internal async ValueTask CommitWriteAsync(TransactionContext transaction, CancellationToken cancellationToken)
    {
        if (ReferenceEquals(transaction.Schema, transaction.CommittedSchema))
        {
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
            return;
        }

        Database.BeginSchemaCommit();
        Catalog.Schema? committed = null;
        try
        {
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
            committed = transaction.Schema;
        }
        finally
        {
            Database.EndSchemaCommit(committed);
        }
    }

    /// <summary>
    /// PRAGMA foreign_keys or defer_foreign_keys = value. As in SQLite, foreign_keys cannot change inside a transaction
    /// (the pragma is silently ignored there); defer_foreign_keys holds until the transaction ends.
    /// </summary>
    /// <param name="pragma">The statement.</param>
    internal void SetPragma(Sql.Ast.PragmaStatement pragma)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        bool on = Binding.Binder.PragmaFlag(pragma.Value!);
        if (pragma.Name.Name.Equals("foreign_keys", StringComparison.OrdinalIgnoreCase))
        {
            if (_transaction is null)
            {
                Settings.ForeignKeys = on;
            }
        }
        else
        {
            Settings.DeferForeignKeys = on;
            if (!on)
            {
                // As in SQLite, switching it off forgets the immediate violations it had deferred.
                _transaction?.ForeignKeys.ClearDeferredImmediate();
            }
        }
    }

    /// <summary>A statement's own transaction ended: defer_foreign_keys ends with it, as in SQLite.</summary>
    internal void AutocommitEnded() => Settings.DeferForeignKeys = false;

    // COMMIT with deferred violations still counted fails and leaves the transaction open, as in SQLite.
    private void CheckDeferredForeignKeys()
    {
        if (_transaction is { IsWritable: true } transaction && transaction.ForeignKeys.DeferredTotal > 0)
        {
            throw Execution.ForeignKeys.ForeignKeyErrors.Violation();
        }
    }

    private void CheckCanBegin()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_transaction is not null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.TransactionState, "cannot start a transaction within a transaction");
        }
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowInUse() => throw new InvalidOperationException(
        "The connection is already running a command on another thread. A SharpCoreDBConnection is not thread-safe: "
        + "open one connection per thread (connections to the same file share one database).");

    private void CheckWritable()
    {
        if (IsReadOnly)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ReadOnly, $"'{Database.Options.DataSource}' is open read-only");
        }
    }

    private TransactionContext TakeTransaction(string what)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        TransactionContext transaction = _transaction
            ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.TransactionState, $"cannot {what} - no transaction is active");
        if (OpenReadersInTransaction > 0)
        {
            throw new InvalidOperationException($"Cannot {what} while a result of this session is still being read; dispose it first.");
        }

        _transaction = null;
        _savepoints.Clear();
        Settings.DeferForeignKeys = false;
        return transaction;
    }

    private void Mark(string name, bool beganTransaction)
    {
        TransactionContext transaction = _transaction!;
        _savepoints.Add(new SavepointMark(name, transaction.Undo?.Count ?? 0, transaction.Schema, beganTransaction, transaction.ForeignKeys.Save()));
    }

    // The newest savepoint of that name.
    private int FindSavepoint(string name)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        for (int i = _savepoints.Count - 1; i >= 0; i--)
        {
            if (string.Equals(_savepoints[i].Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        throw new SharpCoreDBException(SharpCoreDBErrorCode.TransactionState, $"no such savepoint: {name}");
    }

    /// <summary>An open savepoint: where the transaction's undo log stood, its schema and its deferred foreign-key violations, when it was set.</summary>
    private readonly record struct SavepointMark(string Name, int UndoMark, Schema Schema, bool BeganTransaction, (long Deferred, long DeferredImmediate) ForeignKeyViolations);
}
