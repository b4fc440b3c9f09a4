using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>VALUES (…), (…): evaluates one row of expressions per call into its slot.</summary>
/// <param name="rows">The rows.</param>
/// <param name="slot">The output slot.</param>
internal sealed class ValuesOperator(IReadOnlyList<IReadOnlyList<Expr>> rows, int slot) : Operator
{
    private int _next;

    /// <summary>The rows.</summary>
    public IReadOnlyList<IReadOnlyList<Expr>> Rows => rows;

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => _next = 0;

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= rows.Count)
        {
            return false;
        }

        IReadOnlyList<Expr> row = rows[_next++];
        Records.SqlValue[] output = context.Slots[slot];
        for (int i = 0; i < row.Count; i++)
        {
            output[i] = row[i].Evaluate(context);
        }

        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "Values (" + rows.Count.ToString(System.Globalization.CultureInfo.InvariantCulture) + " rows)";
}
