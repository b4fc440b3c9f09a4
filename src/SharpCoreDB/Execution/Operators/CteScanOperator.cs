namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// One reference to a materialized common table expression: fills the shared rows on open (once per execution) and
/// replays them into its own slot.
/// </summary>
/// <param name="source">The shared rows.</param>
/// <param name="slot">The slot this reference produces rows in.</param>
/// <param name="owner">
/// True for one reference per expression: only it lists the expression's query as its input, so EXPLAIN and other
/// walks over the operator tree see each query once instead of once per reference.
/// </param>
internal sealed class CteScanOperator(CteMaterialization source, int slot, bool owner) : Operator
{
    private int _next;

    /// <inheritdoc/>
    public override IReadOnlyList<Operator> Inputs => owner ? [source.Input] : [];

    /// <inheritdoc/>
    public override void Open(ExecutionContext context)
    {
        source.Fill(context);
        _next = 0;
    }

    /// <inheritdoc/>
    public override bool Next(ExecutionContext context)
    {
        IReadOnlyList<Records.SqlValue[]> rows = source.Rows;
        if (_next >= rows.Count)
        {
            return false;
        }

        Records.SqlValue[] row = rows[_next++];
        Array.Copy(row, context.Slots[slot], row.Length);
        return true;
    }

    /// <inheritdoc/>
    public override void Close(ExecutionContext context)
    {
    }

    /// <inheritdoc/>
    public override string Describe() => owner ? $"Materialize CTE {source.Name}" : $"Scan materialized CTE {source.Name}";
}
