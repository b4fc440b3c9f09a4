using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Runs its input once per execution, keeps the rows of the given slots, and replays them on every open: a
/// derived table on the inner side of a join is then computed once instead of once per outer row. A correlated
/// input is recomputed on every open.
/// </summary>
/// <param name="input">The input.</param>
/// <param name="slots">The slots the input fills.</param>
/// <param name="correlated">True when the input reads outer rows and must be recomputed.</param>
internal sealed class MaterializeOperator(Operator input, int[] slots, bool correlated) : Operator
{
    private readonly List<SqlValue[][]> _rows = [];
    private long _stamp = -1;
    private int _next;

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        _next = 0;
        if (!correlated && _stamp == context.Stamp)
        {
            return;
        }

        _rows.Clear();
        input.Open(context);
        try
        {
            while (input.Next(context))
            {
                context.CheckCancellation();
                var row = new SqlValue[slots.Length][];
                for (int i = 0; i < slots.Length; i++)
                {
                    row[i] = (SqlValue[])context.Slots[slots[i]].Clone();
                }

                _rows.Add(row);
            }
        }
        finally
        {
            input.Close(context);
        }

        _stamp = context.Stamp;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        SqlValue[][] row = _rows[_next++];
        for (int i = 0; i < slots.Length; i++)
        {
            Array.Copy(row[i], context.Slots[slots[i]], row[i].Length);
        }

        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
    }

    /// <inheritdoc />
    public override string Describe() => correlated ? "Materialize (per outer row)" : "Materialize";
}
