using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// INSERT, UPDATE or DELETE: a write that can also run as a step of a trigger program, in the context of the
/// statement that fired the trigger (whose slots it was bound into).
/// </summary>
internal abstract class DmlPlan : WritePlan
{
    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The slot widths.</param>
    protected DmlPlan(Schema schema, int[] slotWidths)
        : base(schema, slotWidths)
    {
    }

    /// <summary>
    /// Rows the running (or last) execution changed itself so far: what a statement stopped by RAISE(FAIL) keeps, and
    /// reports as its changes.
    /// </summary>
    public int ChangedSoFar { get; protected set; }

    /// <summary>The RETURNING clause: its expressions over the changed row (in the table slot) and its columns; null when absent.</summary>
    public (Expressions.Expr[] Values, IReadOnlyList<ResultColumnInfo> Columns)? Returning { get; set; }

    /// <summary>The table the statement changes.</summary>
    public abstract TableSchema Table { get; }

    /// <summary>The slot that holds the changed row (as stored, or as it was before a DELETE).</summary>
    public abstract int TableSlot { get; }

    /// <summary>The RETURNING rows of the running (or last) execution, in the order the rows changed.</summary>
    public List<Records.SqlValue[]> Returned { get; } = [];

    /// <inheritdoc />
    public sealed override int Execute() => ExecuteIn(Context);

    /// <summary>Records a RETURNING row for a row just changed (the table slot holds it as stored, or as deleted).</summary>
    /// <param name="context">The execution context.</param>
    protected void ReturnRow(ExecutionContext context)
    {
        if (Returning is not { } returning)
        {
            return;
        }

        var row = new Records.SqlValue[returning.Values.Length];
        for (int i = 0; i < row.Length; i++)
        {
            row[i] = returning.Values[i].Evaluate(context);
        }

        Returned.Add(row);
    }

    /// <summary>Runs the statement in <paramref name="context"/>.</summary>
    /// <param name="context">The plan's own context, or a trigger firing's.</param>
    /// <returns>The rows the statement itself changed (not those its triggers changed).</returns>
    public abstract int ExecuteIn(ExecutionContext context);
}
