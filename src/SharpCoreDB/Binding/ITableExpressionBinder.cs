using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// What a unit that binds a table's stored expressions (generated columns) needs from the binder: a slot for the
/// table's row, and an expression bound against that row alone.
/// </summary>
internal interface ITableExpressionBinder : ISlotAllocator
{
    /// <summary>
    /// Binds an expression against one row of <paramref name="table"/> read into <paramref name="slot"/>, in a scope of
    /// its own: it sees no other name and marks none of the statement's columns as used.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="slot">The slot of its row.</param>
    /// <param name="expression">The stored expression.</param>
    /// <returns>The bound expression.</returns>
    /// <exception cref="SharpCoreDBException">Unknown names, aggregates and the like (SQLite's errors).</exception>
    Expr BindOnTable(TableSchema table, int slot, Expression expression);
}
