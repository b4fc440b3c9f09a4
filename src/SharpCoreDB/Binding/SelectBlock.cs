using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Binding;

/// <summary>
/// One bound SELECT core, handed from the binder to the planner: FROM items, WHERE conjuncts, grouping and
/// aggregation, the projection (result columns, then extra ORDER BY keys), DISTINCT, ORDER BY and LIMIT.
/// </summary>
internal sealed class SelectBlock : IBoundRelation
{
    /// <summary>The FROM items in order (empty: SELECT without FROM).</summary>
    public List<FromItem> From { get; } = [];

    /// <summary>The WHERE conjuncts, with the ON conjuncts of inner joins.</summary>
    public List<Expr> Where { get; } = [];

    /// <summary>The GROUP BY expressions.</summary>
    public List<Expr> GroupBy { get; } = [];

    /// <summary>The aggregation, or null for a query without aggregates and GROUP BY.</summary>
    public AggregateBinding? Aggregation { get; set; }

    /// <summary>The window functions, or null for a query without them.</summary>
    public WindowBinding? Windows { get; set; }

    /// <summary>The HAVING condition (read from the aggregate slot), or null.</summary>
    public Expr? Having { get; set; }

    /// <summary>The projected expressions: result columns, then extra sort keys.</summary>
    public List<Expr> Projection { get; } = [];

    /// <summary>How many projected expressions are result columns.</summary>
    public int Visible { get; set; }

    /// <summary>The projection's slot.</summary>
    public int ProjectSlot { get; set; }

    /// <summary>The ORDER BY keys over projected columns.</summary>
    public List<SortKey> OrderBy { get; } = [];

    /// <summary>
    /// The tables the statement changes (INSERT, UPDATE, DELETE), itself or through the triggers it fires, or null.
    /// A hash table built once per execution would not see the statement's own changes, which a subquery reading
    /// such a table must see (as in SQLite), so those tables are never read through one.
    /// </summary>
    public IReadOnlySet<TableSchema>? ChangedTables { get; set; }

    /// <summary>True for SELECT DISTINCT.</summary>
    public bool Distinct { get; set; }

    /// <summary>The LIMIT expression, or null.</summary>
    public Expr? Limit { get; set; }

    /// <summary>The OFFSET expression, or null.</summary>
    public Expr? Offset { get; set; }

    /// <summary>The outer slots the block reads (correlation).</summary>
    public HashSet<int> OuterSlots { get; } = [];

    /// <summary>
    /// True for a parenthesized join planned as one unit (<see cref="FromItem.Unit"/>): only its FROM and ON
    /// conjuncts are planned; it fills its tables' slots and projects nothing.
    /// </summary>
    public bool JoinUnit { get; init; }

    /// <summary>The scope of the block (its sources).</summary>
    public Scope? Scope { get; set; }
}
