using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Sqlite.Query.Internal;

namespace SharpCoreDB.EntityFrameworkCore.Query;

#pragma warning disable EF1001 // The SQLite provider's expression translation (string, date and math members, EF.Functions,
// its refusals for types SQLite cannot compare) is right for our dialect; only its decimal workarounds are not.

/// <summary>
/// The SQLite provider's translation of C# expressions to SQL, with its decimal workarounds undone: SQLite has no
/// decimal type, so that provider turns decimal comparisons and arithmetic into calls of functions it registers on
/// each connection (<c>ef_compare</c>, <c>ef_add</c>, <c>ef_multiply</c>, <c>ef_divide</c>, <c>ef_negate</c>,
/// <c>ef_mod</c>). SharpCoreDB's DECIMAL is exact, so the plain operators are right and run natively (and can use
/// indexes). Each node is rewritten right after the SQLite visitor builds it, so nested expressions are covered.
/// </summary>
internal sealed class SharpCoreDBSqlTranslatingExpressionVisitor : SqliteSqlTranslatingExpressionVisitor
{
    public SharpCoreDBSqlTranslatingExpressionVisitor(
        RelationalSqlTranslatingExpressionVisitorDependencies dependencies,
        QueryCompilationContext queryCompilationContext,
        QueryableMethodTranslatingExpressionVisitor queryableMethodTranslatingExpressionVisitor)
        : base(dependencies, queryCompilationContext, queryableMethodTranslatingExpressionVisitor)
    {
    }

    protected override Expression VisitBinary(BinaryExpression binaryExpression)
    {
        var visited = base.VisitBinary(binaryExpression);
        var factory = Dependencies.SqlExpressionFactory;
        switch (visited)
        {
            // ef_compare(a, b) <op> 0  →  a <op> b
            case SqlBinaryExpression { Left: SqlFunctionExpression { Name: "ef_compare", Arguments: [var left, var right] } } compare:
                return factory.MakeBinary(compare.OperatorType, left, right, null) ?? visited;

            // ef_add(a, ef_negate(b))  →  a - b
            case SqlFunctionExpression { Name: "ef_add", Arguments: [var left, SqlFunctionExpression { Name: "ef_negate", Arguments: [var right] }] }
                when binaryExpression.NodeType is ExpressionType.Subtract or ExpressionType.SubtractChecked:
                return factory.Subtract(left, right);

            case SqlFunctionExpression { Name: "ef_add", Arguments: [var left, var right] }:
                return factory.Add(left, right);

            case SqlFunctionExpression { Name: "ef_multiply", Arguments: [var left, var right] }:
                return factory.Multiply(left, right);

            case SqlFunctionExpression { Name: "ef_divide", Arguments: [var left, var right] }:
                return factory.Divide(left, right);

            // ef_mod: decimals take SQL's % exactly; for REAL operands SQLite's % would truncate to integers, so our
            // built-in mod() (a floating remainder, NULL for a zero divisor) takes its place.
            case SqlFunctionExpression { Name: "ef_mod", Arguments: [var left, var right] } mod:
                return IsDecimal(left) && IsDecimal(right)
                    ? factory.Modulo(left, right)
                    : factory.Function("mod", [left, right], nullable: true, argumentsPropagateNullability: [true, true], mod.Type, mod.TypeMapping);

            default:
                return visited;
        }
    }

    protected override Expression VisitUnary(UnaryExpression unaryExpression)
    {
        var visited = base.VisitUnary(unaryExpression);
        return visited is SqlFunctionExpression { Name: "ef_negate", Arguments: [var operand] }
            ? Dependencies.SqlExpressionFactory.Negate(operand)
            : visited;
    }

    private static bool IsDecimal(SqlExpression expression) =>
        (expression.TypeMapping?.Converter?.ProviderClrType ?? expression.TypeMapping?.ClrType ?? expression.Type) == typeof(decimal);
}
