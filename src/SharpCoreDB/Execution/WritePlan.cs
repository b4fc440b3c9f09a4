using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution;

/// <summary>A statement that changes data or schema in the write transaction and reports how many rows it changed.</summary>
internal abstract class WritePlan : ExecutablePlan
{
    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The slot widths.</param>
    protected WritePlan(Schema schema, int[] slotWidths)
        : base(schema, slotWidths)
    {
    }

    /// <inheritdoc />
    public override PlanKind Kind => PlanKind.Write;

    /// <summary>True for DDL: the statement changes the schema (plans bound before it are stale).</summary>
    public virtual bool ChangesSchema => false;

    /// <summary>Runs the statement in <see cref="ExecutablePlan.Context"/> (already begun in the write transaction).</summary>
    /// <returns>The number of rows inserted, updated or deleted (0 for DDL).</returns>
    public abstract int Execute();
}
