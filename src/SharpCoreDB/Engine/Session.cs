using System.Collections.Immutable;
using System.Diagnostics;
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
/// As in SQLite, BEGIN (DEFERRED) starts nothing in the store: the first read takes a snapshot and the first write
/// takes the single writer slot, upgrading the snapshot (which fails with Busy, as SQLITE_BUSY_SNAPSHOT, when another
/// writer committed since it was taken). So a transaction that only reads never waits for or blocks a writer, and its
/// COMMIT writes nothing to the log. BEGIN IMMEDIATE and EXCLUSIVE take the writer slot at once. A statement that
/// fails inside an explicit transaction is undone (its changes and any schema change), and the transaction stays usable.
/// </remarks>
internal sealed class Session : IDisposable
{
    private TransactionContext? _transaction;

    // True inside BEGIN … COMMIT/ROLLBACK; _transaction stays null until the first statement needs the store.
    private bool _explicit;
    private SqlValue[] _parameterScratch = [];
    // Shared while empty: creating an empty dictionary with a comparer allocates, and most sessions never add a view.
    private static readonly ImmutableDictionary<string, ViewSchema> s_noTemporaryViews = ImmutableDictionary.Create<string, ViewSchema>(StringComparer.OrdinalIgnoreCase);
    private ImmutableDictionary<string, ViewSchema> _temporaryViews = s_noTemporaryViews;
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
        Reuse(options);
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
    public bool IsReadOnly { get; private set; }

    /// <summary>What last_insert_rowid(), changes() and total_changes() report for this connection.</summary>
    internal ConnectionCounters Counters { get; } = new();

    /// <summary>The connection's own settings (PRAGMA foreign_keys and defer_foreign_keys).</summary>
    internal ConnectionSettings Settings { get; } = new();

    /// <summary>True inside BEGIN … COMMIT/ROLLBACK.</summary>
    public bool InTransaction => _explicit;

    /// <summary>
    /// The store transaction of the explicit transaction: null in autocommit mode and in a deferred transaction that has
    /// not read or written yet; a read snapshot until its first write.
    /// </summary>
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
    /// <param name="deferred">
    /// True (BEGIN, BEGIN DEFERRED) to take nothing until the first statement: a snapshot at the first read, the writer
    /// slot at the first write. False (BEGIN IMMEDIATE, EXCLUSIVE) to take the writer slot now (a read-only session
    /// takes a snapshot at its first read either way).
    /// </param>
    /// <param name="cancellationToken">Cancels the wait for the writer slot.</param>
    /// <exception cref="SharpCoreDBException">TransactionState inside a transaction; Busy when the writer slot stays taken.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled while waiting for the writer slot.</exception>
    public void Begin(bool deferred = false, CancellationToken cancellationToken = default)
    {
        ValueTask begin = Begin(deferred, async: false, cancellationToken);
        Debug.Assert(begin.IsCompleted, "The synchronous path never waits asynchronously.");
        begin.GetAwaiter().GetResult();
    }

    /// <summary>Like <see cref="Begin(bool, CancellationToken)"/>, without blocking a thread while waiting for the writer slot.</summary>
    /// <param name="deferred">True for BEGIN DEFERRED (see <see cref="Begin(bool, CancellationToken)"/>).</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the transaction has begun.</returns>
    public ValueTask BeginAsync(bool deferred = false, CancellationToken cancellationToken = default) =>
        Begin(deferred, async: true, cancellationToken);

    /// <summary>Starts an explicit transaction, blocking the thread or not.</summary>
    /// <param name="deferred">True for BEGIN DEFERRED (see <see cref="Begin(bool, CancellationToken)"/>).</param>
    /// <param name="async">True to wait for the writer slot without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the transaction has begun.</returns>
    internal async ValueTask Begin(bool deferred, bool async, CancellationToken cancellationToken)
    {
        CheckCanBegin();
        _transaction = deferred || IsReadOnly ? null : await BeginWrite(async, cancellationToken).ConfigureAwait(false);
        _explicit = true;
    }

