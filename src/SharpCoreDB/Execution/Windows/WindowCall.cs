using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;

namespace SharpCoreDB.Execution.Windows;

/// <summary>
/// One window function call of a query, bound: the function, its arguments and FILTER, and its window (partition,
/// order, frame). Calls whose windows have the same <see cref="SpecKey"/> share one sort.
/// </summary>
/// <param name="Name">The function name (lower case).</param>
/// <param name="Kind">What the function computes.</param>
/// <param name="Arguments">The arguments, evaluated against each row (empty for count(*)).</param>
/// <param name="Filter">The FILTER condition of an aggregate, or null.</param>
/// <param name="IsCountStar">True for count(*).</param>
/// <param name="PartitionBy">The PARTITION BY expressions.</param>
/// <param name="OrderBy">The window's ORDER BY terms.</param>
/// <param name="Frame">The frame.</param>
/// <param name="SpecKey">The window's PARTITION BY and ORDER BY as text: equal keys sort rows the same way.</param>
internal sealed record WindowCall(
    string Name,
    WindowFunctionKind Kind,
    IReadOnlyList<Expr> Arguments,
    Expr? Filter,
    bool IsCountStar,
    IReadOnlyList<Expr> PartitionBy,
    IReadOnlyList<WindowOrderTerm> OrderBy,
    WindowFrame Frame,
    string SpecKey)
{
    /// <summary>A fresh accumulator for an aggregate call.</summary>
    /// <returns>The accumulator.</returns>
    public AggregateAccumulator CreateAccumulator() =>
        IsCountStar ? AggregateFunctions.CreateCountStar() : AggregateFunctions.Create(
            Name, Arguments.Count, distinct: false, Arguments.Count > 0 ? CollationRules.ForKey(Arguments[0]) : null);

    /// <summary>Writes the call for EXPLAIN.</summary>
    /// <param name="builder">The destination.</param>
    public void Format(StringBuilder builder)
    {
        builder.Append(Name).Append('(');
        if (IsCountStar)
        {
            builder.Append('*');
        }

        for (int i = 0; i < Arguments.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            Arguments[i].Format(builder);
        }

        builder.Append(") OVER ").Append(SpecKey);
    }
}
