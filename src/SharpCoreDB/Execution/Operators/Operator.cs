namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// A pull-based plan operator: <see cref="Open"/> starts it, each <see cref="Next"/> produces one row into the
/// operator's slot in the <see cref="ExecutionContext"/> (or returns false at the end), and <see cref="Close"/>
/// releases cursors. An operator may be opened again after closing (the inner side of a nested loop).
/// </summary>
internal abstract class Operator
{
    // Inputs as first asked for: the property builds a list on each call, and Close runs on every execution of a
    // cached plan. An operator's inputs are fixed when it is built.
    private IReadOnlyList<Operator>? _closeInputs;

    /// <summary>The operators this one reads from, for EXPLAIN.</summary>
    public virtual IReadOnlyList<Operator> Inputs => [];

    /// <summary>The expressions this operator evaluates, for EXPLAIN to show the subqueries inside them.</summary>
    public virtual IReadOnlyList<Expressions.Expr> Expressions => [];

    /// <summary>Starts (or restarts) the operator.</summary>
    /// <param name="context">The execution context.</param>
    public abstract void Open(ExecutionContext context);

    /// <summary>Produces the next row.</summary>
    /// <param name="context">The execution context.</param>
    /// <returns>False when there are no more rows.</returns>
    public abstract bool Next(ExecutionContext context);

    /// <summary>Releases what the operator holds; safe to call more than once.</summary>
    /// <param name="context">The execution context.</param>
    public virtual void Close(ExecutionContext context)
    {
        // Indexed, not foreach: an interface's enumerator would be boxed.
        IReadOnlyList<Operator> inputs = _closeInputs ??= Inputs;
        for (int i = 0; i < inputs.Count; i++)
        {
            inputs[i].Close(context);
        }
    }

    /// <summary>One line describing the operator for EXPLAIN.</summary>
    /// <returns>The description.</returns>
    public abstract string Describe();
}