    /// <summary>
    /// The explicit transaction's store transaction for a read: its snapshot, taken now when the transaction has not
    /// touched the store yet.
    /// </summary>
    /// <returns>The transaction; null in autocommit mode (the statement reads in its own snapshot).</returns>
    internal TransactionContext? ReadTransaction()
    {
        if (!_explicit)
        {
            return null;
        }

        return _transaction ??= BeginRead();
    }

    /// <summary>
    /// The explicit transaction's store transaction for a write: a deferred transaction takes the writer slot now, and
    /// a snapshot it already read in becomes the writer's, provided no other writer committed since it was taken (else
    /// Busy, as SQLite's SQLITE_BUSY_SNAPSHOT: what it read is stale; roll back and retry).
    /// </summary>
    /// <param name="async">True to wait for the writer slot without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The write transaction.</returns>
    /// <exception cref="SharpCoreDBException">ReadOnly; Busy when the slot stays taken or the snapshot is stale.</exception>
    internal async ValueTask<TransactionContext> WriteTransaction(bool async, CancellationToken cancellationToken)
    {
        TransactionContext? current = _transaction;
        if (current is { IsWritable: true })
        {
            return current;
        }

        CheckWritable();
        if (OpenReadersInTransaction > 0)
        {
            throw new InvalidOperationException("Cannot change data while a result of this session is still being read in the same transaction; dispose it first.");
        }

        TransactionContext write = await BeginWrite(async, cancellationToken).ConfigureAwait(false);
        if (current is not null)
        {
            if (!SameSnapshot(current, write))
            {
                write.Dispose();
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Busy,
                    $"database is locked: another connection wrote to '{Database.Options.DataSource}' after this transaction's first read, so it cannot write (SQLITE_BUSY_SNAPSHOT); roll back and retry");
            }

            // Same snapshot, so the same schema: keep the very object, which savepoints set while reading refer to.
            write.StartWith(current.Schema);
            current.Dispose();
        }

