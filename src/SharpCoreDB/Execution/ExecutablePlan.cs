using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Execution;

/// <summary>
/// One bound statement, ready to run: what it needs (read, write, transaction control), its result columns,
/// and its own <see cref="ExecutionContext"/>. Plans hold per-execution state (cursors, buffers), so a plan runs
/// one execution at a time; the statement cache pools them per schema version.
/// </summary>
internal abstract class ExecutablePlan
{
    /// <summary>Creates a plan.</summary>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The width of every slot.</param>
    protected ExecutablePlan(Schema schema, int[] slotWidths)
    {
        Schema = schema;
        Context = new ExecutionContext(slotWidths);
    }

    /// <summary>The schema it was bound against; a different schema means binding again.</summary>
    public Schema Schema { get; }

    /// <summary>
    /// The functions registered from C# the plan was bound against: the statement cache reuses the plan only while
    /// the database still has exactly these, so a removed or replaced function never runs from a cached plan.
    /// </summary>
    public UserFunctionSet Functions { get; set; } = UserFunctionSet.Empty;

    /// <summary>The execution context.</summary>
    public ExecutionContext Context { get; }

    /// <summary>What the plan does.</summary>
    public abstract PlanKind Kind { get; }

    /// <summary>The result columns (empty for statements without rows).</summary>
    public virtual IReadOnlyList<ResultColumnInfo> Columns => [];

    /// <summary>The plan as EXPLAIN prints it, one line per operator.</summary>
    /// <returns>The lines.</returns>
    public abstract IReadOnlyList<string> Explain();
}
