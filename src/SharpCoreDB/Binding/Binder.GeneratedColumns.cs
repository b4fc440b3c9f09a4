using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>
/// Generated columns: their expressions bound for the writer (which computes them from the row's other columns), the
/// checks SQLite makes when a table is created, and the refusal to write one.
/// </content>
internal sealed partial class Binder
{
    // A writer's generated-column expressions (per ordinal, null for an ordinary column), bound against a slot of
    // their own (see TableWriter.GeneratedSlot); (null, -1) when the table has none.
    private (Expr?[]? Expressions, int Slot) WriterGenerated(TableSchema table)
    {
        if (table.GeneratedOrder.IsEmpty)
        {
            return (null, -1);
        }

        int slot = NewSlot(table.Columns.Length + 1);
        var expressions = new Expr?[table.Columns.Length];
        foreach (int ordinal in table.GeneratedOrder)
        {
            expressions[ordinal] = BindIndexPredicate(table, slot, table.Columns[ordinal].Generated!);
        }

        return (expressions, slot);
    }

    // Every generated column's expression must bind against the table (unknown names, aggregates: SQLite's errors).
    private void CheckGeneratedColumns(TableSchema table)
    {
        // The syntax first, so a subquery or parameter gets SQLite's "prohibited" message rather than a binding error.
        foreach (ColumnSchema column in table.Columns)
        {
            if (column.Generated is { } generated)
            {
                Determinism.CheckStoredExpression(generated, Determinism.GeneratedColumns);
            }
        }

        (Expr?[]? expressions, _) = WriterGenerated(table);
        foreach (Expr? expression in expressions ?? [])
        {
            if (expression is not null)
            {
                Determinism.RequireDeterministic(expression, Determinism.GeneratedColumns);
            }
        }
    }

    // INSERT column lists and SET targets may not name a generated column: SQLite's "cannot INSERT/UPDATE generated column".
    private static void RefuseGeneratedTarget(TableSchema table, int ordinal, string statement, SourcePosition position)
    {
        if (ordinal < table.Columns.Length && table.Columns[ordinal].Generated is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot {statement} generated column \"{table.Columns[ordinal].Name}\"", position);
        }
    }

    // DROP COLUMN of a column a generated column reads, or of the last ordinary column: SQLite's errors.
    private static void RefuseDropUnderGenerated(TableSchema table, ColumnSchema dropped, SourcePosition position)
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
            if (Mentions(table.Columns[ordinal].Generated, dropped.Name))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"error in table {table.Name} after drop column: no such column: {dropped.Name}", position);
            }
        }
    }
}
