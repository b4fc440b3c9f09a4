namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>
/// The violation counters of one write transaction, kept as SQLite keeps them: each change that breaks a constraint
/// adds one, each change that repairs one takes one away, so nothing is scanned again at the end. Immediate
/// constraints count per statement (checked when it ends); deferred ones, and immediate ones while
/// <c>PRAGMA defer_foreign_keys</c> is on, count for the transaction (checked at COMMIT).
/// </summary>
internal sealed class ForeignKeyCounters
{
    private long _deferredAtStatementStart;
    private long _deferredImmediateAtStatementStart;
    private bool _keepDeferredOfFailure;

    /// <summary>Violations of immediate constraints by the running statement.</summary>
    public long Statement { get; private set; }

    /// <summary>Violations of DEFERRABLE INITIALLY DEFERRED constraints in the transaction.</summary>
    public long Deferred { get; private set; }

    /// <summary>Violations of immediate constraints made while defer_foreign_keys was on.</summary>
    public long DeferredImmediate { get; private set; }

    /// <summary>Violations COMMIT refuses.</summary>
    public long DeferredTotal => Deferred + DeferredImmediate;

    /// <summary>How many foreign-key action programs run one inside another right now.</summary>
    public int ActionDepth { get; set; }

    /// <summary>A statement starts: its count is zero and the transaction's counts are remembered for a failure.</summary>
    public void StatementStarting()
    {
        Statement = 0;
        _keepDeferredOfFailure = false;
        _deferredAtStatementStart = Deferred;
        _deferredImmediateAtStatementStart = DeferredImmediate;
    }

    /// <summary>A statement failed and its changes were taken back: so are the violations it counted.</summary>
    public void StatementFailed()
    {
        Statement = 0;
        if (!_keepDeferredOfFailure)
        {
            Deferred = _deferredAtStatementStart;
            DeferredImmediate = _deferredImmediateAtStatementStart;
        }

        _keepDeferredOfFailure = false;
    }

    /// <summary>
    /// A one-row INSERT is about to fail on an immediate constraint: SQLite runs such a statement without a statement
    /// journal, so the deferred counts it already added are not taken back (and a later COMMIT fails on them).
    /// </summary>
    public void KeepDeferredCountsOfFailure() => _keepDeferredOfFailure = true;

    /// <summary>defer_foreign_keys was switched off: SQLite forgets the immediate violations it had deferred.</summary>
    public void ClearDeferredImmediate() => DeferredImmediate = 0;

    /// <summary>The transaction's counts, to keep with a savepoint.</summary>
    /// <returns>The deferred and deferred-immediate counts.</returns>
    public (long Deferred, long DeferredImmediate) Save() => (Deferred, DeferredImmediate);

    /// <summary>ROLLBACK TO: the counts go back with the data.</summary>
    /// <param name="saved">What <see cref="Save"/> returned at the savepoint.</param>
    public void Restore((long Deferred, long DeferredImmediate) saved) => (Deferred, DeferredImmediate) = saved;

    /// <summary>Adds to the counter a constraint uses (SQLite's OP_FkCounter).</summary>
    /// <param name="deferred">True for a deferred constraint.</param>
    /// <param name="deferAll">True while defer_foreign_keys is on.</param>
    /// <param name="count">The change, negative to repair.</param>
    public void Add(bool deferred, bool deferAll, long count)
    {
        if (deferred)
        {
            Deferred += count;
        }
        else if (deferAll)
        {
            DeferredImmediate += count;
        }
        else
        {
            Statement += count;
        }
    }

    /// <summary>
    /// True when no violation a repair could take away is counted (SQLite's OP_FkIfZero): then a change that would
    /// repair one does not look, and the counter never goes below what was counted.
    /// </summary>
    /// <param name="deferred">True for a deferred constraint.</param>
    /// <returns>True when the counters the constraint reaches are zero.</returns>
    public bool IsZero(bool deferred) =>
        deferred ? Deferred + DeferredImmediate == 0 : Statement == 0 && DeferredImmediate == 0;
}
