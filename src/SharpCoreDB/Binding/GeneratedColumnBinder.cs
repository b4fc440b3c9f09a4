using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// Generated columns as the binder sees them: their expressions bound for the table writer (which computes them from
/// the row's other columns), the checks SQLite makes when a table is created or altered, and the refusals to write
/// one or to drop a column one reads. Stateless: the binder passes what it needs (<see cref="ITableExpressionBinder"/>).
/// </summary>
internal static class GeneratedColumnBinder
{
    /// <summary>
    /// A writer's generated-column expressions (per ordinal, null for an ordinary column), bound against a slot of
    /// their own (see <c>TableWriter.GeneratedSlot</c>).
    /// </summary>
    /// <param name="table">The table written.</param>
    /// <param name="binder">Allocates the slot and binds the expressions.</param>
    /// <returns>The expressions and their slot; (null, -1) when the table has no generated column.</returns>
    /// <exception cref="SharpCoreDBException">An expression that does not bind against the table.</exception>
    public static (Expr?[]? Expressions, int Slot) BindForWriter(TableSchema table, ITableExpressionBinder binder)
    {
        if (table.GeneratedOrder.IsEmpty)
        {
            return (null, -1);
        }

        int slot = binder.NewSlot(table.Columns.Length + 1);
        var expressions = new Expr?[table.Columns.Length];
        foreach (int ordinal in table.GeneratedOrder)
        {
            expressions[ordinal] = binder.BindOnTable(table, slot, table.Columns[ordinal].Generated!);
        }

        return (expressions, slot);
    }

    /// <summary>Checks that every generated column's expression is allowed and binds against the table.</summary>
    /// <param name="table">The table as created or altered.</param>
    /// <param name="binder">Binds the expressions.</param>
    /// <exception cref="SharpCoreDBException">A subquery, parameter, non-deterministic call, unknown name (SQLite's errors).</exception>
    public static void Check(TableSchema table, ITableExpressionBinder binder)
    {
        // The syntax first, so a subquery or parameter gets SQLite's "prohibited" message rather than a binding error.
        foreach (ColumnSchema column in table.Columns)
        {
            if (column.Generated is { } generated)
            {
                Determinism.CheckStoredExpression(generated, Determinism.GeneratedColumns);
            }
        }

        (Expr?[]? expressions, _) = BindForWriter(table, binder);
        foreach (Expr? expression in expressions ?? [])
        {
            if (expression is not null)
            {
                Determinism.RequireDeterministic(expression, Determinism.GeneratedColumns);
            }
        }
    }

    /// <summary>Refuses an INSERT column list or SET target that names a generated column, as SQLite does.</summary>
    /// <param name="table">The table written.</param>
    /// <param name="ordinal">The column named.</param>
    /// <param name="statement">"INSERT into" or "UPDATE", for the message.</param>
    /// <param name="position">Where the column is named.</param>
    /// <exception cref="SharpCoreDBException">The column is generated.</exception>
    public static void RefuseTarget(TableSchema table, int ordinal, string statement, SourcePosition position)
    {
        if (ordinal < table.Columns.Length && table.Columns[ordinal].Generated is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot {statement} generated column \"{table.Columns[ordinal].Name}\"", position);
        }
    }

    /// <summary>
    /// Refuses DROP COLUMN of a column a generated column reads, or of the last ordinary column, with SQLite's errors.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="dropped">The column dropped.</param>
    /// <param name="position">Where the column is named.</param>
    /// <exception cref="SharpCoreDBException">The drop would leave a generated column without its input or the table without an ordinary column.</exception>
    public static void RefuseDrop(TableSchema table, ColumnSchema dropped, SourcePosition position)
    {
        if (table.GeneratedOrder.IsEmpty || dropped.Generated is not null)
        {
            return;
        }

        if (table.GeneratedOrder.Length == table.Columns.Length - 1)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"error in table {table.Name} after drop column: must have at least one non-generated column", position);
        }

        foreach (int ordinal in table.GeneratedOrder)
        {
            if (Binder.Mentions(table.Columns[ordinal].Generated, dropped.Name))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"error in table {table.Name} after drop column: no such column: {dropped.Name}", position);
            }
        }
    }
}
