using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Passes on only the first of each group of rows that are equal in their first <c>width</c> columns.</summary>
/// <param name="input">The input.</param>
/// <param name="slot">The slot the input fills.</param>
/// <param name="width">The number of result columns that define a duplicate.</param>
/// <param name="collations">Per column, the collation (null for BINARY); null when all are BINARY.</param>
internal sealed class DistinctOperator(Operator input, int slot, int width, Collation?[]? collations = null) : Operator
{
    private readonly ISet<SqlValue[]> _seen = new RowComparer(width, collations).NewSet();

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _seen.Clear();
        input.Open(context);
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (input.Next(context))
        {
            context.CheckCancellation();
            SqlValue[] row = context.Slots[slot];
            if (!_seen.Contains(row))
            {
                _seen.Add((SqlValue[])row.Clone());
                return true;
            }
        }

        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _seen.Clear();
        input.Close(context);
    }

    /// <inheritdoc />
    public override string Describe() => "Distinct";
}
