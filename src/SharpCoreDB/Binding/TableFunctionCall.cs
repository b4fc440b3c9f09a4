using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>
/// A table-valued function in FROM as the planner receives it: <c>json_each</c> or <c>json_tree</c> with its bound
/// arguments, which may read the rows of earlier FROM items (the function is then re-run for each of their rows).
/// </summary>
/// <param name="Name">The function's name as SQLite spells it (json_each or json_tree).</param>
/// <param name="Recursive">True for json_tree (every descendant), false for json_each (the children only).</param>
/// <param name="Json">The JSON argument, or null when the call has no arguments (SQLite then returns no rows).</param>
/// <param name="Path">The path argument, or null for the root.</param>
internal sealed record TableFunctionCall(string Name, bool Recursive, Expr? Json, Expr? Path)
{
    /// <summary>Adds the slots the arguments read.</summary>
    /// <param name="slots">The set to add to.</param>
    public void CollectSlots(HashSet<int> slots)
    {
        Json?.CollectSlots(slots);
        Path?.CollectSlots(slots);
    }
}
