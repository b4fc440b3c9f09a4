using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>
/// The binder's units, and what they need from it (<see cref="IExpressionBinder"/>, <see cref="ISlotAllocator"/>,
/// <see cref="ITableExpressionBinder"/>): those with state are made on first use, so a statement that needs none
/// allocates none.
/// </content>
internal sealed partial class Binder : IExpressionBinder, ITableExpressionBinder
{
    private WindowBinder? _windowCalls;

    private CteScope? _ctes;

    /// <inheritdoc/>
    Scope? IExpressionBinder.StatementRoot => _root;

    // Window function calls (OVER, named windows, frames).
    private WindowBinder WindowCalls => _windowCalls ??= new WindowBinder(this, _functions);

    // The common table expressions visible where the binder is.
    private CteScope Ctes => _ctes ??= new CteScope();

    /// <inheritdoc/>
    Expr IExpressionBinder.Bind(Expression expression, Scope scope) => BindExpr(expression, scope);

    /// <inheritdoc/>
    Expr[] IExpressionBinder.BindAll(ImmutableArray<Expression> expressions, Scope scope) => BindAll(expressions, scope);

    /// <inheritdoc/>
    int ISlotAllocator.NewSlot(int width) => NewSlot(width);

    /// <inheritdoc/>
    Expr ITableExpressionBinder.BindOnTable(TableSchema table, int slot, Expression expression) => BindIndexPredicate(table, slot, expression);
}
