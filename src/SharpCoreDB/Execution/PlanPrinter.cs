using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution;

/// <summary>
/// Prints an operator tree for EXPLAIN: one line per operator, children indented under their parent, and the
/// subqueries an operator's expressions run shown under it (marked when they run again for every outer row).
/// </summary>
internal static class PlanPrinter
{
    /// <summary>Prints the tree.</summary>
    /// <param name="root">The root operator.</param>
    /// <returns>The lines.</returns>
    public static IReadOnlyList<string> Print(Operator root)
    {
        var lines = new List<string>();
        Print(root, 0, lines);
        return lines;
    }

    private static void Print(Operator node, int depth, List<string> lines)
    {
        lines.Add(new string(' ', depth * 2) + node.Describe());
        var subqueries = new List<SubqueryPlan>();
        foreach (Expr expression in node.Expressions)
        {
            CollectSubqueries(expression, subqueries);
        }

        foreach (SubqueryPlan subquery in subqueries)
        {
            lines.Add(new string(' ', (depth + 1) * 2) + (subquery.IsCorrelated ? "Subquery (correlated, per row)" : "Subquery (once per execution)"));
            Print(subquery.Root, depth + 2, lines);
        }

        foreach (Operator input in node.Inputs)
        {
            Print(input, depth + 1, lines);
        }
    }

    private static void CollectSubqueries(Expr expression, List<SubqueryPlan> found)
    {
        switch (expression)
        {
            case SubqueryExpr subquery:
                found.Add(subquery.Plan);
                break;
            case ExistsExpr exists:
                found.Add(exists.Plan);
                break;
            case InSubqueryExpr inSubquery:
                found.Add(inSubquery.Plan);
                break;
        }

        foreach (Expr child in expression.Children)
        {
            CollectSubqueries(child, found);
        }
    }
}
