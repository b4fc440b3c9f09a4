namespace SharpCoreDB.Execution.Operators;

/// <summary>Produces exactly one empty row: the FROM of a SELECT without FROM.</summary>
internal sealed class SingleRowOperator : Operator
{
    private bool _done;

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => _done = false;

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_done)
        {
            return false;
        }

        _done = true;
        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "SingleRow";
}
