using System.Collections.Immutable;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// What the binder's units (window functions, common table expressions, generated columns) need from the binder to
/// bind an expression: the binding itself, in a scope they give, and the statement's root scope. The binder
/// implements it; a test implements it to drive a unit on its own.
/// </summary>
internal interface IExpressionBinder
{
    /// <summary>
    /// The scope a constant of the statement (a LIMIT, a frame offset) is bound in: no sources of its own, but under a
    /// trigger program's root, where NEW and OLD are visible. Null outside a trigger program.
    /// </summary>
    Scope? StatementRoot { get; }

    /// <summary>Binds one expression in a scope.</summary>
    /// <param name="expression">The parsed expression.</param>
    /// <param name="scope">The names visible to it.</param>
    /// <returns>The bound expression.</returns>
    /// <exception cref="SharpCoreDBException">Unknown names, misuse of aggregates or window functions.</exception>
    Expr Bind(Expression expression, Scope scope);

    /// <summary>Binds expressions in order, in one scope.</summary>
    /// <param name="expressions">The parsed expressions (default or empty: none).</param>
    /// <param name="scope">The names visible to them.</param>
    /// <returns>The bound expressions.</returns>
    /// <exception cref="SharpCoreDBException">As <see cref="Bind"/>.</exception>
    Expr[] BindAll(ImmutableArray<Expression> expressions, Scope scope);

    /// <summary>True when a call with this name and argument count is an aggregate (registered functions first).</summary>
    /// <param name="name">The function name.</param>
    /// <param name="argumentCount">The number of arguments.</param>
    /// <param name="isStar">True for f(*).</param>
    /// <returns>Whether it aggregates.</returns>
    bool IsAggregate(string name, int argumentCount, bool isStar);
}
