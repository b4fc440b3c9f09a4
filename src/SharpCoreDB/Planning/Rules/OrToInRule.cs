using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning.Rules;

/// <summary>
/// <c>col = a OR col = b</c> (and ORs of such equalities and IN lists on the same column) becomes
/// <c>col IN (a, b)</c>, which an index or the row id can serve as a multi-seek. Only values without affinity
/// are merged: then <c>=</c> and IN compare under the same (the column's) affinity, and the three-valued results
/// agree, NULLs included.
/// </summary>
internal sealed class OrToInRule : IRewriteRule
{
    /// <inheritdoc />
    public string Name => "or-to-in";

    /// <inheritdoc />
    public Expr Apply(Expr node)
    {
        if (node is not LogicalExpr { IsAnd: false } or
            || !TryItems(or.Left, out ColumnExpr? left, out IReadOnlyList<Expr>? leftItems)
            || !TryItems(or.Right, out ColumnExpr? right, out IReadOnlyList<Expr>? rightItems)
            || left!.Slot != right!.Slot
            || left.Column != right.Column)
        {
            return node;
        }

        var items = new List<Expr>(leftItems!.Count + rightItems!.Count);
        items.AddRange(leftItems);
        items.AddRange(rightItems);
        return new InListExpr(left, items, negated: false);
    }

    private static bool TryItems(Expr expression, out ColumnExpr? column, out IReadOnlyList<Expr>? items)
    {
        column = null;
        items = null;
        switch (expression)
        {
            // The IN compares with the column's own collation, so only equalities under it merge.
            case ComparisonExpr { Operator: BinaryOperator.Equal, Left: ColumnExpr c, Right: { Affinity: Affinity.None } value } equal
                when Records.Collation.Same(equal.ComparisonCollation, c.Collation):
                column = c;
                items = [value];
                return true;
            case InListExpr { Negated: false, Operand: ColumnExpr c } list when NoAffinity(list.Items) && Records.Collation.Same(list.ComparisonCollation, c.Collation):
                column = c;
                items = list.Items;
                return true;
            default:
                return false;
        }
    }

    private static bool NoAffinity(IReadOnlyList<Expr> items)
    {
        foreach (Expr item in items)
        {
            if (item.Affinity != Affinity.None)
            {
                return false;
            }
        }

        return true;
    }
}
