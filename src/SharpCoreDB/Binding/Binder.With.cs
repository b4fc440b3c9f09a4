using SharpCoreDB.Execution;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>
/// Binding the queries of common table expressions. Which names are visible, and which would be circular, is the
/// <see cref="CteScope"/>'s; here every reference binds the named query again, as a view is bound, unless the
/// statement names it more than once (then its rows are computed once and shared), and a recursive one binds as the
/// operator that computes it (Binder.Recursive.cs).
/// </content>
internal sealed partial class Binder
{
    // Binds with the statement's WITH names visible (as it is when it has none).
    private T InWithScope<T>(Statement statement, Func<T> bind)
    {
        if (statement.With.IsDefaultOrEmpty)
        {
            return bind();
        }

        CteScope ctes = Ctes;
        CteEntry? saved = ctes.Enter(statement);
        try
        {
            return bind();
        }
        finally
        {
            ctes.Leave(saved);
        }
    }

    // A table name that is a visible common table expression: bound like a view, in the scope it was defined in.
    private FromItem? TryBindCte(TableReference reference, Scope scope)
    {
        // Before the statement's first WITH clause no name is an expression's.
        if (_ctes is not { } ctes || reference.Name.Schema is not null)
        {
            return null;
        }

        string name = reference.Name.Name;
        if (ctes.IsDefining(name))
        {
            // Only the recursive SELECT of a recursive expression may name it, once, in its own FROM.
            return ctes.Recursive?.TryReference(reference, _queryDepth, this)
                ?? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"circular reference: {name}", reference.Position);
        }

        if (ctes.Find(name) is not { } entry)
        {
            return null;
        }

        CteEntry? saved = ctes.EnterBody(entry);
        try
        {
            string alias = reference.Alias ?? name;
            string[] columns = ColumnNames(entry.Cte);
            if (RecursiveCteShape.IsRecursive(entry.Cte))
            {
                return BindRecursive(entry.Cte, alias, columns, scope, reference.Position);
            }

            if (entry.References < 2 || entry.Correlated)
            {
                return BindDerived(entry.Cte.Query, alias, columns, scope, reference.Position);
            }

            bool owner = entry.Materialized is null;
            if (owner)
            {
                FromItem first = BindDerived(entry.Cte.Query, alias, columns, scope, reference.Position);
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

            return MaterializedReference(entry, alias, columns, reference.Position, owner);
        }
        finally
        {
            ctes.LeaveBody(saved);
        }
    }

    // The column names a WITH clause gives its expression (empty: the query's own names).
    private static string[] ColumnNames(CommonTableExpression cte)
    {
        if (cte.Columns.IsDefaultOrEmpty)
        {
            return [];
        }

        var names = new string[cte.Columns.Length];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = cte.Columns[i].Name;
        }

        return names;
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
}
