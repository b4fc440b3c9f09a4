using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// The rows of a common table expression that a statement names more than once, computed once per execution and
/// shared by every <see cref="CteScanOperator"/> that reads it. As in SQLite, materializing such an expression keeps
/// the work linear: a chain of expressions each naming the one before twice would otherwise run the first one an
/// exponential number of times.
/// </summary>
/// <param name="name">The expression's name, for EXPLAIN.</param>
/// <param name="input">The expression's query, not correlated with any enclosing query.</param>
/// <param name="slot">The slot <paramref name="input"/> produces its rows in.</param>
internal sealed class CteMaterialization(string name, Operator input, int slot)
{
    private readonly List<SqlValue[]> _rows = [];
    private long _stamp = -1;

    /// <summary>The expression's name.</summary>
    public string Name { get; } = name;

    /// <summary>The expression's query.</summary>
    public Operator Input { get; } = input;

    /// <summary>The rows of the current execution; valid after <see cref="Fill"/>.</summary>
    public IReadOnlyList<SqlValue[]> Rows => _rows;

    /// <summary>Computes the rows unless this execution already did.</summary>
    /// <param name="context">The execution.</param>
    public void Fill(ExecutionContext context)
    {
        if (_stamp == context.Stamp)
        {
            return;
        }

        _rows.Clear();
        Input.Open(context);
        try
        {
            while (Input.Next(context))
            {
                _rows.Add((SqlValue[])context.Slots[slot].Clone());
            }
        }
        finally
        {
            Input.Close(context);
        }

        _stamp = context.Stamp;
    }
}
