using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Diagnostics;
using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Parsing;
using Ast = SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Engine;

/// <summary>
/// Parsed SQL (one or more statements), immutable and shared through the statement cache. Each execution binds
/// values to its parameters; the bound plans are pooled per statement and schema version, so a statement is
/// parsed once and planned once per schema, and a schema change (DDL) makes it plan again.
/// </summary>
internal sealed class Statement
{
    // Plans kept per statement beyond the last one: as many as sessions may run it at once. An autocommit write holds
    // its plan until its commit is durable, so with group commit every committer of a group holds one (50 threads:
    // about 50); a smaller pool dropped the rest and each of those executions bound and planned again. A plan is kept
    // only when a concurrent execution made it, so a statement run by one session keeps one.
    private const int PooledPlans = 64;

    private readonly ImmutableArray<Ast.Statement> _statements;

    // What each statement does, worked out once from its syntax: every execution asks (an autocommit write twice),
    // and the type tests of the classification cost about 900 instructions per one-row INSERT.
    private readonly PlanKind[] _kinds;
    private readonly Dictionary<string, int> _parameterIndex;
    private readonly PlanPool?[] _pools;

    // One plan per statement kept outside the pool: the common case (one session re-running a statement)
    // then costs one interlocked exchange instead of a concurrent-bag round trip.
    private readonly ExecutablePlan?[] _lastPlans;
    private int _plansCompiled;

    /// <summary>Parses <paramref name="sql"/>; use <see cref="Session.Prepare"/>.</summary>
    /// <param name="database">The database the statement belongs to.</param>
    /// <param name="sql">The SQL text.</param>
    /// <exception cref="SharpCoreDBException">SyntaxError.</exception>
    internal Statement(Database database, string sql)
    {
        Database = database;
        Sql = sql;
        _statements = SqlParser.ParseAll(sql);
        ParameterNames = Binding.ParameterNames.Collect(_statements);
        _parameterIndex = new Dictionary<string, int>(ParameterNames.Count, StringComparer.Ordinal);
        for (int i = 0; i < ParameterNames.Count; i++)
        {
            _parameterIndex.Add(ParameterNames[i], i);
        }

        _pools = new PlanPool?[_statements.Length];
        _lastPlans = new ExecutablePlan?[_statements.Length];
        _kinds = new PlanKind[_statements.Length];
        for (int i = 0; i < _kinds.Length; i++)
        {
            _kinds[i] = Classify(_statements[i]);
        }
    }

    /// <summary>The SQL text.</summary>
    public string Sql { get; }

    /// <summary>
    /// The parameters in order of first appearance, by normalized name: <c>@id</c>, <c>:id</c> and <c>$id</c> as
    /// <c>id</c>; <c>?</c> as "1", "2", …; <c>?NNN</c> as "NNN". Values are passed aligned with this list.
    /// </summary>
    public IReadOnlyList<string> ParameterNames { get; }

    /// <summary>The number of statements in the text.</summary>
    public int Count => _statements.Length;

    /// <summary>The database.</summary>
    internal Database Database { get; }

    /// <summary>How many plans have been bound for this text (tests check a prepared command does not bind again).</summary>
    internal int PlansCompiled => Volatile.Read(ref _plansCompiled);

    /// <summary>Runs the statements in order up to the first one that returns rows, and returns the result.</summary>
    /// <param name="session">The session to run in.</param>
    /// <param name="parameterValues">The parameter values, aligned with <see cref="ParameterNames"/>.</param>
    /// <returns>The result; dispose it.</returns>
    /// <exception cref="ArgumentException">Wrong number of values, or a session of another database.</exception>
    /// <exception cref="SharpCoreDBException">Any error of the statements run so far.</exception>
    /// <param name="cancellationToken">Cancels the statement (the provider's command timeout and <c>Cancel()</c>).</param>
    public QueryResult Execute(Session session, ReadOnlySpan<SqlValue> parameterValues, CancellationToken cancellationToken = default)
    {
        ValueTask<QueryResult> execute = Execute(session, CheckArguments(session, parameterValues), async: false, cancellationToken);
        Debug.Assert(execute.IsCompleted, "The synchronous path never waits asynchronously.");
        return execute.GetAwaiter().GetResult();
    }

