using System.ComponentModel;
using System.Data;
using System.Data.Common;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <summary>
/// A SQL command: one or more statements separated by <c>;</c>, with parameters bound as values
/// (<c>@name</c>, <c>:name</c>, <c>$name</c>, <c>?</c>, <c>?NNN</c>) — never pasted into the SQL text.
/// The SQL is parsed and planned once per distinct text (the database keeps a plan cache that schema
/// changes invalidate), so re-executing a command with new parameter values costs no parsing.
/// </summary>
public sealed class SharpCoreDBCommand : DbCommand
{
    private string _commandText = string.Empty;
    private SharpCoreDBConnection? _connection;
    private SharpCoreDBTransaction? _transaction;

    // The reader of the last ExecuteReader until it closes (see ThrowIfReaderOpen).
    private SharpCoreDBDataReader? _reader;
    private int? _commandTimeout;
    private Statement? _prepared;
    private SqlValue[] _values = [];

    // The last binding: the statement's placeholder names, the index in Parameters each one bound, and the parameters
    // (and their names) the collection held then.
    private IReadOnlyList<string>? _bindingNames;
    private int[] _bindingIndexes = [];
    private SharpCoreDBParameter[] _bindingParameters = [];
    private string[] _bindingParameterNames = [];
    private CancellationTokenSource? _idle;
    private CancellationTokenSource? _linked;
    private volatile bool _cancelRequested;

    // The timeout clock. Arming a timer costs a trip through the runtime's global timer queue, so a command arms its one
    // timer only when it is disarmed or due later than the new deadline; each execution just stamps its deadline. The
    // callback cancels the running execution once its deadline has passed, re-arms for the rest otherwise, and stays
    // disarmed when idle. _running, _deadline and _timerDue change only under _timeoutLock, and ReaderClosed clears
    // _running under it, so a late callback (or Cancel) never reaches a source that has been pooled and reused.
    private readonly Lock _timeoutLock = new();
    private CancellationTokenSource? _running;
    private Timer? _timeoutTimer;
    private long _deadline = NoDeadline;
    private long _timerDue = NoDeadline;
    private int _timeoutTimerArms;

    // Deadline of an execution without a timeout, and due time of a disarmed timer (Environment.TickCount64 units).
    private const long NoDeadline = long.MaxValue;

    // The span of the running execution (null when nobody listens): ends when its reader closes, or at the failure.
    private Activity? _activity;

    /// <summary>Creates a command without a connection.</summary>
    public SharpCoreDBCommand()
    {
    }

    /// <summary>Creates a command.</summary>
    /// <param name="commandText">The SQL.</param>
    /// <param name="connection">The connection.</param>
    /// <param name="transaction">The transaction, if any.</param>
    public SharpCoreDBCommand(string commandText, SharpCoreDBConnection? connection = null, SharpCoreDBTransaction? transaction = null)
    {
        CommandText = commandText;
        Connection = connection;
        Transaction = transaction;
    }

    /// <inheritdoc />
    [AllowNull]
    public override string CommandText
    {
        get => _commandText;
        set
        {
            ThrowIfReaderOpen();
            _commandText = value ?? string.Empty;
            _prepared = null;
        }
    }

