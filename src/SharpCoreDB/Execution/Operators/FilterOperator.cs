using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Passes on the rows for which the predicate is true (not false, not NULL).</summary>
/// <param name="input">The input.</param>
/// <param name="predicate">The predicate.</param>
internal sealed class FilterOperator(Operator input, Expr predicate) : Operator
{
    /// <summary>The predicate.</summary>
    public Expr Predicate => predicate;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => [predicate];

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => input.Open(context);

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (input.Next(context))
        {
            // A filter that rejects row after row of a materialized input runs with no scan below to check.
            context.CheckCancellation();
            if (predicate.EvaluateTruth(context) == true)
            {
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    public override string Describe() => "Filter " + predicate;
}
