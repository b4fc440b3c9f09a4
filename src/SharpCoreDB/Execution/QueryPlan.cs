using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution;

/// <summary>A statement that returns rows: an operator tree whose top writes each result row into one slot.</summary>
internal sealed class QueryPlan : ExecutablePlan
{
    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="root">The operator tree.</param>
    /// <param name="slot">The slot holding each result row.</param>
    /// <param name="columns">The result columns.</param>
    public QueryPlan(Schema schema, int[] slotWidths, Operator root, int slot, IReadOnlyList<ResultColumnInfo> columns)
        : base(schema, slotWidths)
    {
        Root = root;
        Slot = slot;
        Columns = columns;
    }

    /// <summary>The operator tree.</summary>
    public Operator Root { get; }

    /// <summary>The result row's slot.</summary>
    public int Slot { get; }

    /// <inheritdoc />
    public override PlanKind Kind => PlanKind.Query;

    /// <inheritdoc />
    public override IReadOnlyList<ResultColumnInfo> Columns { get; }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => PlanPrinter.Print(Root);
}
