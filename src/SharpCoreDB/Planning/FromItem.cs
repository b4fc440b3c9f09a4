using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning;

/// <summary>One FROM item of a SELECT as the planner receives it: a base table or a derived table, and how it joins.</summary>
/// <param name="source">The bound source.</param>
internal sealed class FromItem(SourceBinding source)
{
    /// <summary>The source (slot, columns, table).</summary>
    public SourceBinding Source { get; } = source;

    /// <summary>True for LEFT [OUTER] JOIN.</summary>
    public bool LeftJoin { get; set; }

    /// <summary>The ON conjuncts of a LEFT join (inner joins merge theirs into WHERE).</summary>
    public List<Expr> On { get; } = [];

    /// <summary>The derived table (subquery or view), or null for a base table.</summary>
    public BoundQuery? Derived { get; set; }
}
