using Spectre.Console;

namespace SharpCoreDB.Shell.Commands;

/// <summary>Turns EXPLAIN's lines (each operator indented two spaces under its parent) into a drawn tree.</summary>
internal static class PlanTree
{
    /// <summary>Builds the tree.</summary>
    /// <param name="lines">EXPLAIN's rows, in order.</param>
    /// <returns>A tree rooted at "QUERY PLAN".</returns>
    public static Tree Build(IReadOnlyList<string> lines)
    {
        var tree = new Tree(new Text("QUERY PLAN"));
        // parents[d] is the node at depth d that the next deeper line hangs under.
        var parents = new List<IHasTreeNodes> { tree };
        foreach (string line in lines)
        {
            int spaces = line.Length - line.TrimStart(' ').Length;
            int depth = Math.Min(spaces / 2, parents.Count - 1);
            TreeNode node = parents[depth].AddNode(new Text(line.Trim()));
            parents.RemoveRange(depth + 1, parents.Count - depth - 1);
            parents.Add(node);
        }

        return tree;
    }
}