    /// <summary>
    /// Like <see cref="Execute(Session, ReadOnlySpan{SqlValue}, CancellationToken)"/> with values the result keeps
    /// without copying them: the caller leaves the array unchanged until the result is disposed (a command's bound
    /// values, which it cannot bind again while its reader is open).
    /// </summary>
    /// <param name="session">The session to run in.</param>
    /// <param name="parameterValues">The parameter values, aligned with <see cref="ParameterNames"/>.</param>
    /// <param name="async">True to wait for the writer slot and the log without blocking a thread.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The result; dispose it.</returns>
    internal ValueTask<QueryResult> ExecuteBound(Session session, SqlValue[] parameterValues, bool async, CancellationToken cancellationToken)
    {
        CheckSession(session, parameterValues);
        return Execute(session, parameterValues, async, cancellationToken);
    }

    /// <summary>Like <see cref="Execute(Session, ReadOnlySpan{SqlValue}, CancellationToken)"/>, without blocking a thread on the writer slot or the log flush.</summary>
    /// <param name="session">The session to run in.</param>
    /// <param name="parameterValues">The parameter values, aligned with <see cref="ParameterNames"/>.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The result; dispose it.</returns>
    public ValueTask<QueryResult> ExecuteAsync(Session session, SqlValue[] parameterValues, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(parameterValues);
        return Execute(session, CheckArguments(session, parameterValues), async: true, cancellationToken);
    }

    /// <summary>
    /// Runs every statement and returns the rows changed, without a result object: the path for
    /// <c>ExecuteNonQuery</c>. A single data-changing statement runs directly, allocating nothing per call
    /// beyond what the change itself needs; anything else runs through a <see cref="QueryResult"/>.
    /// </summary>
    /// <param name="session">The session to run in.</param>
    /// <param name="parameterValues">The parameter values, aligned with <see cref="ParameterNames"/>.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The rows inserted, updated or deleted; -1 when no statement changed data.</returns>
    /// <exception cref="ArgumentException">Wrong number of values, or a session of another database.</exception>
    /// <exception cref="SharpCoreDBException">Any error of the statements.</exception>
    public int ExecuteNonQuery(Session session, ReadOnlySpan<SqlValue> parameterValues, CancellationToken cancellationToken = default)
    {
        CheckSession(session, parameterValues);

        // A direct write reads the values only while it runs, so the session's scratch array can carry them.
        bool direct = IsSingleWrite;
        SqlValue[] values = direct ? session.ParameterScratch(parameterValues) : parameterValues.ToArray();
        try
        {
            ValueTask<int> run = ExecuteNonQuery(session, values, async: false, cancellationToken);
            Debug.Assert(run.IsCompleted, "The synchronous path never waits asynchronously.");
            return run.GetAwaiter().GetResult();
        }
        finally
        {
            if (direct)
            {
                Array.Clear(values);
            }
        }
    }

    /// <summary>Like <see cref="ExecuteNonQuery(Session, ReadOnlySpan{SqlValue}, CancellationToken)"/>, without blocking a thread on the writer slot or the log flush.</summary>
    /// <param name="session">The session to run in.</param>
    /// <param name="parameterValues">The parameter values, aligned with <see cref="ParameterNames"/>.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The rows inserted, updated or deleted; -1 when no statement changed data.</returns>
    public ValueTask<int> ExecuteNonQueryAsync(Session session, SqlValue[] parameterValues, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(parameterValues);
        return ExecuteNonQuery(session, CheckArguments(session, parameterValues), async: true, cancellationToken);
    }

    // One statement that changes data runs without a result object; anything else needs one to step through.
    private bool IsSingleWrite => _kinds.Length == 1 && _kinds[0] == PlanKind.Write;

    // The core of both Execute forms: async false never waits asynchronously, so its task is complete on return.
    private async ValueTask<QueryResult> Execute(Session session, SqlValue[] values, bool async, CancellationToken cancellationToken)
    {
        var result = new QueryResult(session, this, values, cancellationToken);
        await result.Start(async).ConfigureAwait(false);
        return result;
    }

