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

    /// <inheritdoc />
    public sealed override int Execute() => ExecuteIn(Context);

    /// <summary>Runs the statement in <paramref name="context"/>.</summary>
    /// <param name="context">The plan's own context, or a trigger firing's.</param>
    /// <returns>The rows the statement itself changed (not those its triggers changed).</returns>
    public abstract int ExecuteIn(ExecutionContext context);
}
