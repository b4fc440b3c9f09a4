using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Planning.Rules;

namespace SharpCoreDB.Binding;

/// <content>Partial indexes: their WHERE bound against a table's row, for writers and for the planner.</content>
internal sealed partial class Binder
{
    /// <summary>
    /// The WHERE of each of the table's indexes, bound against the row in <paramref name="slot"/> and rewritten like
    /// a query's WHERE (so the planner can compare the two); null when the table has no partial index.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="slot">The slot its rows are in.</param>
    /// <returns>One entry per index in <see cref="TableSchema.Indexes"/> order (null for a full index), or null.</returns>
    private Expr?[]? BindIndexPredicates(TableSchema table, int slot)
    {
        Expr?[]? predicates = null;
        for (int i = 0; i < table.Indexes.Length; i++)
        {
            if (table.Indexes[i].Where is { } where)
            {
                predicates ??= new Expr?[table.Indexes.Length];
                predicates[i] = BindIndexPredicate(table, slot, where);
            }
        }

        return predicates;
    }

    // Against a scope of its own, so binding it neither marks the statement's columns as used nor sees outer names.
    private Expr BindIndexPredicate(TableSchema table, int slot, Sql.Ast.Expression where)
    {
        var scope = new Scope(null);
        scope.Sources.Add(new SourceBinding(table.Name, slot, TableColumns(table), table));
        return Rewriter.Apply(BindExpr(where, scope));
    }
}