        _transaction = write;
        return write;
    }

    // The writer builds on exactly the commits the snapshot sees: nothing was committed in between.
    private static bool SameSnapshot(TransactionContext read, TransactionContext write) =>
        read.Pages is Wal.Transactions.WalReadTransaction snapshot
        && write.Pages is Wal.Transactions.WalWriteTransaction writer
        && snapshot.Sequence == writer.Sequence;

    /// <summary>Commits the explicit transaction.</summary>
    /// <exception cref="SharpCoreDBException">TransactionState without a transaction; I/O errors.</exception>
    public void Commit()
    {
        ValueTask commit = Commit(async: false, CancellationToken.None);
        Debug.Assert(commit.IsCompleted, "The synchronous path never waits asynchronously.");
        commit.GetAwaiter().GetResult();
    }

    /// <summary>Commits the explicit transaction without blocking a thread while the log is flushed.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the commit is durable (per the durability mode).</returns>
    public ValueTask CommitAsync(CancellationToken cancellationToken = default) => Commit(async: true, cancellationToken);

    /// <summary>Commits the explicit transaction, blocking the thread or not.</summary>
    /// <param name="async">True to wait for the log without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the commit is durable (per the durability mode).</returns>
    /// <exception cref="SharpCoreDBException">TransactionState without a transaction; I/O errors.</exception>
    internal async ValueTask Commit(bool async, CancellationToken cancellationToken)
    {
        CheckDeferredForeignKeys();
        TransactionContext? transaction = TakeTransaction("COMMIT");
        if (transaction is null)
        {
            return;
        }

        try
        {
            // A transaction that never wrote ends here: no commit record, no log write, no sync.
            if (transaction.IsWritable)
            {
                await CommitWrite(transaction, async, cancellationToken).ConfigureAwait(false);
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
        TransactionContext? transaction = TakeTransaction("ROLLBACK");
        if (transaction is null)
        {
            return;
        }

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
    /// <remarks>
    /// A savepoint begins a deferred transaction, which takes nothing from the store, so it never waits: there is no
    /// asynchronous form.
    /// </remarks>
    public void Savepoint(string name, CancellationToken cancellationToken = default)
    {
        bool begins = !_explicit;
        if (begins)
        {
            Begin(deferred: true, cancellationToken);
        }

        Mark(name, begins);
    }

    /// <summary>
    /// RELEASE: forgets the savepoint and every later one; releasing the outermost one of a transaction that SAVEPOINT
    /// began commits it.
    /// </summary>
    /// <param name="name">The savepoint's name.</param>
    /// <returns>True when the release committed the transaction (the caller then commits: see <see cref="Commit()"/>).</returns>
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
        _savepoints.RemoveRange(index + 1, _savepoints.Count - index - 1);
        if (_transaction is not { } transaction)
        {
            // Nothing touched the store since the transaction began: nothing to take back.
            return;
        }

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

        // Set before the store transaction started: the schema it started from.
        transaction.Schema = savepoint.Schema ?? transaction.CommittedSchema;
        transaction.ForeignKeys.Restore(savepoint.ForeignKeyViolations);
    }

    /// <summary>Rolls back an open transaction and ends the session.</summary>
    public void Dispose()
    {
        // Also for a session reset for reuse (already marked disposed) that leaves the pool: nothing runs finalizers.
        GC.SuppressFinalize(this);
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        TransactionContext? transaction = _transaction;
        _transaction = null;
        _explicit = false;
        transaction?.Dispose();
    }

    /// <summary>
    /// Ends the connection's use of the session so that the next connection can take it (see
    /// <see cref="Database.RentSession"/>): rolls back an open transaction, as <see cref="Dispose"/> does, and puts back
    /// everything a new session starts with. Until <see cref="Reuse"/> the session refuses use as a disposed one.
    /// </summary>
    /// <remarks>
    /// The finalizer stays registered: it finds nothing to roll back while the session is pooled, and re-registering
    /// it at each open is a large part of what pooling the session saves. Call it inside <see cref="Enter"/>.
    /// </remarks>
    internal void ResetForReuse()
    {
        TransactionContext? transaction = _transaction;
        _transaction = null;
        _explicit = false;
        _disposed = true;
        try
        {
            transaction?.Dispose();
        }
        finally
        {
            // What SQLite keeps per connection: temporary schema, savepoints, counters and pragmas start afresh. The
            // checks skip the stores (and their write barriers) a connection that used none of it would pay for.
            _savepoints.Clear();
            if (!_temporaryViews.IsEmpty || _overlayBase is not null)
            {
                _temporaryViews = s_noTemporaryViews;
                _overlay = null;
                _overlayBase = null;
            }

            OpenReadersInTransaction = 0;
            Counters.Reset();
            Settings.ForeignKeys = false;
            Settings.DeferForeignKeys = false;

            // The last parameter values may be large strings or blobs: the pool must not keep them alive.
            if (_parameterScratch.Length != 0)
            {
                Array.Clear(_parameterScratch);
            }
        }
    }

    /// <summary>Takes a session reset by <see cref="ResetForReuse"/> into use by a connection with these options.</summary>
    /// <param name="options">The connection's options: its busy timeout and open mode.</param>
    internal void Reuse(DatabaseOptions options)
    {
        BusyTimeout = options.BusyTimeout;
        IsReadOnly = options.OpenMode == SharpCoreDBOpenMode.ReadOnly || Database.IsReadOnly;
        _disposed = false;
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

    /// <summary>The schema a statement of this session binds against now: its transaction's, else the committed one.</summary>
    /// <returns>The schema, with the session's temporary views laid over it.</returns>
    internal Schema CurrentBindingSchema() => BindingSchema(_transaction?.Schema ?? Database.Schema);

    /// <summary>
    /// Runs CREATE TEMPORARY VIEW, or a DROP VIEW that names one of this session's temporary views. Temporary
    /// views live with the session, outside the catalog and outside transactions.
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <returns>False for a DROP VIEW of a stored view (the caller runs it as an ordinary statement).</returns>
    internal bool RunTemporaryViewStatement(Sql.Ast.Statement statement)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Schema current = CurrentBindingSchema();
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

                Binding.Binder.ValidateView(create, current, Database.Collations, Database.Functions);
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
        TransactionContext transaction = Database.BeginTransaction(Database, static (database, schema) => new TransactionContext(database.BeginStoreRead(), schema));
        transaction.Counters = Counters;
        transaction.Settings = Settings;
        transaction.Collations = Database.Collations;
        return transaction;
    }

    /// <summary>Starts the write transaction with the schema it sees.</summary>
    /// <param name="async">True to wait for the writer slot without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer slot (the command's timeout and Cancel).</param>
    /// <returns>The transaction.</returns>
    internal ValueTask<TransactionContext> BeginWrite(bool async, CancellationToken cancellationToken)
    {
        CheckWritable();
        // The schema check runs after the writer slot is taken. That is sound for the writer: no schema change
        // can commit after it starts, so the checks only have to catch changes committed before.
        ValueTask<IWriteTransaction> write = Database.BeginStoreWrite(BusyTimeout, async, cancellationToken);

        // A free writer slot (always, on the synchronous path) starts the transaction without an async state machine:
        // a one-row autocommit statement ran about a dozen of them, each a thread-static read and a context save.
        return write.IsCompletedSuccessfully ? new ValueTask<TransactionContext>(StartWrite(write.Result)) : StartWriteWhenEntered(write);
    }

    private async ValueTask<TransactionContext> StartWriteWhenEntered(ValueTask<IWriteTransaction> write) =>
        StartWrite(await write.ConfigureAwait(false));

    private TransactionContext StartWrite(IWriteTransaction write)
    {
        TransactionContext started = Database.BeginTransaction(write, static (transaction, schema) => new TransactionContext(transaction, schema));
        started.Counters = Counters;
        started.Settings = Settings;
        started.Collations = Database.Collations;
        return started;
    }

    /// <summary>Commits a write transaction, publishing its schema when it changed one.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="async">True to wait for the log without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when committed.</returns>
    internal ValueTask CommitWrite(TransactionContext transaction, bool async, CancellationToken cancellationToken) =>
        ReferenceEquals(transaction.Schema, transaction.CommittedSchema)
            ? transaction.Commit(async, cancellationToken)
            : CommitSchemaWrite(transaction, async, cancellationToken);

    // A commit that publishes a changed schema: other sessions must not start on the old one while it is in flight.
    private async ValueTask CommitSchemaWrite(TransactionContext transaction, bool async, CancellationToken cancellationToken)
    {
        Database.BeginSchemaCommit();
        Catalog.Schema? committed = null;
        try
        {
            await transaction.Commit(async, cancellationToken).ConfigureAwait(false);
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
            // The explicit flag, not the store transaction: a deferred BEGIN has none until its first statement.
            if (!_explicit)
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
        if (_transaction is { IsWritable: true } transaction && transaction.ForeignKeysIfUsed is { DeferredTotal: > 0 })
        {
            throw Execution.ForeignKeys.ForeignKeyErrors.Violation();
        }
    }

    private void CheckCanBegin()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_explicit)
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

    // The explicit transaction's store transaction (null when it never touched the store), ending the transaction.
    private TransactionContext? TakeTransaction(string what)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (!_explicit)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.TransactionState, $"cannot {what} - no transaction is active");
        }

        if (OpenReadersInTransaction > 0)
        {
            throw new InvalidOperationException($"Cannot {what} while a result of this session is still being read; dispose it first.");
        }

        TransactionContext? transaction = _transaction;
        _transaction = null;
        _explicit = false;
        _savepoints.Clear();
        Settings.DeferForeignKeys = false;
        return transaction;
    }

    private void Mark(string name, bool beganTransaction)
    {
        TransactionContext? transaction = _transaction;
        _savepoints.Add(new SavepointMark(name, transaction?.Undo?.Count ?? 0, transaction?.Schema, beganTransaction, transaction?.ForeignKeys.Save() ?? default));
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
    /// <remarks>Schema is null (and no violations) for a savepoint set before the transaction touched the store.</remarks>
    private readonly record struct SavepointMark(string Name, int UndoMark, Schema? Schema, bool BeganTransaction, (long Deferred, long DeferredImmediate) ForeignKeyViolations);
}
