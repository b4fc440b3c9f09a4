using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Turns integers into reals in the columns of a derived table (a subquery in FROM, a view, a WITH name) whose result
/// column has REAL affinity, as SQLite does when it reads such a column: a compound SELECT whose leftmost arm reads a
/// REAL column gives reals for the other arms' integers too. Other affinities are not applied on reading, as in SQLite.
/// </summary>
/// <param name="input">The derived table's query.</param>
/// <param name="slot">The slot its rows appear in.</param>
/// <param name="columns">The REAL columns.</param>
internal sealed class RealAffinityOperator(Operator input, int slot, int[] columns) : Operator
{
    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [input];

    /// <inheritdoc />
    public override void Open(ExecutionContext context) => input.Open(context);

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (!input.Next(context))
        {
            return false;
        }

        SqlValue[] row = context.Slots[slot];
        foreach (int column in columns)
        {
            if (row[column].StorageClass == SqlStorageClass.Integer)
            {
                row[column] = SqlValue.FromDouble(row[column].AsInt64());
            }
        }

        return true;
    }

    /// <inheritdoc />
    public override string Describe() => "Real affinity";
}
