using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Reads the recursive table (its one current row) in the recursive SELECT of a recursive common table expression.</summary>
/// <param name="table">The recursive table.</param>
/// <param name="slot">The slot the row is copied to.</param>
/// <param name="name">The table's name, for EXPLAIN.</param>
internal sealed class RecursiveTableScanOperator(RecursiveTable table, int slot, string name) : Operator
{
    private bool _done;

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => _done = false;

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_done || table.Row is not { } row)
        {
            return false;
        }

        _done = true;
        Array.Copy(row, context.Slots[slot], row.Length);
        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "Scan recursive table " + name;
}
