namespace SharpCoreDB.Binding;

/// <summary>
/// The names visible at one query level: its FROM sources, the enclosing query's scope (for correlated
/// subqueries), and, while expressions after an aggregation are bound, the aggregation they read from.
/// </summary>
/// <param name="parent">The enclosing query's scope, or null.</param>
internal sealed class Scope(Scope? parent)
{
    /// <summary>The enclosing query's scope.</summary>
    public Scope? Parent { get; } = parent;

    /// <summary>The FROM sources, in order.</summary>
    public List<SourceBinding> Sources { get; } = [];

    /// <summary>The aggregation of this level, while post-aggregation expressions are bound; otherwise null.</summary>
    public AggregateBinding? Aggregation { get; set; }

    /// <summary>The window functions of this level, while result columns and ORDER BY are bound; otherwise null.</summary>
    public WindowBinding? Windows { get; set; }

    /// <summary>True while the result columns, HAVING and ORDER BY of this level are bound: where an aggregate of it may be.</summary>
    public bool BindingResults { get; set; }

    /// <summary>How many aggregates written at this level were bound into an enclosing level's aggregation.</summary>
    public int MovedAggregates { get; set; }

    /// <summary>The slots of enclosing levels that expressions bound in this scope (or its subqueries) read.</summary>
    public HashSet<int> OuterSlots { get; } = [];

    /// <summary>True when a slot belongs to one of this level's sources.</summary>
    /// <param name="slot">The slot.</param>
    /// <returns>Whether it is local.</returns>
    public bool OwnsSlot(int slot)
    {
        foreach (SourceBinding source in Sources)
        {
            if (source.Slot == slot)
            {
                return true;
            }
        }

        return false;
    }
}
