using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Rows computed from the transaction when the statement opens (PRAGMA integrity_check, page_count and the like):
/// what they report depends on the snapshot, not on anything known when the statement is bound.
/// </summary>
/// <param name="compute">Computes the rows in the statement's context (its transaction, and its slots for bound expressions).</param>
/// <param name="slot">The output slot.</param>
/// <param name="description">What EXPLAIN shows.</param>
internal sealed class ComputedRowsOperator(Func<ExecutionContext, List<SqlValue[]>> compute, int slot, string description) : Operator
{
    private List<SqlValue[]> _rows = [];
    private int _next;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _rows = compute(context);
        _next = 0;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        SqlValue[] row = _rows[_next++];
        row.CopyTo(context.Slots[slot], 0);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context) => _rows = [];

    /// <inheritdoc />
    public override string Describe() => description;
}