    // The core of both ExecuteNonQuery forms, over checked values: async false never waits asynchronously.
    // A single write runs without a state machine of its own when nothing has to be waited for.
    private ValueTask<int> ExecuteNonQuery(Session session, SqlValue[] values, bool async, CancellationToken cancellationToken)
    {
        if (!IsSingleWrite)
        {
            return ExecuteThroughResult(session, values, async, cancellationToken);
        }

        if (!session.InTransaction)
        {
            return WriteRunner.RunAutocommit(session, this, 0, values, async, cancellationToken);
        }

        ValueTask<TransactionContext> write = session.WriteTransaction(async, cancellationToken);
        return write.IsCompletedSuccessfully
            ? new ValueTask<int>(WriteRunner.RunInTransaction(session, write.Result, this, 0, values, cancellationToken))
            : RunInTransactionWhenBegun(session, write, values, cancellationToken);
    }

    private async ValueTask<int> RunInTransactionWhenBegun(Session session, ValueTask<TransactionContext> write, SqlValue[] values, CancellationToken cancellationToken) =>
        WriteRunner.RunInTransaction(session, await write.ConfigureAwait(false), this, 0, values, cancellationToken);

    private async ValueTask<int> ExecuteThroughResult(Session session, SqlValue[] values, bool async, CancellationToken cancellationToken)
    {
        using QueryResult result = await Execute(session, values, async, cancellationToken).ConfigureAwait(false);
        while (await result.NextResult(async).ConfigureAwait(false))
        {
        }

        return result.RecordsAffected;
    }

    /// <summary>What the statement at <paramref name="index"/> does, from its syntax alone.</summary>
    /// <param name="index">The statement index.</param>
    /// <returns>The kind.</returns>
    internal PlanKind KindOf(int index) => _kinds[index];

    // What a statement does, from its syntax alone.
    private static PlanKind Classify(Ast.Statement statement) => statement switch
    {
        Ast.SelectStatement or Ast.ExplainStatement => PlanKind.Query,

        Ast.VacuumStatement => PlanKind.Maintenance,
        Ast.PragmaStatement pragma when Maintenance.MaintenanceRunner.IsMaintenancePragma(pragma.Name.Name) => PlanKind.Maintenance,

        // Every PRAGMA but setting user_version only reads (or is refused).
        Ast.PragmaStatement { Value: not null } pragma when pragma.Name.Name.Equals("user_version", StringComparison.OrdinalIgnoreCase) => PlanKind.Write,
        Ast.PragmaStatement { Value: not null } pragma when IsSessionPragma(pragma.Name.Name) => PlanKind.SessionPragma,
        Ast.PragmaStatement => PlanKind.Query,
        Ast.BeginStatement => PlanKind.Begin,
        Ast.CommitStatement => PlanKind.Commit,
        Ast.RollbackStatement { ToSavepoint: null } => PlanKind.Rollback,
        Ast.RollbackStatement or Ast.SavepointStatement or Ast.ReleaseStatement => PlanKind.Savepoint,
        Ast.CreateViewStatement { Temporary: true } or Ast.DropStatement { Kind: Ast.SchemaObjectKind.View } => PlanKind.SessionSchema,
        _ => PlanKind.Write,
    };

    // The pragmas whose value is a setting of the connection, not of the database.
    private static bool IsSessionPragma(string name) =>
        name.Equals("foreign_keys", StringComparison.OrdinalIgnoreCase) || name.Equals("defer_foreign_keys", StringComparison.OrdinalIgnoreCase);

    /// <summary>The parsed statement at <paramref name="index"/>.</summary>
    /// <param name="index">The statement index.</param>
    /// <returns>The statement.</returns>
    internal Ast.Statement Syntax(int index) => _statements[index];

    /// <summary>A plan for the statement at <paramref name="index"/> bound against <paramref name="schema"/>.</summary>
    /// <param name="index">The statement index.</param>
    /// <param name="schema">The transaction's schema.</param>
    /// <returns>A pooled plan or a newly bound one.</returns>
    internal ExecutablePlan Rent(int index, Schema schema)
    {
        // A plan is reused only with the schema and the registered functions it was bound against.
        UserFunctionSet functions = Database.Functions;
        ExecutablePlan? last = Interlocked.Exchange(ref _lastPlans[index], null);
        if (last is not null && ReferenceEquals(last.Schema, schema) && ReferenceEquals(last.Functions, functions))
        {
            return last;
        }

        PlanPool? pool = Volatile.Read(ref _pools[index]);
        if (pool is not null && pool.Holds(schema, functions) && pool.Plans.TryTake(out ExecutablePlan? plan))
        {
            return plan;
        }

        Interlocked.Increment(ref _plansCompiled);
        return StatementCompiler.Compile(_statements[index], schema, _parameterIndex, Database.Collations, functions);
    }

