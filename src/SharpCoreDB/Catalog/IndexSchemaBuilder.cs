using System.Collections.Immutable;
using SharpCoreDB.Binding;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>Turns a CREATE INDEX statement into an <see cref="IndexSchema"/> for its table.</summary>
internal static class IndexSchemaBuilder
{
    /// <summary>Builds the index.</summary>
    /// <param name="statement">The parsed CREATE INDEX.</param>
    /// <param name="table">The indexed table.</param>
    /// <param name="rootPage">The index tree's root page.</param>
    /// <returns>The index.</returns>
    /// <exception cref="SharpCoreDBException">A key column is unknown or an expression, or the WHERE of a partial index has a subquery, a parameter or a non-deterministic function.</exception>
    public static IndexSchema Build(CreateIndexStatement statement, TableSchema table, uint rootPage)
    {
        if (statement.Where is not null)
        {
            Determinism.CheckStoredExpression(statement.Where, "partial index WHERE clauses");
        }

        (ImmutableArray<int> ordinals, ImmutableArray<bool> descending) = TableSchemaBuilder.ResolveKeyColumns(
            statement.Columns,
            name => table.FindColumn(name)?.Ordinal ?? -1,
            table.Name);
        var columns = ImmutableArray.CreateBuilder<IndexColumn>(ordinals.Length);
        for (int i = 0; i < ordinals.Length; i++)
        {
            columns.Add(new IndexColumn(ordinals[i], descending[i]));
        }

        return new IndexSchema
        {
            Name = statement.Name.Name,
            TableName = table.Name,
            Columns = columns.MoveToImmutable(),
            IsUnique = statement.Unique,
            RootPage = rootPage,
            Origin = IndexOrigin.CreateIndex,
            Where = statement.Where,
            Sql = statement.SourceText,
        };
    }
}
