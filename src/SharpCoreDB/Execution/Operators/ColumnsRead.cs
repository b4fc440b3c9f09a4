using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Finds the columns of one slot's row that an expression reads, for a scan to decode those first.</summary>
internal static class ColumnsRead
{
    /// <summary>
    /// Adds to <paramref name="columns"/> the columns of <paramref name="slot"/> that <paramref name="expression"/>
    /// reads; false when a subquery inside it reads that slot (its columns are not in the expression tree, so the
    /// set would be incomplete).
    /// </summary>
    /// <param name="expression">The expression.</param>
    /// <param name="slot">The slot.</param>
    /// <param name="columns">The set to add to.</param>
    /// <returns>True when the set is complete.</returns>
    public static bool TryCollect(Expr expression, int slot, HashSet<int> columns)
    {
        switch (expression)
        {
            case ColumnExpr column:
                if (column.Slot == slot)
                {
                    columns.Add(column.Column);
                }

                return true;

            // A correlated subquery reads the outer row from inside its own plan, which Children does not show.
            case SubqueryExpr subquery when subquery.Plan.OuterSlots.Contains(slot):
            case ExistsExpr exists when exists.Plan.OuterSlots.Contains(slot):
            case InSubqueryExpr inSubquery when inSubquery.Plan.OuterSlots.Contains(slot):
                return false;
        }

        IReadOnlyList<Expr> children = expression.Children;
        for (int i = 0; i < children.Count; i++)
        {
            if (!TryCollect(children[i], slot, columns))
            {
                return false;
            }
        }

        return true;
    }
}
