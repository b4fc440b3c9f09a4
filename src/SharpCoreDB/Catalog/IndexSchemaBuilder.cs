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
    /// <exception cref="SharpCoreDBException">A key column is unknown, an expression, or the index is partial.</exception>
    public static IndexSchema Build(CreateIndexStatement statement, TableSchema table, uint rootPage)
    {
        if (statement.Where is not null)
        {
            SqlErrors.Throw(SharpCoreDBErrorCode.Unsupported, "partial indexes (CREATE INDEX ... WHERE) are not supported", statement.Where.Position);
        }

        (ImmutableArray<int> ordinals, ImmutableArray<bool> descending) = TableSchemaBuilder.ResolveKeyColumns(
            statement.Columns,
            name => table.FindColumn(name)?.Ordinal ?? -1,
            table.Name);
        var columns = ImmutableArray.CreateBuilder<IndexColumn>(ordinals.Length);
        for (int i = 0; i < ordinals.Length; i++)
        {
            IndexedColumn key = statement.Columns[i];
            string? collation = TableSchemaBuilder.KeyCollation(key) ?? table.Columns[ordinals[i]].Collation;
            columns.Add(new IndexColumn(ordinals[i], descending[i], TableSchemaBuilder.IndexCollation(collation, key.Position)));
        }

        return new IndexSchema
        {
            Name = statement.Name.Name,
            TableName = table.Name,
            Columns = columns.MoveToImmutable(),
            IsUnique = statement.Unique,
            RootPage = rootPage,
            Origin = IndexOrigin.CreateIndex,
            Sql = statement.SourceText,
        };
    }
}
