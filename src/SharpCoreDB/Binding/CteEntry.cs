using SharpCoreDB.Execution;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// A visible common table expression (<see cref="CteScope"/>): its definition, the next one out, what its own query
/// sees, and, when the statement names it more than once, its shared rows.
/// </summary>
/// <param name="cte">The definition.</param>
/// <param name="outer">The next visible expression out (the one before it in its WITH clause, or of an enclosing one).</param>
internal sealed class CteEntry(CommonTableExpression cte, CteEntry? outer)
{
    /// <summary>The definition.</summary>
    public CommonTableExpression Cte { get; } = cte;

    /// <summary>The next visible expression out.</summary>
    public CteEntry? Outer { get; } = outer;

    /// <summary>The innermost expression visible to its own query: the last of its WITH clause.</summary>
    public CteEntry? BodyScope { get; set; }

    /// <summary>How often the statement names it.</summary>
    public int References { get; set; }

    /// <summary>Its shared rows, once a reference bound it (named more than once, not correlated).</summary>
    public BoundMaterializedCte? Materialized { get; set; }

    /// <summary>The slot its query produces rows in.</summary>
    public int MaterializedSlot { get; set; }

    /// <summary>Its result columns.</summary>
    public IReadOnlyList<ResultColumnInfo>? MaterializedColumns { get; set; }

    /// <summary>True when it reads a column of an enclosing query: then every reference binds it anew.</summary>
    public bool Correlated { get; set; }
}
