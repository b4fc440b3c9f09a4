using System.Collections.Immutable;
using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Tests.Binding;

/// <summary>
/// A stand-in for the binder that binds only unqualified columns of a hand-built scope and integer literals, and
/// records every expression it is asked to bind: a unit driven through it is tested without a binder or a database.
/// </summary>
internal sealed class ScopeOnlyExpressionBinder : IExpressionBinder
{
    /// <summary>The expressions bound, in order, with the scope each was bound in.</summary>
    public List<(string Expression, Scope Scope)> Bound { get; } = [];

    public Scope? StatementRoot { get; init; }

    public Expr Bind(Expression expression, Scope scope)
    {
        Bound.Add((expression.ToString(), scope));
        switch (expression)
        {
            case IntegerLiteral literal:
                return new LiteralExpr(SqlValue.FromInt64(literal.Value));
            case ColumnReference reference:
                foreach (SourceBinding source in scope.Sources)
                {
                    foreach (SourceColumn column in source.Columns)
                    {
                        if (string.Equals(column.Name, reference.Column, StringComparison.OrdinalIgnoreCase))
                        {
                            return new ColumnExpr(source.Slot, column.Index, column.Name, column.Affinity, column.DeclaredType, column.DeclaredTypeName);
                        }
                    }
                }

                throw new InvalidOperationException($"no column {reference.Column} in the test scope");
            default:
                throw new InvalidOperationException($"the test binder binds no {expression.GetType().Name}");
        }
    }

    public Expr[] BindAll(ImmutableArray<Expression> expressions, Scope scope)
    {
        var bound = new Expr[expressions.IsDefault ? 0 : expressions.Length];
        for (int i = 0; i < bound.Length; i++)
        {
            bound[i] = Bind(expressions[i], scope);
        }

        return bound;
    }

    public bool IsAggregate(string name, int argumentCount, bool isStar) =>
        argumentCount > 0 && (name.Equals("sum", StringComparison.OrdinalIgnoreCase) || name.Equals("max", StringComparison.OrdinalIgnoreCase));
}
