using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Decides whether a statement's rows may carry borrowed BLOBs (<see cref="Records.BorrowedBlob"/>): bytes left in a
/// scan's or seek's record buffer, valid only until it decodes its next row. That is safe when nothing keeps a value
/// past its row, which this checks by shape: the result rows come straight from one table scan, row-id seek or row-id range through
/// only projections, filters and LIMIT, with no subquery (whose caches could keep a value) in what they evaluate.
/// Sorts, aggregates, windows, DISTINCT, joins, materialized CTEs and DML all keep or revisit rows, so their plans
/// copy BLOBs into arrays as before. The data reader then copies a borrowed BLOB once, into the caller's array.
/// </summary>
internal static class BlobLending
{
    /// <summary>Makes the table access at the bottom of <paramref name="root"/> lend BLOBs, when the plan's shape
    /// allows it (see the type's summary); otherwise changes nothing.</summary>
    /// <param name="root">The root of a statement's plan whose rows go only to the caller.</param>
    public static void AllowWhereSafe(Operator root)
    {
        Operator current = root;
        while (true)
        {
            switch (current)
            {
                case RowIdSeekOperator seek:
                    seek.Decoder.LendBlobs();
                    return;
                case RowIdRangeOperator range:
                    range.Decoder.LendBlobs();
                    return;
                case TableScanOperator scan:
                    scan.LendBlobs();
                    return;
                case ProjectOperator or FilterOperator when !AnyReadsSubquery(current.Expressions):
                case LimitOperator:
                    current = current.Inputs[0];
                    break;
                default:
                    return;
            }
        }
    }

    private static bool AnyReadsSubquery(IReadOnlyList<Expr> expressions)
    {
        for (int i = 0; i < expressions.Count; i++)
        {
            if (ReadsSubquery(expressions[i]))
            {
                return true;
            }
        }

        return false;
    }

    private static bool ReadsSubquery(Expr expression) =>
        expression is SubqueryExpr or ExistsExpr or InSubqueryExpr || AnyReadsSubquery(expression.Children);
}
