using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// The common table expressions visible where the binder is. A WITH clause names queries for the query it leads:
/// each name is visible to that query (and everything nested in it) and to the expressions after it in the same
/// clause, and it hides a table, a view or an outer expression of the same name. While an expression's own query is
/// bound, only what was visible at its WITH clause is, and naming it again is a circular reference, except for a
/// recursive expression's one self-reference (<see cref="Recursive"/>). One per binder, made on the statement's first
/// WITH clause.
/// </summary>
internal sealed class CteScope
{
    // Names whose own query is being bound: a reference to one of them would be recursive.
    private readonly List<string> _defining = [];

    // The innermost visible expression; each entry links to the next one out.
    private CteEntry? _innermost;

    /// <summary>The recursive expression whose recursive SELECT is being bound, or null.</summary>
    public RecursiveBinding? Recursive { get; set; }

    /// <summary>
    /// Makes a statement's WITH names visible, innermost last; the caller passes the result to <see cref="Leave"/>
    /// when the statement is bound.
    /// </summary>
    /// <param name="statement">The statement, with a non-empty WITH clause.</param>
    /// <returns>What was visible before, for <see cref="Leave"/>.</returns>
    /// <exception cref="SharpCoreDBException">A name given twice in the clause (nothing is entered then).</exception>
    public CteEntry? Enter(Statement statement)
    {
        CteEntry? saved = _innermost;
        CteEntry? innermost = saved;

        // A set, not a scan of the names before: a WITH clause may be long (work stays linear in its length).
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        for (int i = 0; i < statement.With.Length; i++)
        {
            CommonTableExpression cte = statement.With[i];
            if (!names.Add(cte.Name.Name))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"duplicate WITH table name: {cte.Name.Name}", cte.Position);
            }

            innermost = new CteEntry(cte, innermost);
        }

        // The clause's own queries see all of its names (and what was visible around it).
        Dictionary<string, int> references = CountReferences(statement);
        for (CteEntry? entry = innermost; entry != saved; entry = entry!.Outer)
        {
            entry!.BodyScope = innermost;
            entry.References = references.GetValueOrDefault(entry.Cte.Name.Name);
        }

        _innermost = innermost;
        return saved;
    }

    /// <summary>Restores what was visible before a WITH clause (<see cref="Enter"/>).</summary>
    /// <param name="saved">The value <see cref="Enter"/> returned.</param>
    public void Leave(CteEntry? saved) => _innermost = saved;

    /// <summary>True when <paramref name="name"/> is an expression whose own query is being bound.</summary>
    /// <param name="name">An unqualified table name.</param>
    /// <returns>Whether naming it is a self-reference.</returns>
    public bool IsDefining(string name)
    {
        foreach (string defining in _defining)
        {
            if (string.Equals(defining, name, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The innermost visible expression of this name (the one that hides the others), or null.</summary>
    /// <param name="name">An unqualified table name.</param>
    /// <returns>The expression, or null when the name is a table or view.</returns>
    public CteEntry? Find(string name)
    {
        CteEntry? entry = _innermost;
        while (entry is not null && !string.Equals(entry.Cte.Name.Name, name, StringComparison.OrdinalIgnoreCase))
        {
            entry = entry.Outer;
        }

        return entry;
    }

    /// <summary>
    /// Enters an expression's own query: what was visible at its WITH clause becomes visible, and its name a
    /// self-reference. The caller passes the result to <see cref="LeaveBody"/> when the query is bound.
    /// </summary>
    /// <param name="entry">The expression (from <see cref="Find"/>).</param>
    /// <returns>What was visible before, for <see cref="LeaveBody"/>.</returns>
    public CteEntry? EnterBody(CteEntry entry)
    {
        CteEntry? saved = _innermost;
        _innermost = entry.BodyScope;
        _defining.Add(entry.Cte.Name.Name);
        return saved;
    }

    /// <summary>Leaves an expression's own query (<see cref="EnterBody"/>).</summary>
    /// <param name="saved">The value <see cref="EnterBody"/> returned.</param>
    public void LeaveBody(CteEntry? saved)
    {
        _defining.RemoveAt(_defining.Count - 1);
        _innermost = saved;
    }

    // How often each unqualified name is used as a table in the statement, its WITH clause included: an expression
    // named more than once is materialized. A name an inner WITH reuses is counted too, which at worst materializes
    // an expression named once; that gives the same rows.
    private static Dictionary<string, int> CountReferences(Statement statement)
    {
        var counts = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        SyntaxWalker.Walk(statement, node =>
        {
            if (node is TableReference { Name.Schema: null } reference)
            {
                counts[reference.Name.Name] = counts.GetValueOrDefault(reference.Name.Name) + 1;
            }

            return true;
        });
        return counts;
    }
}
