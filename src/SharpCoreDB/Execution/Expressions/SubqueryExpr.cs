using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// A scalar subquery: the first column of its first row, or NULL without rows. An uncorrelated one runs once
/// per execution and its value is cached.
/// </summary>
/// <param name="plan">The subquery.</param>
internal sealed class SubqueryExpr(SubqueryPlan plan) : Expr
{
    private long _stamp = -1;
    private SqlValue _cached;

    /// <summary>The subquery.</summary>
    public SubqueryPlan Plan { get; } = plan;

    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override Affinity Affinity => Plan.FirstAffinity;

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        if (!Plan.IsCorrelated && _stamp == context.Stamp)
        {
            return _cached;
        }

        SqlValue result = SqlValue.Null;
        Plan.Root.Open(context);
        try
        {
            if (Plan.Root.Next(context))
            {
                result = context.Slots[Plan.Slot][0];
            }
        }
        finally
        {
            Plan.Root.Close(context);
        }

        _cached = result;
        _stamp = context.Stamp;
        return result;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void CollectSlots(HashSet<int> slots) => slots.UnionWith(Plan.OuterSlots);

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append("(subquery)");
}
