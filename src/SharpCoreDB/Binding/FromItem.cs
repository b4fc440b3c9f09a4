using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>One FROM item of a SELECT as the planner receives it: a base table, a derived table or a table-valued function, and how it joins.</summary>
/// <param name="source">The bound source.</param>
internal sealed class FromItem(SourceBinding source)
{
    /// <summary>The source (slot, columns, table).</summary>
    public SourceBinding Source { get; } = source;

    /// <summary>
    /// How the item joins the items before it: <see cref="JoinKind.Inner"/> (also for commas and CROSS JOIN),
    /// <see cref="JoinKind.Left"/>, <see cref="JoinKind.Right"/> or <see cref="JoinKind.Full"/>.
    /// </summary>
    public JoinKind Kind { get; set; } = JoinKind.Inner;

    /// <summary>True for LEFT [OUTER] JOIN.</summary>
    public bool LeftJoin => Kind == JoinKind.Left;

    /// <summary>True for a join that keeps its unmatched rows (RIGHT or FULL): every item before it is then NULL-extended.</summary>
    public bool PreservesRight => Kind is JoinKind.Right or JoinKind.Full;

    /// <summary>The ON conjuncts of a LEFT, RIGHT or FULL join (inner joins put theirs in <see cref="Filters"/>).</summary>
    public List<Expr> On { get; } = [];

    /// <summary>
    /// The ON conjuncts of an inner join at this item. They filter the join of the items up to this one: before a
    /// later RIGHT or FULL join that is not the same as filtering its result (as WHERE does), so they are kept
    /// apart from WHERE and the planner decides.
    /// </summary>
    public List<Expr> Filters { get; } = [];

    /// <summary>The derived table (subquery or view), or null for a base table.</summary>
    public BoundQuery? Derived { get; set; }

    /// <summary>The table-valued function (json_each, json_tree), or null for a table or derived table.</summary>
    public TableFunctionCall? TableFunction { get; init; }

    /// <summary>
    /// A parenthesized join after the first FROM item that holds a RIGHT or FULL join (<c>a JOIN (b RIGHT JOIN c ON …)
    /// ON …</c>), or the whole FROM of an <c>UPDATE … FROM</c> that holds one: its tables are joined first, as one
    /// unit, as SQLite does (their NULL-extension must not reach the items outside the parentheses). Its rows fill
    /// the slots of its tables, whose names the statement sees as usual; <see cref="Source"/> is then a placeholder
    /// without columns. Null for any other item.
    /// </summary>
    public SelectBlock? Unit { get; init; }

    /// <summary>True when <see cref="Unit"/> reads rows of an enclosing query, so it is recomputed per outer row.</summary>
    public bool UnitCorrelated { get; init; }

    /// <summary>The slots this item's rows fill: its source's, or for a <see cref="Unit"/> those of every table in it.</summary>
    public int[] Slots { get; init; } = [source.Slot];
}
