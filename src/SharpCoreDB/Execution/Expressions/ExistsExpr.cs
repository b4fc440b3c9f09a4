using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>EXISTS (subquery): true when it yields a row. Uncorrelated ones are cached per execution.</summary>
/// <param name="plan">The subquery.</param>
internal sealed class ExistsExpr(SubqueryPlan plan) : Expr
{
    private long _stamp = -1;
    private bool _cached;

    /// <summary>The subquery.</summary>
    public SubqueryPlan Plan { get; } = plan;

    /// <inheritdoc />
    public override bool IsConstant => false;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        if (!Plan.IsCorrelated && _stamp == context.Stamp)
        {
            return _cached;
        }

        Plan.Root.Open(context);
        try
        {
            _cached = Plan.Root.Next(context);
        }
        finally
        {
            Plan.Root.Close(context);
        }

        _stamp = context.Stamp;
        return _cached;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => this;

    /// <inheritdoc />
    public override void CollectSlots(HashSet<int> slots) => slots.UnionWith(Plan.OuterSlots);

    /// <inheritdoc />
    public override void Format(StringBuilder builder) => builder.Append("EXISTS (subquery)");
}
