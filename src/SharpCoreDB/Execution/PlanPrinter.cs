using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution;

/// <summary>Prints an operator tree for EXPLAIN: one line per operator, children indented under their parent.</summary>
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
        foreach (Operator input in node.Inputs)
        {
            Print(input, depth + 1, lines);
        }
    }
}
