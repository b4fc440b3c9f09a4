using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

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
            // A set, not a scan of the names before: a WITH clause may be long (work stays linear in its length).
            var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            for (int i = 0; i < statement.With.Length; i++)
            {
                CommonTableExpression cte = statement.With[i];
                if (!names.Add(cte.Name.Name))
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"duplicate WITH table name: {cte.Name.Name}", cte.Position);
                }

                _ctes = new CteEntry(cte, _ctes);
            }

            // The clause's own queries see all of its names (and what was visible around it).
            Dictionary<string, int> references = CountReferences(statement);
            for (CteEntry? entry = _ctes; entry != saved; entry = entry!.Outer)
            {
                entry!.BodyScope = _ctes;
                entry.References = references.GetValueOrDefault(entry.Cte.Name.Name);
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
            if (IsRecursive(entry.Cte))
            {
                return BindRecursive(entry.Cte, reference.Alias ?? name, columns, scope, reference.Position);
            }

            if (entry.References < 2 || entry.Correlated)
            {
                return BindDerived(entry.Cte.Query, reference.Alias ?? name, columns, scope, reference.Position);
            }

            bool owner = entry.Materialized is null;
            if (owner)
            {
                FromItem first = BindDerived(entry.Cte.Query, reference.Alias ?? name, columns, scope, reference.Position);
                BoundQuery bound = first.Derived!;
                if (bound.OuterSlots.Count > 0)
                {
                    // It reads a column of an enclosing query, so its rows differ from one enclosing row to the next.
                    entry.Correlated = true;
                    return first;
                }

                entry.Materialized = new BoundMaterializedCte(entry.Cte.Name.Name, bound);
                entry.MaterializedSlot = bound.Slot;
                entry.MaterializedColumns = bound.Columns;
            }

            return MaterializedReference(entry, reference.Alias ?? name, columns, reference.Position, owner);
        }
        finally
        {
            _definingCtes.RemoveAt(_definingCtes.Count - 1);
            _ctes = saved;
        }
    }

    // Every reference to a materialized expression reads the shared rows into a slot of its own.
    private FromItem MaterializedReference(CteEntry entry, string alias, string[] columnNames, SourcePosition position, bool owner)
    {
        IReadOnlyList<ResultColumnInfo> result = entry.MaterializedColumns!;
        int slot = NewSlot(_slotWidths[entry.MaterializedSlot]);
        var scan = new BoundCteScan(entry.Materialized!, slot, owner);
        SourceColumn[] columns = DerivedSourceColumns(result, columnNames, alias, position);
        var bound = new BoundQuery(scan, slot, result, new HashSet<int>());
        return new FromItem(new SourceBinding(alias, slot, columns, null) { DerivedColumns = result }) { Derived = bound };
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

    /// <summary>A visible common table expression, the next one out, and what its own query sees.</summary>
    private sealed class CteEntry(CommonTableExpression cte, CteEntry? outer)
    {
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

        public CommonTableExpression Cte { get; } = cte;

        public CteEntry? Outer { get; } = outer;

        public CteEntry? BodyScope { get; set; }
    }
}
