using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// A common table expression the statement names more than once and that reads no enclosing query: its rows are
/// computed once per execution and shared by every reference (<see cref="BoundCteScan"/>).
/// </summary>
/// <param name="name">The expression's name.</param>
/// <param name="query">Its bound query.</param>
internal sealed class BoundMaterializedCte(string name, BoundQuery query)
{
    /// <summary>The expression's name.</summary>
    public string Name { get; } = name;

    /// <summary>Its bound query.</summary>
    public BoundQuery Query { get; } = query;

    /// <summary>The shared rows the references' operators read: created by the planner with the first of them, null before.</summary>
    public CteMaterialization? Rows { get; set; }
}
