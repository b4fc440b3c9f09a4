using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <content>
/// What indexes store beyond columns: the WHERE of partial indexes and the expressions of indexes on expressions,
/// bound against a table's row for writers (which evaluate them) and for the planner (which compares them with the
/// query's own expressions, so both go through the same rewrite rules: the plan pass rewrites them, as the statement's
/// <see cref="BoundStatement.Definitions"/>, before it plans).
/// </content>
internal sealed partial class Binder
{
    // The definitions bound for the statement (partial indexes' WHERE, index and generated-column expressions), for
    // the plan pass to rewrite.
    private List<Expr?[]>? _definitions;

    // Hands a bound definition array to the plan pass, which rewrites it in place.
    private void Definition(Expr?[]? expressions)
    {
        if (expressions is not null)
        {
            (_definitions ??= []).Add(expressions);
        }
    }

    /// <summary>The WHERE of each of the table's indexes, bound against the row in <paramref name="slot"/>.</summary>
    /// <param name="table">The table.</param>
    /// <param name="slot">The slot its rows are in.</param>
    /// <returns>One entry per index in <see cref="TableSchema.Indexes"/> order (null for a full index), or null when the table has no partial index.</returns>
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

        Definition(predicates);
        return predicates;
    }

    /// <summary>The key expressions of each of the table's indexes, bound against the row in <paramref name="slot"/>.</summary>
    /// <param name="table">The table.</param>
    /// <param name="slot">The slot its rows are in.</param>
    /// <returns>
    /// One entry per index (null for an index of columns only), each one entry per key column (null for a plain
    /// column); null when the table has no index on an expression.
    /// </returns>
    private Expr?[]?[]? BindIndexExpressions(TableSchema table, int slot)
    {
        Expr?[]?[]? expressions = null;
        for (int i = 0; i < table.Indexes.Length; i++)
        {
            IndexSchema index = table.Indexes[i];
            if (index.HasExpression)
            {
                expressions ??= new Expr?[]?[table.Indexes.Length];
                expressions[i] = BindIndexExpressions(table, slot, index);
            }
        }

        return expressions;
    }

    private Expr?[] BindIndexExpressions(TableSchema table, int slot, IndexSchema index)
    {
        var keys = new Expr?[index.Columns.Length];
        for (int j = 0; j < keys.Length; j++)
        {
            if (index.Columns[j].Expression is { } expression)
            {
                keys[j] = BindIndexPredicate(table, slot, expression);
            }
        }

        Definition(keys);
        return keys;
    }

    // A writer's index expressions, bound against a slot of its own (see TableWriter.KeySlot).
    private (Expr?[]?[]? Keys, int Slot) WriterIndexExpressions(TableSchema table)
    {
        foreach (IndexSchema index in table.Indexes)
        {
            if (index.HasExpression)
            {
                int slot = NewSlot(table.Columns.Length + 1);
                return (BindIndexExpressions(table, slot), slot);
            }
        }

        return (null, -1);
    }

    // Against a scope of its own, so binding it neither marks the statement's columns as used nor sees outer names.
    // Not rewritten: its caller hands it to the planner (Definition, or its bound schema change).
    private Expr BindIndexPredicate(TableSchema table, int slot, Sql.Ast.Expression expression)
    {
        var scope = new Scope(null);
        scope.Sources.Add(new SourceBinding(table.Name, slot, TableColumns(table), table));
        return BindExpr(expression, scope);
    }
}
