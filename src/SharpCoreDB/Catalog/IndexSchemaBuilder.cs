using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Catalog;

/// <summary>Turns a CREATE INDEX statement into an <see cref="IndexSchema"/> for its table.</summary>
internal static class IndexSchemaBuilder
{
    /// <summary>Builds the index.</summary>
    /// <param name="statement">The parsed CREATE INDEX.</param>
    /// <param name="table">The indexed table.</param>
    /// <param name="rootPage">The index tree's root page.</param>
    /// <returns>The index.</returns>
    /// <exception cref="SharpCoreDBException">A key column is unknown. (Whether a WHERE or key expression may be stored is the binder's check, which knows the functions.)</exception>
    public static IndexSchema Build(CreateIndexStatement statement, TableSchema table, uint rootPage)
    {
        var columns = ImmutableArray.CreateBuilder<IndexColumn>(statement.Columns.Length);
        for (int i = 0; i < statement.Columns.Length; i++)
        {
            IndexedColumn key = statement.Columns[i];
            if (KeyExpression(key) is { } expression)
            {
                columns.Add(new IndexColumn(
                    table.RowIdSlot + 1 + i,
                    key.Order == SortOrder.Descending,
                    expression,
                    TableSchemaBuilder.IndexCollation(TableSchemaBuilder.KeyCollation(key))));
                continue;
            }

            (ImmutableArray<int> ordinals, ImmutableArray<bool> descending) = TableSchemaBuilder.ResolveKeyColumns(
                [key],
                name => table.FindColumn(name)?.Ordinal ?? -1,
                table.Name);
            foreach (IndexColumn earlier in columns)
            {
                if (earlier.Ordinal == ordinals[0])
                {
                    SqlErrors.Throw(SharpCoreDBErrorCode.AlreadyExists, $"column {table.Columns[ordinals[0]].Name} appears twice in the key", key.Position);
                }
            }

            string? collation = TableSchemaBuilder.KeyCollation(key) ?? table.Columns[ordinals[0]].Collation;
            columns.Add(new IndexColumn(ordinals[0], descending[0], Collation: TableSchemaBuilder.IndexCollation(collation)));
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

    /// <summary>
    /// The expression of a key that is not a plain column (a name, or a string naming a column as SQLite allows), or
    /// null. COLLATE around a column leaves it a column.
    /// </summary>
    /// <param name="key">The indexed column as written.</param>
    /// <returns>The key's expression, or null for a column.</returns>
    public static Expression? KeyExpression(IndexedColumn key)
    {
        Expression expression = key.Expression;
        while (expression is CollateExpression collate)
        {
            expression = collate.Operand;
        }

        return expression is ColumnReference { Table: null } or StringLiteral ? null : key.Expression;
    }
}
