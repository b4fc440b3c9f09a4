using System.Text;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Evaluates the output expressions (and any extra sort keys) of each input row into its slot.</summary>
/// <param name="input">The input.</param>
/// <param name="expressions">The expressions, in slot column order.</param>
/// <param name="slot">The output slot.</param>
/// <param name="visible">How many of the expressions are result columns (the rest are sort keys).</param>
internal sealed class ProjectOperator(Operator input, IReadOnlyList<Expr> expressions, int slot, int visible) : Operator
{
    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => expressions;

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => input.Open(context);

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (!input.Next(context))
        {
            return false;
        }

        Records.SqlValue[] row = context.Slots[slot];
        for (int i = 0; i < expressions.Count; i++)
        {
            row[i] = expressions[i].Evaluate(context);
        }

        return true;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("Project ");
        for (int i = 0; i < visible; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            expressions[i].Format(builder);
        }

        return builder.ToString();
    }
}
