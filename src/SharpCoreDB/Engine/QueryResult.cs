using System.Diagnostics;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Engine;

/// <summary>
/// The results of a <see cref="Statement"/>'s statements in turn. Statements without rows run when the result
/// moves past them; the rows of a SELECT are pulled lazily from its operator tree by <see cref="Read"/>, inside a
/// read snapshot (or the session's explicit transaction) that is released when the rows are exhausted, when the
/// result moves on, or on <see cref="Dispose"/>. Disposing also runs the statements not reached yet.
/// </summary>
internal sealed class QueryResult : IDisposable
{
    private readonly Session _session;
    private readonly Statement _statement;
    private readonly SqlValue[] _parameters;
    private readonly CancellationToken _cancellationToken;
    private int _index = -1;
    private QueryPlan? _query;
    private List<SqlValue[]>? _returned;
    private int _returnedNext;
    private TransactionContext? _snapshot;
    private bool _readingInTransaction;
    private IReadOnlyList<ResultColumnInfo> _columns = [];
    private SqlValue[]? _row;
    private bool _peeked;
    private bool _peekedRow;
    private bool _hadRows;
    private bool _faulted;
    private bool _disposed;

    /// <summary>Creates the result; <see cref="Statement.Execute(Session, ReadOnlySpan{SqlValue}, CancellationToken)"/> starts it.</summary>
    /// <param name="session">The session.</param>
    /// <param name="statement">The statement.</param>
    /// <param name="parameters">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the statements.</param>
    internal QueryResult(Session session, Statement statement, SqlValue[] parameters, CancellationToken cancellationToken)
    {
        _session = session;
        _statement = statement;
        _parameters = parameters;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The session the statements run in.</summary>
    internal Session Session => _session;

    /// <summary>The number of columns of the current result (0 when it has no rows, like an INSERT).</summary>
    public int FieldCount => _columns.Count;

    /// <summary>The rows inserted, updated or deleted by the statements run so far; -1 when none changed data.</summary>
    public int RecordsAffected { get; private set; } = -1;

    /// <summary>True when the current result has at least one row (reads ahead one row if needed).</summary>
    public bool HasRows
    {
        get
        {
            if (!_hadRows && (_query is not null || _returned is not null) && !_peeked)
            {
                _peekedRow = Pull();
                _peeked = true;
            }

            return _hadRows;
        }
    }

    /// <summary>The name of a result column.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The alias, column name or expression text.</returns>
    public string GetName(int ordinal) => Column(ordinal).Name;

    /// <summary>The declared type of the column a result column comes from; empty for expressions.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The declared type text.</returns>
    public string GetDeclaredTypeName(int ordinal) => Column(ordinal).DeclaredTypeName;

    /// <summary>The table a result column reads unchanged, or empty for an expression.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The base table name.</returns>
    public string GetBaseTableName(int ordinal) => Column(ordinal).Base?.Table ?? string.Empty;

    /// <summary>The table column a result column reads unchanged, or empty for an expression.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The base column name (<c>rowid</c> for the row id).</returns>
    public string GetBaseColumnName(int ordinal) => Column(ordinal).Base?.Column ?? string.Empty;

    /// <summary>False when the column comes from a NOT NULL table column (or the row id); true otherwise.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>Whether NULL can appear.</returns>
    public bool AllowsNull(int ordinal) => Column(ordinal).Base is not { NotNull: true };

    /// <summary>True for the row id, its alias, and PRIMARY KEY columns.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>Whether the column is (part of) the key.</returns>
    public bool IsKey(int ordinal) => Column(ordinal).Base is { IsKey: true };

    /// <summary>True when the base column alone is unique (the row id, or a one-column unique index).</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>Whether the column is unique.</returns>
    public bool IsUnique(int ordinal) => Column(ordinal).Base is { IsUnique: true };

    /// <summary>The table column a result column reads unchanged, or null for an expression.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The base column facts.</returns>
    public BaseColumnInfo? GetBase(int ordinal) => Column(ordinal).Base;

    /// <summary>The CLR type tag of the column's declared type (BOOLEAN, DATETIME, GUID, DECIMAL) or none.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The declared type tag.</returns>
    public SqlDeclaredType GetDeclaredType(int ordinal) => Column(ordinal).DeclaredType;

    /// <summary>
    /// The CLR type of a column: from its declared type (long, double, string, byte[], bool, DateTime, Guid,
    /// decimal); for expressions, the type of the current row's value; object when nothing tells.
    /// </summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The type.</returns>
    public Type GetFieldType(int ordinal)
    {
        ResultColumnInfo column = Column(ordinal);
        switch (column.DeclaredType)
        {
            case SqlDeclaredType.Boolean:
                return typeof(bool);
            case SqlDeclaredType.DateTime or SqlDeclaredType.UnixTime:
                return typeof(DateTime);
            case SqlDeclaredType.DateTimeOffset:
                return typeof(DateTimeOffset);
            case SqlDeclaredType.TimeSpan:
                return typeof(TimeSpan);
            case SqlDeclaredType.Guid:
                return typeof(Guid);
            case SqlDeclaredType.Decimal:
                return typeof(decimal);
        }

        if (column.DeclaredTypeName.Length > 0)
        {
            switch (AffinityRules.FromTypeName(column.DeclaredTypeName))
            {
                case Affinity.Integer:
                    return typeof(long);
                case Affinity.Real:
                    return typeof(double);
                case Affinity.Text:
                    return typeof(string);
                case Affinity.Blob:
                    return typeof(byte[]);
            }
        }

        if (_row is not null)
        {
            switch (_row[ordinal].StorageClass)
            {
                case SqlStorageClass.Integer:
                    return typeof(long);
                case SqlStorageClass.Real:
                    return typeof(double);
                case SqlStorageClass.Decimal:
                    return typeof(decimal);
                case SqlStorageClass.Text:
                    return typeof(string);
                case SqlStorageClass.Blob:
                    return typeof(byte[]);
            }
        }

        return typeof(object);
    }

    /// <summary>Moves to the next row of the current result.</summary>
    /// <returns>False when there are no more rows.</returns>
    /// <exception cref="SharpCoreDBException">An error while producing the row (the result is then closed).</exception>
    public bool Read()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_peeked)
        {
            _peeked = false;
            if (!_peekedRow)
            {
                _row = null;
            }

            return _peekedRow;
        }

