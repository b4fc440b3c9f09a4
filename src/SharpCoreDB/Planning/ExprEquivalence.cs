using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;

namespace SharpCoreDB.Planning;

/// <summary>
/// Whether two bound expressions are the same expression (SQLite's <c>sqlite3ExprCompare</c> == 0): the same node
/// kinds with the same operators, the same columns of the same slot and the same literal values. Used to match a
/// query's terms against what an index stores (a partial index's WHERE, an index expression).
/// </summary>
/// <remarks>
/// Both sides must have gone through the same rewrite rules, so that equal SQL gives equal trees. A node is
/// compared by its kind, its text for EXPLAIN with its children left out (the operator, the function name, the CAST
/// type) and its children; leaves that stand for a value not known at plan time (parameters, subqueries, connection
/// counters) never match, which only ever leaves an index unused.
/// </remarks>
internal static class ExprEquivalence
{
    private static readonly ColumnExpr s_hole = new(-1, -1, "?", Records.Affinity.None, SqlDeclaredType.None, string.Empty);

    /// <summary>True when <paramref name="a"/> and <paramref name="b"/> are the same expression.</summary>
    /// <param name="a">One expression.</param>
    /// <param name="b">The other.</param>
    /// <returns>Whether they are the same.</returns>
    public static bool Same(Expr a, Expr b)
    {
        if (ReferenceEquals(a, b))
        {
            return true;
        }

        if (a.GetType() != b.GetType())
        {
            return false;
        }

        switch (a)
        {
            case ColumnExpr column:
                var other = (ColumnExpr)b;
                return column.Slot == other.Slot && column.Column == other.Column;
            case LiteralExpr literal:
                SqlValue x = literal.Value;
                SqlValue y = ((LiteralExpr)b).Value;
                return x.StorageClass == y.StorageClass && x.DeclaredType == y.DeclaredType && string.Equals(x.ToString(), y.ToString(), StringComparison.Ordinal);
            case ParameterExpr or SubqueryExpr or ExistsExpr or InSubqueryExpr or ConnectionCounterExpr:
                return false;
        }

        IReadOnlyList<Expr> left = a.Children;
        IReadOnlyList<Expr> right = b.Children;
        if (left.Count != right.Count || !string.Equals(Shape(a), Shape(b), StringComparison.Ordinal))
        {
            return false;
        }

        for (int i = 0; i < left.Count; i++)
        {
            if (!Same(left[i], right[i]))
            {
                return false;
            }
        }

        return true;
    }

    // The node's EXPLAIN text with every child replaced by the same hole: what is left is the node's own part.
    private static string Shape(Expr expression)
    {
        int count = expression.Children.Count;
        var holes = new Expr[count];
        Array.Fill(holes, s_hole);
        var builder = new StringBuilder();
        (count == 0 ? expression : expression.WithChildren(holes)).Format(builder);
        return builder.ToString();
    }
}
