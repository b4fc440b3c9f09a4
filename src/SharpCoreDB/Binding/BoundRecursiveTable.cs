using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// The recursive table of one recursive common table expression as bound: one instance per expression, shared by
/// the expression (<see cref="BoundRecursiveCte"/>) and the reference in each of its recursive SELECTs
/// (<see cref="BoundRecursiveScan"/>), so the planner can give their operators one runtime table.
/// </summary>
/// <param name="name">The expression's name.</param>
internal sealed class BoundRecursiveTable(string name)
{
    /// <summary>The expression's name.</summary>
    public string Name { get; } = name;

    /// <summary>
    /// The runtime table the expression's operators share: created by the planner when it plans the first of them
    /// (a reference's scan, planned while the recursive SELECT is), null before.
    /// </summary>
    public RecursiveTable? Rows { get; set; }
}
