using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>LIMIT / OFFSET: skips the offset rows, then passes on at most limit rows (a negative limit means all).</summary>
/// <param name="input">The input.</param>
/// <param name="limit">The LIMIT expression, or null.</param>
/// <param name="offset">The OFFSET expression, or null.</param>
internal sealed class LimitOperator(Operator input, Expr? limit, Expr? offset) : Operator
{
    private long _remaining;
    private long _skip;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _remaining = limit is null ? -1 : ToCount(limit.Evaluate(context), "LIMIT");
        _skip = offset is null ? 0 : Math.Max(0, ToCount(offset.Evaluate(context), "OFFSET"));
        input.Open(context);
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_remaining == 0)
        {
            return false;
        }

        while (_skip > 0)
        {
            if (!input.Next(context))
            {
                return false;
            }

            _skip--;
        }

        if (!input.Next(context))
        {
            return false;
        }

        if (_remaining > 0)
        {
            _remaining--;
        }

        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "Limit " + (limit?.ToString() ?? "ALL") + (offset is null ? string.Empty : " OFFSET " + offset);

    /// <summary>A LIMIT or OFFSET value as a row count (negative: no limit).</summary>
    /// <param name="value">The evaluated expression.</param>
    /// <param name="clause">"LIMIT" or "OFFSET", for the error.</param>
    /// <returns>The count.</returns>
    /// <exception cref="SharpCoreDBException">TypeMismatch when the value is not an integer.</exception>
    internal static long ToCount(in SqlValue value, string clause)
    {
        SqlValue number = NumericConversion.ApplyNumericAffinity(value, preferInteger: true);
        if (number.StorageClass != SqlStorageClass.Integer)
        {
            throw ExecutionErrors.LimitNotInteger(clause, value);
        }

        return number.RawBits;
    }
}
