using SharpCoreDB.Planning;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>
/// Common table expressions. A WITH clause names queries for the query it leads: each name is visible to that query
/// (and everything nested in it) and to the common table expressions after it in the same clause, and it hides a
/// table or view of the same name. Every reference binds the named query again, as a view is bound (a recursive one
/// as the operator that computes it: see Binder.Recursive.cs).
/// </content>
internal sealed partial class Binder
{
    // The innermost visible common table expression; each entry links to the next one out.
    private CteEntry? _ctes;

    // Names whose own query is being bound: a reference to one of them would be recursive.
    private readonly List<string> _definingCtes = [];

    // Binds with the statement's WITH names visible (as it is when it has none).
    private T InWithScope<T>(Statement statement, Func<T> bind)
    {
        if (statement.With.IsDefaultOrEmpty)
        {
            return bind();
        }

        CteEntry? saved = _ctes;
        try
        {
            for (int i = 0; i < statement.With.Length; i++)
            {
                CommonTableExpression cte = statement.With[i];
                for (int j = 0; j < i; j++)
                {
                    if (string.Equals(statement.With[j].Name.Name, cte.Name.Name, StringComparison.OrdinalIgnoreCase))
                    {
                        throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"duplicate WITH table name: {cte.Name.Name}", cte.Position);
                    }
                }

                _ctes = new CteEntry(cte, _ctes);
            }

            // The clause's own queries see all of its names (and what was visible around it).
            for (CteEntry? entry = _ctes; entry != saved; entry = entry!.Outer)
            {
                entry!.BodyScope = _ctes;
            }

            return bind();
        }
        finally
        {
            _ctes = saved;
        }
    }

    // A table name that is a visible common table expression: bound like a view, in the scope it was defined in.
    private FromItem? TryBindCte(TableReference reference, Scope scope)
    {
        if (reference.Name.Schema is not null)
        {
            return null;
        }

        string name = reference.Name.Name;
        foreach (string defining in _definingCtes)
        {
            if (string.Equals(defining, name, StringComparison.OrdinalIgnoreCase))
            {
                // Only the recursive SELECT of a recursive expression may name it, once, in its own FROM.
                return TryBindRecursiveReference(reference, name)
                    ?? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"circular reference: {name}", reference.Position);
            }
        }

        CteEntry? entry = _ctes;
        while (entry is not null && !string.Equals(entry.Cte.Name.Name, name, StringComparison.OrdinalIgnoreCase))
        {
            entry = entry.Outer;
        }

        if (entry is null)
        {
            return null;
        }

        CteEntry? saved = _ctes;
        _ctes = entry.BodyScope;
        _definingCtes.Add(name);
        try
        {
            string[] columns = [.. entry.Cte.Columns.Select(c => c.Name)];
            return IsRecursive(entry.Cte)
                ? BindRecursive(entry.Cte, reference.Alias ?? name, columns, scope, reference.Position)
                : BindDerived(entry.Cte.Query, reference.Alias ?? name, columns, scope, reference.Position);
        }
        finally
        {
            _definingCtes.RemoveAt(_definingCtes.Count - 1);
            _ctes = saved;
        }
    }

    /// <summary>A visible common table expression, the next one out, and what its own query sees.</summary>
    private sealed class CteEntry(CommonTableExpression cte, CteEntry? outer)
    {
        public CommonTableExpression Cte { get; } = cte;

        public CteEntry? Outer { get; } = outer;

        public CteEntry? BodyScope { get; set; }
    }
}