        return Pull();
    }

    /// <summary>A value of the current row.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value (tagged with the column's declared CLR type).</returns>
    /// <exception cref="InvalidOperationException">Not positioned on a row.</exception>
    public SqlValue GetValue(int ordinal)
    {
        SqlValue[] row = _row ?? throw new InvalidOperationException("No current row: call Read first, and only while it returns true.");
        if (_peeked)
        {
            throw new InvalidOperationException("No current row: call Read first.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(ordinal);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(ordinal, _columns.Count);
        return row[ordinal];
    }

    /// <summary>Moves to the next statement that returns rows, running the statements in between.</summary>
    /// <returns>False when no statement with rows is left.</returns>
    public bool NextResult()
    {
        ValueTask<bool> next = NextResult(async: false);
        Debug.Assert(next.IsCompleted, "The synchronous path never waits asynchronously.");
        return next.GetAwaiter().GetResult();
    }

    /// <summary>Like <see cref="NextResult()"/>, without blocking a thread on the writer slot or the log flush.</summary>
    /// <returns>False when no statement with rows is left.</returns>
    public ValueTask<bool> NextResultAsync() => NextResult(async: true);

    /// <summary>Moves to the next statement that returns rows, blocking the thread or not.</summary>
    /// <param name="async">
    /// True to wait for the writer slot and the log flush without blocking a thread; false to wait on this thread,
    /// in which case the returned task is already complete.
    /// </param>
    /// <returns>False when no statement with rows is left.</returns>
    internal ValueTask<bool> NextResult(bool async)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return Advance(async);
    }

    /// <summary>Closes the current rows and runs the statements not reached yet.</summary>
    public void Dispose()
    {
        ValueTask close = Close(async: false);
        Debug.Assert(close.IsCompleted, "The synchronous path never waits asynchronously.");
        close.GetAwaiter().GetResult();
    }

    /// <summary>Closes the current rows and runs the statements not reached yet, blocking the thread or not.</summary>
    /// <param name="async">
    /// True to wait for the writer slot and the log flush of those statements without blocking a thread; false to
    /// wait on this thread, in which case the returned task is already complete.
    /// </param>
    /// <returns>A task that completes when the result is closed.</returns>
    internal async ValueTask Close(bool async)
    {
        if (_disposed)
        {
            return;
        }

        try
        {
            if (!_faulted)
            {
                while (await NextResult(async).ConfigureAwait(false))
                {
                }
            }
        }
        finally
        {
            CloseQuery();
            _disposed = true;
        }
    }

    /// <summary>Runs up to the first statement with rows.</summary>
    /// <param name="async">True to wait without blocking a thread; false to wait on this thread (the task is then complete).</param>
    /// <returns>A task that completes when positioned.</returns>
    internal async ValueTask Start(bool async) => await Advance(async).ConfigureAwait(false);

    private ResultColumnInfo Column(int ordinal)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(ordinal);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(ordinal, _columns.Count);
        return _columns[ordinal];
    }

    private bool Pull()
    {
        if (_returned is { } returned)
        {
            if (_returnedNext < returned.Count)
            {
                _row = returned[_returnedNext++];
                _hadRows = true;
                return true;
            }

            _returned = null;
            _row = null;
            return false;
        }

        QueryPlan? query = _query;
        if (query is null)
        {
            _row = null;
            return false;
        }

        bool has;
        try
        {
            has = query.Root.Next(query.Context);
        }
        catch
        {
            _faulted = true;
            CloseQuery(returnPlan: false);
            throw;
        }

        if (!has)
        {
            _row = null;
            CloseQuery();
            return false;
        }

        _row = query.Context.Slots[query.Slot];
        _hadRows = true;
        return true;
    }

    private async ValueTask<bool> Advance(bool async)
    {
        CloseQuery();
        _columns = [];
        _row = null;
        _peeked = false;
        _hadRows = false;
        try
        {
            while (++_index < _statement.Count)
            {
                if (await Run(_index, async).ConfigureAwait(false))
                {
                    return true;
                }
            }
        }
        catch
        {
            _faulted = true;
            throw;
        }

        return false;
    }

    // Runs one statement; true when it is a query whose rows are now ready to be read.
    private async ValueTask<bool> Run(int index, bool async)
    {
        if (_cancellationToken.IsCancellationRequested)
        {
            throw Execution.ExecutionErrors.Cancelled();
        }

        switch (_statement.KindOf(index))
        {
            case PlanKind.Begin:
                bool deferred = ((Sql.Ast.BeginStatement)_statement.Syntax(index)).Mode is Sql.Ast.TransactionMode.Unspecified or Sql.Ast.TransactionMode.Deferred;
                await _session.Begin(deferred, async, _cancellationToken).ConfigureAwait(false);

                return false;
            case PlanKind.Commit:
                await _session.Commit(async, _cancellationToken).ConfigureAwait(false);

                return false;
            case PlanKind.Rollback:
                _session.Rollback();
                return false;
            case PlanKind.Query:
                await WaitUntilReadsDurable(async).ConfigureAwait(false);
                OpenQuery(index);
                return true;
            case PlanKind.Savepoint:
                await RunSavepoint(_statement.Syntax(index), async).ConfigureAwait(false);
                return false;
            case PlanKind.SessionPragma:
                _session.SetPragma((Sql.Ast.PragmaStatement)_statement.Syntax(index));
                return false;
            case PlanKind.Maintenance:
                Maintenance.MaintenanceRunner.Run(_session, _statement.Syntax(index), _cancellationToken);
                return false;
            case PlanKind.SessionSchema when _session.RunTemporaryViewStatement(_statement.Syntax(index)):
                RecordsAffected = Math.Max(RecordsAffected, 0);
                return false;
            default:
                // A RETURNING clause makes the change a result: its rows, collected while the statement ran.
                ReturnedRows? returned = _statement.Syntax(index).Returning.IsDefaultOrEmpty ? null : new ReturnedRows();
                int changed = _session.InTransaction
                    ? WriteRunner.RunInTransaction(_session, await _session.WriteTransaction(async, _cancellationToken).ConfigureAwait(false), _statement, index, _parameters, _cancellationToken, returned)
                    : await WriteRunner.RunAutocommit(_session, _statement, index, _parameters, async, _cancellationToken, returned).ConfigureAwait(false);
                RecordsAffected = Math.Max(RecordsAffected, 0) + changed;
                if (returned is null)
                {
                    return false;
                }

                await WaitUntilReadsDurable(async).ConfigureAwait(false);
                _columns = returned.Columns;
                _returned = returned.Rows;
                _returnedNext = 0;
                return true;
        }
    }

    // Before a statement in an explicit write transaction hands out rows: in FullSync mode that transaction may build
    // on commits that are queued and not yet synced (group commit releases the writer slot before the sync), and rows
    // read from them must not reach the caller before they are durable: a power cut could still take them back, and a
    // ROLLBACK would not wait for them. Waiting here rather than at BEGIN keeps group commit intact (writers that only
    // change data never wait for the group ahead of them) and costs nothing when nothing is queued. Autocommit reads run
    // in a snapshot, which only sees durable commits.
    private ValueTask WaitUntilReadsDurable(bool async) =>
        _session.Transaction is { IsWritable: true } transaction ? transaction.WaitUntilReadsDurable(async) : ValueTask.CompletedTask;

    private async ValueTask RunSavepoint(Sql.Ast.Statement syntax, bool async)
    {
        switch (syntax)
        {
            case Sql.Ast.SavepointStatement savepoint:
                _session.Savepoint(savepoint.Name, _cancellationToken);
                break;
            case Sql.Ast.ReleaseStatement release when _session.Release(release.Name):
                await _session.Commit(async, _cancellationToken).ConfigureAwait(false);
                break;
            case Sql.Ast.RollbackStatement { ToSavepoint: { } name }:
                _session.RollbackTo(name);
                break;
        }
    }

    private void OpenQuery(int index)
    {
        TransactionContext? inTransaction = _session.ReadTransaction();
        TransactionContext? owned = inTransaction is null ? _session.BeginRead() : null;
        TransactionContext transaction = owned ?? inTransaction!;
        QueryPlan? plan = null;
        try
        {
            plan = (QueryPlan)_statement.Rent(index, _session.BindingSchema(transaction.Schema));
            plan.Context.Begin(transaction, _parameters, _cancellationToken);
            plan.Root.Open(plan.Context);
        }
        catch
        {
            if (plan is not null)
            {
                plan.Root.Close(plan.Context);
                plan.Context.End();
            }

            owned?.Dispose();
            throw;
        }

        _query = plan;
        _snapshot = owned;
        _columns = plan.Columns;
        if (owned is null)
        {
            _readingInTransaction = true;
            _session.OpenReadersInTransaction++;
        }
    }

    private void CloseQuery(bool returnPlan = true)
    {
        if (_readingInTransaction)
        {
            _readingInTransaction = false;
            _session.OpenReadersInTransaction--;
        }

        _returned = null;
        QueryPlan? query = _query;
        _query = null;
        if (query is not null)
        {
            try
            {
                query.Root.Close(query.Context);
            }
            finally
            {
                query.Context.End();
                if (returnPlan)
                {
                    _statement.Return(_index, query);
                }
            }
        }

        TransactionContext? snapshot = _snapshot;
        _snapshot = null;
        if (snapshot is not null && _statement.Syntax(_index) is not Sql.Ast.PragmaStatement)
        {
            // A read in its own transaction ends that transaction, and with it defer_foreign_keys, as in SQLite.
            _session.AutocommitEnded();
        }

        snapshot?.Dispose();
    }
}
