using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;

namespace SharpCoreDB.Execution.Aggregation;

/// <summary>One aggregate call of a query: the function, its argument expressions and DISTINCT.</summary>
/// <param name="Name">The function name (lower case).</param>
/// <param name="Arguments">The arguments, evaluated against each input row (empty for count(*)).</param>
/// <param name="Distinct">True for f(DISTINCT x).</param>
/// <param name="IsCountStar">True for count(*).</param>
internal sealed record AggregateSpec(string Name, IReadOnlyList<Expr> Arguments, bool Distinct, bool IsCountStar)
{
    /// <summary>The FILTER (WHERE ..) condition: rows where it is not true are not fed; null when absent.</summary>
    public Expr? Filter { get; init; }

    /// <summary>The sort keys of the call's own ORDER BY (evaluated per input row after the arguments); empty when none.</summary>
    public IReadOnlyList<Expr> OrderBy { get; init; } = [];

    /// <summary>How <see cref="OrderBy"/> sorts: columns <c>Arguments.Count..</c> of each buffered row.</summary>
    public SortKey[] OrderKeys { get; init; } = [];

    /// <summary>The aggregate registered from C# this call resolved to; null for a built-in aggregate.</summary>
    public UserFunction? User { get; init; }

    /// <summary>What is evaluated per input row: the arguments, then the ORDER BY keys.</summary>
    public IReadOnlyList<Expr> Inputs => OrderBy.Count == 0 ? Arguments : [.. Arguments, .. OrderBy];

    /// <summary>A fresh accumulator for one group.</summary>
    /// <returns>The accumulator.</returns>
    public AggregateAccumulator CreateAccumulator()
    {
        Records.Collation? collation = Arguments.Count > 0 ? CollationRules.ForKey(Arguments[0]) : null;
        AggregateAccumulator accumulator = User is not null
            ? (Distinct ? new DistinctAccumulator(User.CreateAccumulator(), collation) : User.CreateAccumulator())
            : IsCountStar
                ? AggregateFunctions.CreateCountStar()
                : AggregateFunctions.Create(Name, Arguments.Count, Distinct, collation);
        return OrderBy.Count == 0 ? accumulator : new OrderedAccumulator(accumulator, Arguments.Count, OrderKeys);
    }

    /// <summary>Writes the call for EXPLAIN.</summary>
    /// <param name="builder">The destination.</param>
    public void Format(StringBuilder builder)
    {
        if (IsCountStar)
        {
            builder.Append(Name).Append("(*)");
            return;
        }

        builder.Append(Name).Append('(');
        if (Distinct)
        {
            builder.Append("DISTINCT ");
        }

        for (int i = 0; i < Arguments.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            Arguments[i].Format(builder);
        }

        for (int i = 0; i < OrderBy.Count; i++)
        {
            builder.Append(i == 0 ? " ORDER BY " : ", ");
            OrderBy[i].Format(builder);
            if (OrderKeys[i].Descending)
            {
                builder.Append(" DESC");
            }
        }

        builder.Append(')');
        if (Filter is not null)
        {
            builder.Append(" FILTER (WHERE ");
            Filter.Format(builder);
            builder.Append(')');
        }
    }
}
