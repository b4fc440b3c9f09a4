using SharpCoreDB.Records;

namespace SharpCoreDB.Execution;

/// <summary>
/// The state one execution of a bound statement works in: the row slots every operator writes and every
/// expression reads, the parameter values, the transaction, and a stamp that tells per-execution caches
/// (uncorrelated subqueries) that a new execution began.
/// </summary>
/// <remarks>
/// Each table source, derived table, aggregate and projection of a statement owns one slot, numbered by the
/// binder across the whole statement (subqueries included), so a correlated subquery reads its outer row simply
/// by reading the outer slot.
/// </remarks>
internal sealed class ExecutionContext
{
    private static long s_nextStamp;
    private int _sinceCancellationCheck;
    private ExecutionContext? _nested;

    /// <summary>Creates a context with the given slot widths.</summary>
    /// <param name="slotWidths">The width of every slot.</param>
    public ExecutionContext(int[] slotWidths)
    {
        Slots = new SqlValue[slotWidths.Length][];
        for (int i = 0; i < slotWidths.Length; i++)
        {
            Slots[i] = new SqlValue[slotWidths[i]];
        }
    }

    // A trigger firing's context: the same slots, its own stamp.
    private ExecutionContext(SqlValue[][] slots) => Slots = slots;

    /// <summary>The rows, by slot.</summary>
    public SqlValue[][] Slots { get; private set; }

    /// <summary>
    /// Adds the slots bound after the plan was created: a RETURNING clause is bound after its statement's plan, and
    /// a subquery in it takes slots of its own.
    /// </summary>
    /// <param name="slotWidths">The width of every slot, those the context has included.</param>
    public void AddSlots(int[] slotWidths)
    {
        if (slotWidths.Length <= Slots.Length)
        {
            return;
        }

        SqlValue[][] slots = new SqlValue[slotWidths.Length][];
        Slots.CopyTo(slots, 0);
        for (int i = Slots.Length; i < slotWidths.Length; i++)
        {
            slots[i] = new SqlValue[slotWidths[i]];
        }

        Slots = slots;
    }

    /// <summary>The parameter values, aligned with the statement's parameter names.</summary>
    public SqlValue[] Parameters { get; private set; } = [];

    /// <summary>The transaction the statement runs in.</summary>
    public TransactionContext Transaction { get; private set; } = null!;

    /// <summary>Unique per execution; caches compare it to know whether they are still valid.</summary>
    public long Stamp { get; private set; }

    /// <summary>Cancels a long-running statement.</summary>
    public CancellationToken CancellationToken { get; private set; }

    /// <summary>
    /// The largest TEXT or BLOB, in bytes, the statement may build or bind: the transaction's from <see cref="Begin"/>
    /// on; before that (constant folding at plan time) whatever the planner set.
    /// </summary>
    public long MaxLength { get; set; } = Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>Prepares the context for a new execution.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="parameters">The parameter values.</param>
    /// <param name="cancellationToken">The cancellation token.</param>
    public void Begin(TransactionContext transaction, SqlValue[] parameters, CancellationToken cancellationToken)
    {
        Transaction = transaction;
        Parameters = parameters;
        CancellationToken = cancellationToken;
        MaxLength = transaction.MaxLength;
        Stamp = Interlocked.Increment(ref s_nextStamp);
        _sinceCancellationCheck = 0;
    }

    /// <summary>
    /// The context a trigger program runs in for one firing: the same slots (the program was bound into this
    /// statement's), transaction and cancellation, and a new stamp, so the program's subqueries and hash tables
    /// are evaluated afresh while this context's keep theirs. One object per nesting level, reused by every firing.
    /// </summary>
    /// <returns>The nested context, begun.</returns>
    public ExecutionContext Nested()
    {
        _nested ??= new ExecutionContext(Slots);
        _nested.Begin(Transaction, Parameters, CancellationToken);
        return _nested;
    }

    /// <summary>Forgets the transaction and parameters after an execution (the context is pooled).</summary>
    public void End()
    {
        Transaction = null!;
        Parameters = [];
        CancellationToken = default;
        _nested?.End();
    }

    /// <summary>
    /// Checks for cancellation every few hundred steps, so scans stay cheap. Every loop whose length the data
    /// decides calls this (scans, joins, filters, sorts, window frames, recursion, trigger programs), so a command
    /// timeout or <c>Cancel()</c> stops any statement within a few hundred steps.
    /// </summary>
    /// <exception cref="SharpCoreDBException">Cancelled.</exception>
    public void CheckCancellation()
    {
        if (++_sinceCancellationCheck < 256)
        {
            return;
        }

        _sinceCancellationCheck = 0;
        if (CancellationToken.IsCancellationRequested)
        {
            throw ExecutionErrors.Cancelled();
        }
    }

    /// <summary>
    /// Like <see cref="CheckCancellation()"/> for one step that did <paramref name="work"/> units of work at once
    /// (a window frame of that many rows), so the check interval stays a few hundred units whatever the step size.
    /// </summary>
    /// <param name="work">The units of work the step did (at least 1).</param>
    /// <exception cref="SharpCoreDBException">Cancelled.</exception>
    public void CheckCancellation(int work)
    {
        _sinceCancellationCheck += Math.Max(work, 1) - 1;
        CheckCancellation();
    }

    /// <summary>
    /// Sorts with a comparison that checks for cancellation: the sort wraps what a comparison throws in an
    /// <see cref="InvalidOperationException"/>, so the engine's own error is unwrapped and rethrown as it was.
    /// </summary>
    /// <param name="sort">Runs the sort.</param>
    public static void RunSort(Action sort)
    {
        try
        {
            sort();
        }
        catch (InvalidOperationException e) when (e.InnerException is SharpCoreDBException inner)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(inner);
        }
    }
}