    /// <summary>Seconds before execution fails with <see cref="SharpCoreDBErrorCode.Timeout"/>; 0 waits forever.
    /// Defaults to the connection's <c>Default Timeout</c>.</summary>
    public override int CommandTimeout
    {
        get => _commandTimeout ?? _connection?.DefaultTimeout ?? SharpCoreDBConnectionStringBuilder.DefaultDefaultTimeout;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _commandTimeout = value;
        }
    }

    /// <summary>Only <see cref="CommandType.Text"/> is supported.</summary>
    public override CommandType CommandType
    {
        get => CommandType.Text;
        set
        {
            if (value != CommandType.Text)
            {
                throw new ArgumentException($"SharpCoreDB supports only CommandType.Text, not {value}.", nameof(value));
            }
        }
    }

    /// <summary>The connection the command runs on.</summary>
    public new SharpCoreDBConnection? Connection
    {
        get => _connection;
        set
        {
            if (!ReferenceEquals(_connection, value))
            {
                ThrowIfReaderOpen();
                _prepared = null;
            }

            _connection = value;
        }
    }

    /// <summary>The transaction the command runs in; it must belong to <see cref="Connection"/>.</summary>
    public new SharpCoreDBTransaction? Transaction
    {
        get => _transaction;
        set => _transaction = value;
    }

    /// <summary>The parameters.</summary>
    public new SharpCoreDBParameterCollection Parameters { get; } = new();

    /// <inheritdoc />
    [EditorBrowsable(EditorBrowsableState.Never)]
    public override bool DesignTimeVisible { get; set; }

    /// <inheritdoc />
    public override UpdateRowSource UpdatedRowSource { get; set; }

    /// <inheritdoc />
    protected override DbConnection? DbConnection
    {
        get => _connection;
        set => Connection = value switch
        {
            null => null,
            SharpCoreDBConnection connection => connection,
            _ => throw new ArgumentException($"A SharpCoreDBCommand needs a SharpCoreDBConnection, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <inheritdoc />
    protected override DbParameterCollection DbParameterCollection => Parameters;

    /// <inheritdoc />
    protected override DbTransaction? DbTransaction
    {
        get => _transaction;
        set => _transaction = value switch
        {
            null => null,
            SharpCoreDBTransaction transaction => transaction,
            _ => throw new ArgumentException($"A SharpCoreDBCommand needs a SharpCoreDBTransaction, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <summary>Creates a parameter (not yet added to <see cref="Parameters"/>).</summary>
    /// <returns>The parameter.</returns>
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Performance", "CA1822:Mark members as static", Justification = "ADO.NET instance API.")]
    public new SharpCoreDBParameter CreateParameter() => new();

    /// <inheritdoc />
    protected override DbParameter CreateDbParameter() => CreateParameter();

    /// <summary>
    /// Parses, binds and plans the SQL now, so errors surface here (with the error code its execution would give) and
    /// later executions skip the work. Statements after one that changes the schema (<c>CREATE TABLE t …; INSERT INTO
    /// t …</c>) are bound when they run. A schema change after <see cref="Prepare()"/> makes the next execution plan again.
    /// </summary>
    /// <exception cref="SharpCoreDBException">The SQL has a syntax error or names something that does not exist.</exception>
    public override void Prepare() => Prepare(plan: true);

    /// <summary>Prepares the SQL (a batch prepares its commands through this).</summary>
    /// <param name="plan">
    /// True to bind and plan it too; false after an earlier command of a batch that changes the schema, which this one
    /// may depend on.
    /// </param>
    /// <returns>True when the SQL was planned and cannot change the schema, so a later command may be planned too.</returns>
    internal bool Prepare(bool plan)
    {
        var statement = Compile(out var session);
        var keepsSchema = false;
        if (plan)
        {
            using var use = session.Enter();
            keepsSchema = statement.Plan(session);
        }

        _prepared = statement;
        return keepsSchema;
    }

    /// <summary>Asks the running execution to stop; it fails with <see cref="SharpCoreDBErrorCode.Cancelled"/>.</summary>
    public override void Cancel()
    {
        _cancelRequested = true;
        // Under the lock: ReaderClosed clears _running under it before the source is pooled or disposed.
        lock (_timeoutLock)
        {
            _running?.Cancel();
        }
    }

    /// <summary>How many times this command has armed its timeout timer (tests count it: a loop of executions arms it
    /// once, not once per execution).</summary>
    internal int TimeoutTimerArms
    {
        get
        {
            lock (_timeoutLock)
            {
                return _timeoutTimerArms;
            }
        }
    }

    /// <summary>Whether the timeout timer is armed (tests wait for a callback to have run).</summary>
    internal bool TimeoutTimerArmed
    {
        get
        {
            lock (_timeoutLock)
            {
                return _timerDue != NoDeadline;
            }
        }
    }

    /// <summary>Runs the command and returns a reader over its rows.</summary>
    /// <returns>The reader.</returns>
    public new SharpCoreDBDataReader ExecuteReader() => ExecuteReader(CommandBehavior.Default);

    /// <summary>Runs the command and returns a reader over its rows.</summary>
    /// <param name="behavior">Reader options; <see cref="CommandBehavior.CloseConnection"/> is honoured.</param>
    /// <returns>The reader.</returns>
    public new SharpCoreDBDataReader ExecuteReader(CommandBehavior behavior) => (SharpCoreDBDataReader)ExecuteDbDataReader(behavior);

    /// <summary>Runs the command and returns the rows inserted, updated or deleted (-1 when none were).</summary>
    /// <returns>The number of rows affected.</returns>
    public override int ExecuteNonQuery() => SyncPath.Result(ExecuteNonQueryCore(async: false, CancellationToken.None));

    /// <inheritdoc />
    public override Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken) =>
        ExecuteNonQueryCore(async: true, cancellationToken).AsTask();

    /// <summary>
    /// Runs a compiled statement in a session the caller has entered (a batch runs its commands through this).
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <param name="session">The entered session.</param>
    /// <param name="async">
    /// True to wait for the writer slot and the log flush without blocking a thread; false to wait on this thread, in
    /// which case the returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">The caller's token (none for the synchronous API).</param>
    /// <returns>The rows inserted, updated or deleted; -1 when none were.</returns>
    internal ValueTask<int> RunNonQuery(Statement statement, Session session, bool async, CancellationToken cancellationToken)
    {
        var values = Bind(statement);
        var execution = StartExecution(cancellationToken);
        ValueTask<int> run;
        try
        {
            // The engine keeps the array only while it runs; the command's buffer is not reused before it returns.
            run = async
                ? statement.ExecuteNonQueryAsync(session, values, execution.Token)
                : new ValueTask<int>(statement.ExecuteNonQuery(session, values, execution.Token));
        }
        catch (Exception e)
        {
            var mapped = MapCancellation(e, cancellationToken);
            ReaderClosed(execution);
            throw mapped ?? Rethrow(e);
        }

        if (!run.IsCompletedSuccessfully)
        {
            return RunNonQueryWhenDone(run, execution, cancellationToken);
        }

        // Done at once (always, on the synchronous path): no async state machine.
        ReaderClosed(execution);
        return run;
    }

    // The statement waits (for the writer slot or the log): the execution ends when it is done.
    private async ValueTask<int> RunNonQueryWhenDone(ValueTask<int> run, CancellationTokenSource execution, CancellationToken cancellationToken)
    {
        try
        {
            return await run.ConfigureAwait(false);
        }
        catch (Exception e)
        {
            throw MapCancellation(e, cancellationToken) ?? Rethrow(e);
        }
        finally
        {
            ReaderClosed(execution);
        }
    }

    /// <summary>Runs the command and returns the first column of the first row, or null when there is none.</summary>
    /// <returns>The value; <see cref="DBNull.Value"/> for SQL NULL.</returns>
    public override object? ExecuteScalar() => SyncPath.Result(ExecuteScalarCore(async: false, CancellationToken.None));

    /// <inheritdoc />
    public override Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken) =>
        ExecuteScalarCore(async: true, cancellationToken).AsTask();

    /// <inheritdoc />
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) =>
        SyncPath.Result(ExecuteReaderCore(behavior, async: false, CancellationToken.None));

    /// <inheritdoc />
    protected override async Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken) =>
        await ExecuteReaderCore(behavior, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>Runs the command and returns a reader over its rows, blocking the thread or not.</summary>
    /// <param name="behavior">Reader options; <see cref="CommandBehavior.CloseConnection"/> is honoured.</param>
    /// <param name="async">
    /// True to wait for the writer slot and the log flush without blocking a thread; false to wait on this thread, in
    /// which case the returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">The caller's token (none for the synchronous API).</param>
    /// <returns>The reader.</returns>
    internal async ValueTask<SharpCoreDBDataReader> ExecuteReaderCore(CommandBehavior behavior, bool async, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        StartActivity();
        try
        {
            var statement = Compile(out var session);
            using var use = session.Enter();
            var values = Bind(statement);
            var timeout = StartExecution(cancellationToken);
            try
            {
                // The command's own array, not a copy: it is not bound again while this reader is open.
                var result = await statement.ExecuteBound(session, values, async, timeout.Token).ConfigureAwait(false);
                var reader = new SharpCoreDBDataReader(this, result, behavior, timeout, cancellationToken);
                _reader = reader;
                return reader;
            }
            catch (Exception e)
            {
                // Mapped first: that also marks the span failed before ReaderClosed ends it.
                var mapped = MapCancellation(e, cancellationToken);
                ReaderClosed(timeout);
                throw mapped ?? Rethrow(e);
            }
        }
        catch (Exception e) when (EndActivity(e))
        {
            throw;
        }
    }

    // The core of both ExecuteNonQuery forms. No reader and no result object: the engine runs the statements straight
    // through.
    private async ValueTask<int> ExecuteNonQueryCore(bool async, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        StartActivity();
        try
        {
            var statement = Compile(out var session);
            using var use = session.Enter();
            return await RunNonQuery(statement, session, async, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (EndActivity(e))
        {
            throw;
        }
    }

    // The core of both ExecuteScalar forms: closing the reader runs the statements after the first query, on the same
    // path (blocking or not) as the rest.
    private async ValueTask<object?> ExecuteScalarCore(bool async, CancellationToken cancellationToken)
    {
        SharpCoreDBDataReader reader = await ExecuteReaderCore(CommandBehavior.Default, async, cancellationToken).ConfigureAwait(false);
        try
        {
            return reader.FieldCount > 0 && await reader.ReadCore(cancellationToken).ConfigureAwait(false) ? reader.GetValue(0) : null;
        }
        finally
        {
            await reader.CloseCore(async).ConfigureAwait(false);
        }
    }

    /// <summary>Called when an execution ends (its reader closes): stops the timeout clock.</summary>
    internal void ReaderClosed(CancellationTokenSource? execution)
    {
        _reader = null;
        Interlocked.Exchange(ref _activity, null)?.Stop();
        if (execution is null)
        {
            return;
        }

        lock (_timeoutLock)
        {
            if (ReferenceEquals(_running, execution))
            {
                // The timer stays armed: its callback finds nothing running and leaves it disarmed, and an execution
                // that starts before then reuses it without arming it again.
                _running = null;
                _deadline = NoDeadline;
            }
        }

        // An unlinked source that never fired is kept for the next execution (TryReset stops its timer), so a
        // re-executed command does not allocate a source and a timer every time.
        var linked = ReferenceEquals(Interlocked.CompareExchange(ref _linked, null, execution), execution);
        if (!linked && !execution.IsCancellationRequested && execution.TryReset()
            && Interlocked.CompareExchange(ref _idle, execution, null) is null)
        {
            return;
        }

        execution.Dispose();
    }

    /// <summary>
    /// Turns a cancellation caused by this command's timeout or <see cref="Cancel"/> into the matching
    /// <see cref="SharpCoreDBException"/>, and one caused by the caller's own token into the
    /// <see cref="OperationCanceledException"/> for that token that .NET code expects (the engine's error inside).
    /// </summary>
    /// <returns>The exception to throw instead, or null to rethrow <paramref name="error"/> unchanged.</returns>
    internal Exception? MapCancellation(Exception error, CancellationToken callerToken)
    {
        // Every failure of an execution and of its reader passes through here: the span records it.
        var mapped = MapCancellationCore(error, callerToken);
        CommandTracing.Failed(_activity, mapped ?? error);
        return mapped;
    }

    private Exception? MapCancellationCore(Exception error, CancellationToken callerToken)
    {
        var isCancellation = error is OperationCanceledException
            || error is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Cancelled };
        if (!isCancellation)
        {
            return null;
        }

        if (callerToken.IsCancellationRequested)
        {
            return error is OperationCanceledException canceled && canceled.CancellationToken == callerToken
                ? null
                : new OperationCanceledException("The command was cancelled by the caller's cancellation token.", error, callerToken);
        }

        if (_cancelRequested)
        {
            return error as SharpCoreDBException
                ?? new SharpCoreDBException(SharpCoreDBErrorCode.Cancelled, "The command was cancelled.", error);
        }

        return new SharpCoreDBException(
            SharpCoreDBErrorCode.Timeout,
            $"The command did not finish within its timeout of {CommandTimeout} s (CommandTimeout).",
            error);
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _prepared = null;
            Interlocked.Exchange(ref _idle, null)?.Dispose();
            lock (_timeoutLock)
            {
                _timeoutTimer?.Dispose();
                _timeoutTimer = null;
                _timerDue = NoDeadline;
            }
        }

        base.Dispose(disposing);
    }

    // Starts this execution's span (nothing happens when nobody listens).
    private void StartActivity()
    {
        Interlocked.Exchange(ref _activity, null)?.Stop();
        _activity = CommandTracing.Start(_commandText, _connection?.DataSource ?? string.Empty);
    }

    // An exception filter: marks the span failed and ends it, before the execution's own cleanup runs. Always false.
    private bool EndActivity(Exception error)
    {
        var activity = Interlocked.Exchange(ref _activity, null);
        CommandTracing.Failed(activity, error);
        activity?.Stop();
        return false;
    }

    /// <summary>Checks the command can run on its connection and prepares its SQL (a batch runs its commands through this).</summary>
    /// <param name="session">The connection's session.</param>
    /// <returns>The statement.</returns>
    internal Statement Compile(out Session session)
    {
        var connection = _connection ?? throw new InvalidOperationException("The command has no connection.");
        ThrowIfReaderOpen();
        session = connection.Session;
        if (_transaction is not null)
        {
            if (_transaction.IsCompleted)
            {
                throw new InvalidOperationException("The command's transaction has already been committed or rolled back.");
            }

            if (!ReferenceEquals(_transaction.Connection, connection))
            {
                throw new InvalidOperationException("The transaction object is not associated with the same connection object as this command.");
            }
        }
        else if (connection.ActiveTransaction is not null)
        {
            // As Microsoft.Data.Sqlite (and SqlClient): a command that forgot Transaction would otherwise run inside it
            // unnoticed, and a later Rollback would take back work its author thought was committed.
            throw new InvalidOperationException(
                "Execute requires the command to have a transaction object when the connection assigned to the command is in a pending local transaction.  "
                + "The Transaction property of the command has not been initialized.");
        }

        if (string.IsNullOrWhiteSpace(_commandText))
        {
            throw new InvalidOperationException("The command has no CommandText.");
        }

        // A prepared statement stays valid for its database; the engine re-plans it itself after schema changes.
        var statement = _prepared is { } prepared && ReferenceEquals(prepared.Database, session.Database)
            ? prepared
            : session.Prepare(_commandText);
        CommandTracing.Parsed(_activity, statement.Count, connection.DataSource);
        return statement;
    }

    // As Microsoft.Data.Sqlite: while this command's reader is open, the command cannot run again or change what it
    // runs (the reader still reads the statement and connection it started with).
    private void ThrowIfReaderOpen()
    {
        if (_reader is { IsClosed: false })
        {
            throw new InvalidOperationException("The command's data reader is still open; close it before running or changing the command.");
        }
    }

    private SqlValue[] Bind(Statement statement)
    {
        var names = statement.ParameterNames;
        if (names.Count == 0)
        {
            return [];
        }

        if (_values.Length != names.Count)
        {
            _values = new SqlValue[names.Count];
        }

        // A command re-executed with new values finds its parameters where the last binding found them, unless the
        // statement or the collection (its parameters, their names) changed since; the lookup by name compared every
        // parameter's name with each placeholder's on every execution.
        var found = BindingHolds(names) ? _bindingIndexes : null;
        if (found is null)
        {
            // Forgotten until this binding succeeds: one that fails halfway leaves nothing to trust.
            _bindingNames = null;
            if (_bindingIndexes.Length != names.Count)
            {
                _bindingIndexes = new int[names.Count];
            }
        }

        for (var i = 0; i < names.Count; i++)
        {
            var index = found is null ? IndexOfPlaceholder(names[i]) : found[i];
            _bindingIndexes[i] = index;
            _values[i] = ValueOf(Parameters[index]);
        }

        if (found is null)
        {
            RememberBinding(names);
        }

        return _values;
    }

    // Whether the last binding's indexes still hold: the same statement names, and the same parameter objects with the
    // same names in the same places (a rename, an insertion or a replacement makes the next binding look names up).
    private bool BindingHolds(IReadOnlyList<string> names)
    {
        var bound = _bindingParameters;
        if (!ReferenceEquals(names, _bindingNames) || Parameters.Count != bound.Length)
        {
            return false;
        }

        for (var i = 0; i < bound.Length; i++)
        {
            var parameter = Parameters[i];
            if (!ReferenceEquals(parameter, bound[i]) || !ReferenceEquals(parameter.ParameterName, _bindingParameterNames[i]))
            {
                return false;
            }
        }

        return true;
    }

    private void RememberBinding(IReadOnlyList<string> names)
    {
        var count = Parameters.Count;
        if (_bindingParameters.Length != count)
        {
            _bindingParameters = new SharpCoreDBParameter[count];
            _bindingParameterNames = new string[count];
        }

        for (var i = 0; i < count; i++)
        {
            _bindingParameters[i] = Parameters[i];
            _bindingParameterNames[i] = Parameters[i].ParameterName;
        }

        _bindingNames = names;
        BindingLookups++;
    }

    /// <summary>How many bindings looked the statement's placeholders up by name (tests count it: a re-executed command
    /// looks them up once).</summary>
    internal int BindingLookups { get; private set; }

    // The rules of Microsoft.Data.Sqlite: @name, :name and $name bind the parameter named with that prefix or none
    // (a name that looks like a number, @2, is still a name). Beyond it, ? and ?NNN, which it cannot bind, bind the
    // parameter named "?NNN", else the NNN-th parameter of the collection.
    private int IndexOfPlaceholder(string name)
    {
        int index;
        if (name[0] == '?')
        {
            index = IndexOfQuestionName(name);
            if (index < 0 && int.TryParse(name.AsSpan(1), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var ordinal)
                && ordinal >= 1 && ordinal <= Parameters.Count)
            {
                index = ordinal - 1;
            }
        }
        else
        {
            index = Parameters.IndexOf(name);
            if (index >= 0 && Parameters[index].ParameterName.StartsWith('?'))
            {
                // "?2" names a positional placeholder, never @2.
                index = -1;
            }
        }

        if (index < 0)
        {
            var display = name[0] == '?' ? name : "@" + name;
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.MissingParameter,
                $"No value was given for parameter {display}; add it to the command's Parameters.");
        }

        return index;
    }

    private static SqlValue ValueOf(SharpCoreDBParameter parameter)
    {
        try
        {
            return ParameterValues.ToSqlValue(parameter);
        }
        catch (NotSupportedException e)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.TypeMismatch,
                $"Parameter '{parameter.ParameterName}': {e.Message}",
                e);
        }
    }

    private int IndexOfQuestionName(string name)
    {
        for (var i = 0; i < Parameters.Count; i++)
        {
            if (string.Equals(Parameters[i].ParameterName, name, StringComparison.Ordinal))
            {
                return i;
            }
        }

        return -1;
    }

    // One source per execution carries both the timeout and Cancel(); linked to the caller's token when async.
    private CancellationTokenSource StartExecution(CancellationToken callerToken)
    {
        _cancelRequested = false;
        CancellationTokenSource source;
        if (callerToken.CanBeCanceled)
        {
            // Linked to the caller's token for good: never pooled.
            source = CancellationTokenSource.CreateLinkedTokenSource(callerToken);
            _linked = source;
        }
        else
        {
            source = Interlocked.Exchange(ref _idle, null) ?? new CancellationTokenSource();
        }
        var seconds = CommandTimeout;
        lock (_timeoutLock)
        {
            _running = source;
            if (seconds <= 0)
            {
                _deadline = NoDeadline;
            }
            else
            {
                var now = Environment.TickCount64;
                _deadline = now + seconds * 1000L;
                if (_timerDue > _deadline)
                {
                    // Disarmed, or due after this deadline (CommandTimeout was lowered): arm for this execution.
                    ArmTimeoutTimer(now, _deadline);
                }
            }
        }

        return source;
    }

    // Arms the timeout timer to fire at due. Called under _timeoutLock.
    private void ArmTimeoutTimer(long now, long due)
    {
        if (_timeoutTimer is null)
        {
            // The callback runs on the thread pool: it must not carry the executing thread's async-locals (Activity).
            using (ExecutionContext.SuppressFlow())
            {
                _timeoutTimer = new Timer(static state => ((SharpCoreDBCommand)state!).TimeoutTimerFired(), this, Timeout.Infinite, Timeout.Infinite);
            }
        }

        _timerDue = due;
        _timeoutTimerArms++;
        _timeoutTimer.Change(Math.Max(due - now, 1), Timeout.Infinite);
    }

    // The timer callback: cancels the running execution once its deadline has passed, re-arms for the rest when the
    // running execution started after the timer was armed, and leaves the timer disarmed when nothing runs.
    private void TimeoutTimerFired()
    {
        lock (_timeoutLock)
        {
            _timerDue = NoDeadline;
            if (_running is null || _deadline == NoDeadline || _timeoutTimer is null)
            {
                return;
            }

            var now = Environment.TickCount64;
            if (now >= _deadline)
            {
                // Inside the lock: the source cannot be pooled and handed to a later execution meanwhile.
                _running.Cancel();
                return;
            }

            ArmTimeoutTimer(now, _deadline);
        }
    }

    // Keeps the original stack trace when the error is passed on unchanged.
    private static Exception Rethrow(Exception error)
    {
        System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(error).Throw();
        return error;
    }
}
