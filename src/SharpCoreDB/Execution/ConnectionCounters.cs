namespace SharpCoreDB.Execution;

/// <summary>
/// What a connection reports through <c>last_insert_rowid()</c>, <c>changes()</c> and <c>total_changes()</c>, kept
/// as SQLite keeps them: per connection, never rolled back with the data.
/// </summary>
internal sealed class ConnectionCounters
{
    /// <summary>
    /// The row id of the last row this connection inserted; while a trigger program runs, of the last row it inserted
    /// (the statement's own value comes back when the program ends).
    /// </summary>
    public long LastInsertRowId { get; set; }

    /// <summary>Rows the last completed INSERT, UPDATE or DELETE changed itself (not through triggers); 0 when it failed.</summary>
    public long Changes { get; set; }

    /// <summary>Rows changed by every completed INSERT, UPDATE or DELETE since the connection opened, trigger programs included.</summary>
    public long TotalChanges { get; set; }

    /// <summary>Rows the trigger programs of the running statement changed so far.</summary>
    public long TriggerChanges { get; set; }

    /// <summary>Back to a new connection's values (all zero), for a pooled session taken by the next connection.</summary>
    public void Reset()
    {
        LastInsertRowId = 0;
        Changes = 0;
        TotalChanges = 0;
        TriggerChanges = 0;
    }

    /// <summary>A data-changing statement starts.</summary>
    public void StatementStarting() => TriggerChanges = 0;

    /// <summary>A data-changing statement completed, having changed <paramref name="changed"/> rows itself.</summary>
    public void StatementCompleted(int changed)
    {
        Changes = changed;
        TotalChanges += changed + TriggerChanges;
        TriggerChanges = 0;
    }

    /// <summary>
    /// A data-changing statement failed: its own rows do not count, but the trigger statements that completed before
    /// the failure stay in total_changes() (SQLite counts each trigger statement as it finishes), though the
    /// rollback takes their rows back too.
    /// </summary>
    public void StatementFailed()
    {
        Changes = 0;
        TotalChanges += TriggerChanges;
        TriggerChanges = 0;
    }
}
