using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The aggregate functions: count, sum, total, avg, min, max (one argument; with two or more they are the scalar
/// functions), group_concat and string_agg. The binder asks <see cref="IsAggregate"/> to tell an aggregate call
/// from a scalar one, and the executor calls <see cref="Create"/> once per aggregate in the query.
/// </summary>
internal static class AggregateFunctions
{
    /// <summary>Whether a call with this name and argument count is an aggregate.</summary>
    /// <param name="name">The function name (case-insensitive).</param>
    /// <param name="argumentCount">The number of arguments (count(*) has 0).</param>
    /// <returns>Whether it is an aggregate call.</returns>
    public static bool IsAggregate(string name, int argumentCount)
    {
        ArgumentNullException.ThrowIfNull(name);
        return Arity(name) is var (min, max) && argumentCount >= min && argumentCount <= max;
    }

    /// <summary>Whether the name is an aggregate's (with any argument count).</summary>
    /// <param name="name">The function name (case-insensitive).</param>
    /// <returns>Whether it names an aggregate.</returns>
    public static bool IsAggregateName(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        return Arity(name) is not null;
    }

    /// <summary>Creates the accumulator for an aggregate call.</summary>
    /// <param name="name">The function name (case-insensitive).</param>
    /// <param name="argumentCount">The number of arguments; 0 for count(*).</param>
    /// <param name="distinct">Whether the call says DISTINCT.</param>
    /// <param name="collation">
    /// The first argument's collation (null for BINARY): min and max order TEXT by it, and DISTINCT tells values apart
    /// by it, as in SQLite.
    /// </param>
    /// <returns>A fresh accumulator.</returns>
    /// <exception cref="SharpCoreDBException">
    /// <see cref="SharpCoreDBErrorCode.Unsupported"/>: not an aggregate, the wrong number of arguments, or DISTINCT
    /// with other than one argument.
    /// </exception>
    public static AggregateAccumulator Create(string name, int argumentCount, bool distinct, Collation? collation = null)
    {
        if (!IsAggregate(name, argumentCount))
        {
            throw IsAggregateName(name) ? ExecutionErrors.WrongArgumentCount(name) : ExecutionErrors.NoSuchFunction(name);
        }

        if (distinct && argumentCount != 1)
        {
            throw ExecutionErrors.DistinctAggregateArguments();
        }

        AggregateAccumulator accumulator = name.ToLowerInvariant() switch
        {
            "count" => new CountAccumulator(countRows: argumentCount == 0),
            "sum" => new SumAccumulator(SumKind.Sum),
            "total" => new SumAccumulator(SumKind.Total),
            "avg" => new SumAccumulator(SumKind.Average),
            "min" => new MinMaxAccumulator(max: false, collation),
            "max" => new MinMaxAccumulator(max: true, collation),
            "json_group_array" => new JsonGroupAccumulator(asObject: false),
            "json_group_object" => new JsonGroupAccumulator(asObject: true),
            _ => new GroupConcatAccumulator(),
        };
        return distinct ? new DistinctAccumulator(accumulator, collation) : accumulator;
    }

    /// <summary>Creates the accumulator for <c>count(*)</c>.</summary>
    /// <returns>A fresh row counter.</returns>
    public static AggregateAccumulator CreateCountStar() => new CountAccumulator(countRows: true);

    private static (int Min, int Max)? Arity(string name)
    {
        if (name.Equals("count", StringComparison.OrdinalIgnoreCase))
        {
            return (0, 1);
        }

        if (name.Equals("sum", StringComparison.OrdinalIgnoreCase)
            || name.Equals("total", StringComparison.OrdinalIgnoreCase)
            || name.Equals("avg", StringComparison.OrdinalIgnoreCase)
            || name.Equals("min", StringComparison.OrdinalIgnoreCase)
            || name.Equals("max", StringComparison.OrdinalIgnoreCase))
        {
            return (1, 1);
        }

        if (name.Equals("group_concat", StringComparison.OrdinalIgnoreCase))
        {
            return (1, 2);
        }

        if (name.Equals("json_group_array", StringComparison.OrdinalIgnoreCase))
        {
            return (1, 1);
        }

        if (name.Equals("json_group_object", StringComparison.OrdinalIgnoreCase))
        {
            return (2, 2);
        }

        return name.Equals("string_agg", StringComparison.OrdinalIgnoreCase) ? (2, 2) : null;
    }
}
