using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// SQLite's rules for the shape of a recursive common table expression, checked on its syntax: it is a compound
/// SELECT whose leading arms (the initial SELECT) do not name it and whose remaining arms (the recursive SELECTs,
/// joined by UNION or UNION ALL) each name it exactly once, in their own FROM. As in SQLite the RECURSIVE keyword is
/// not required: naming itself in the FROM of an arm makes an expression recursive.
/// </summary>
internal static class RecursiveCteShape
{
    /// <summary>True when the expression's compound SELECT names it in the FROM of one of its arms.</summary>
    /// <param name="cte">The expression.</param>
    /// <returns>Whether it is recursive.</returns>
    public static bool IsRecursive(CommonTableExpression cte)
    {
        if (cte.Query.Body is not CompoundSelect compound)
        {
            return false;
        }

        if (ReferencesIn(compound.First, cte.Name.Name) > 0)
        {
            return true;
        }

        foreach (CompoundTerm term in compound.Terms)
        {
            if (ReferencesIn(term.Select, cte.Name.Name) > 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The arms of a recursive expression's compound SELECT, in order, and where its recursive SELECTs start: every
    /// arm before the first that names the table is the initial SELECT; all after it must name it, once, joined by
    /// UNION or UNION ALL. Anything else reads the table before it exists.
    /// </summary>
    /// <param name="cte">A recursive expression (<see cref="IsRecursive"/>).</param>
    /// <param name="firstRecursive">The index of the first recursive SELECT among the arms (at least 1).</param>
    /// <returns>The arms.</returns>
    /// <exception cref="SharpCoreDBException">An arm breaks the rules (SQLite's messages).</exception>
    public static List<SelectBody> Arms(CommonTableExpression cte, out int firstRecursive)
    {
        string name = cte.Name.Name;
        var compound = (CompoundSelect)cte.Query.Body;
        var bodies = new List<SelectBody>(compound.Terms.Length + 1) { compound.First };
        foreach (CompoundTerm term in compound.Terms)
        {
            bodies.Add(term.Select);
        }

        firstRecursive = 0;
        while (ReferencesIn(bodies[firstRecursive], name) == 0)
        {
            firstRecursive++;
        }

        for (int i = firstRecursive; i < bodies.Count; i++)
        {
            CompoundOperator op = compound.Terms[Math.Max(i, 1) - 1].Operator;
            if (firstRecursive == 0 || ReferencesIn(bodies[i], name) == 0 || op is not (CompoundOperator.Union or CompoundOperator.UnionAll))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"circular reference: {name}", bodies[i].Position);
            }

            if (ReferencesIn(bodies[i], name) > 1)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"multiple references to recursive table: {name}", bodies[i].Position);
            }
        }

        return bodies;
    }

    // How often an arm names the table in its own FROM (joins included, subqueries not).
    private static int ReferencesIn(SelectBody body, string name) =>
        body is SelectCore { From: { } from } ? ReferencesIn(from, name) : 0;

    private static int ReferencesIn(FromClause from, string name)
    {
        int count = ReferencesIn(from.First, name);
        foreach (JoinClause join in from.Joins)
        {
            count += ReferencesIn(join.Table, name);
        }

        return count;
    }

    private static int ReferencesIn(TableSource source, string name) => source switch
    {
        TableReference reference when reference.Name.Schema is null
            && string.Equals(reference.Name.Name, name, StringComparison.OrdinalIgnoreCase) => 1,
        NestedJoinSource nested => ReferencesIn(nested.Join, name),
        _ => 0,
    };
}