    /// <summary>
    /// Binds and plans the statements now, as SQLite's prepare does, so an unknown name or a misused construct fails
    /// here with the error its execution would raise; the plans then wait in the pool for the first execution.
    /// </summary>
    /// <remarks>
    /// Binding stops after the first statement that can change what the later ones bind against (DDL, ROLLBACK, a
    /// temporary view): those are bound when they run, so a text that creates a table and then fills it prepares
    /// cleanly. (Microsoft.Data.Sqlite prepares each statement against the schema before any of them runs, and fails
    /// there.)
    /// </remarks>
    /// <param name="session">The session that will run the statement; the caller has entered it.</param>
    /// <returns>True when no statement of the text can change the schema, so a later text may bind against it too.</returns>
    /// <exception cref="SharpCoreDBException">Unknown names, misuse of aggregates, unsupported statements.</exception>
    internal bool Plan(Session session)
    {
        Schema schema = session.CurrentBindingSchema();
        for (int i = 0; i < _statements.Length; i++)
        {
            PlanKind kind = KindOf(i);
            if (kind is PlanKind.Query or PlanKind.Write)
            {
                Return(i, Rent(i, schema));
            }

            if (!KeepsSchema(_statements[i]))
            {
                return false;
            }
        }

        return true;
    }

    // The statements after which the schema is still the one the text started with. Everything else (DDL, ROLLBACK,
    // ANALYZE, VACUUM, REINDEX) is treated as changing it.
    private static bool KeepsSchema(Ast.Statement statement) =>
        statement is Ast.SelectStatement or Ast.ExplainStatement or Ast.InsertStatement or Ast.UpdateStatement
            or Ast.DeleteStatement or Ast.PragmaStatement or Ast.BeginStatement or Ast.CommitStatement
            or Ast.SavepointStatement or Ast.ReleaseStatement;

    /// <summary>Gives a plan back after a successful execution.</summary>
    /// <param name="index">The statement index.</param>
    /// <param name="plan">The plan.</param>
    internal void Return(int index, ExecutablePlan plan)
    {
        bool current = ReferenceEquals(plan.Schema, Database.Schema) && ReferenceEquals(plan.Functions, Database.Functions);
        if (current && Interlocked.CompareExchange(ref _lastPlans[index], plan, null) is null)
        {
            return;
        }

        PlanPool? pool = Volatile.Read(ref _pools[index]);
        if (pool is null || !pool.Holds(plan.Schema, plan.Functions))
        {
            // Only plans of the current committed schema and functions are worth keeping.
            if (!current)
            {
                return;
            }

            pool = new PlanPool(plan.Schema, plan.Functions);
            Volatile.Write(ref _pools[index], pool);
        }

        if (pool.Plans.Count < PooledPlans)
        {
            pool.Plans.Add(plan);
        }
    }

    private SqlValue[] CheckArguments(Session session, ReadOnlySpan<SqlValue> parameterValues)
    {
        CheckSession(session, parameterValues);
        return parameterValues.ToArray();
    }

    private void CheckSession(Session session, ReadOnlySpan<SqlValue> parameterValues)
    {
        ArgumentNullException.ThrowIfNull(session);
        if (!ReferenceEquals(session.Database, Database))
        {
            throw new ArgumentException("The statement was prepared by a session of another database.", nameof(session));
        }

        if (parameterValues.Length != ParameterNames.Count)
        {
            throw new ArgumentException(
                $"The statement has {ParameterNames.Count} parameters but {parameterValues.Length} values were given.",
                nameof(parameterValues));
        }
    }

    private sealed class PlanPool(Schema schema, UserFunctionSet functions)
    {
        public Schema Schema { get; } = schema;

        public UserFunctionSet Functions { get; } = functions;

        public ConcurrentBag<ExecutablePlan> Plans { get; } = [];

        public bool Holds(Schema schema, UserFunctionSet functions) =>
            ReferenceEquals(Schema, schema) && ReferenceEquals(Functions, functions);
    }
}
