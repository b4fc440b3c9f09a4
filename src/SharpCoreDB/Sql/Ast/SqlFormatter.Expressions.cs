using System.Collections.Immutable;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Sql.Ast;

/// <content>Expressions.</content>
internal static partial class SqlFormatter
{
    private static void AppendExpression(StringBuilder sb, Expression expression)
    {
        switch (expression)
        {
            case IntegerLiteral literal:
                if (literal.Value < 0 && literal.Value != long.MinValue)
                {
                    // Inside an expression "-5" reads back as minus applied to 5; only the hexadecimal
                    // two's-complement form reads back as the same negative literal.
                    sb.Append("0x").Append(unchecked((ulong)literal.Value).ToString("X16", CultureInfo.InvariantCulture));
                }
                else
                {
                    sb.Append(literal.Value.ToString(CultureInfo.InvariantCulture));
                }

                break;
            case RealLiteral literal:
                AppendReal(sb, literal.Value);
                break;
            case StringLiteral literal:
                AppendStringLiteral(sb, literal.Value);
                break;
            case BlobLiteral literal:
                sb.Append("X'").Append(Convert.ToHexString(literal.Value.AsSpan())).Append('\'');
                break;
            case NullLiteral:
                sb.Append("NULL");
                break;
            case BooleanLiteral literal:
                sb.Append(literal.Value ? "TRUE" : "FALSE");
                break;
            case CurrentTimeLiteral literal:
                sb.Append(literal.Kind switch
                {
                    CurrentTimeKind.Date => "CURRENT_DATE",
                    CurrentTimeKind.Time => "CURRENT_TIME",
                    _ => "CURRENT_TIMESTAMP",
                });
                break;
            case ColumnReference column:
                if (column.Schema is not null)
                {
                    AppendIdentifier(sb, column.Schema);
                    sb.Append('.');
                }

                if (column.Table is not null)
                {
                    AppendIdentifier(sb, column.Table);
                    sb.Append('.');
                }

                AppendIdentifier(sb, column.Column);
                break;
            case ParameterExpression parameter:
                sb.Append(parameter.Name ?? "?");
                break;
            case UnaryExpression unary:
                sb.Append('(').Append(unary.Operator switch
                {
                    UnaryOperator.Negate => "- ",
                    UnaryOperator.Plus => "+ ",
                    UnaryOperator.BitwiseNot => "~ ",
                    _ => "NOT ",
                });
                AppendExpression(sb, unary.Operand);
                sb.Append(')');
                break;
            case BinaryExpression binary:
                sb.Append('(');
                AppendExpression(sb, binary.Left);
                sb.Append(' ').Append(OperatorText(binary.Operator)).Append(' ');
                AppendExpression(sb, binary.Right);
                sb.Append(')');
                break;
            case IsNullExpression isNull:
                sb.Append('(');
                AppendExpression(sb, isNull.Operand);
                sb.Append(isNull.Negated ? " IS NOT NULL)" : " IS NULL)");
                break;
            case LikeExpression like:
                AppendLike(sb, like);
                break;
            case BetweenExpression between:
                sb.Append('(');
                AppendExpression(sb, between.Operand);
                sb.Append(between.Negated ? " NOT BETWEEN " : " BETWEEN ");
                AppendExpression(sb, between.Low);
                sb.Append(" AND ");
                AppendExpression(sb, between.High);
                sb.Append(')');
                break;
            case InListExpression inList:
                sb.Append('(');
                AppendExpression(sb, inList.Operand);
                sb.Append(inList.Negated ? " NOT IN (" : " IN (");
                AppendExpressionList(sb, inList.Items);
                sb.Append("))");
                break;
            case InSubqueryExpression inQuery:
                sb.Append('(');
                AppendExpression(sb, inQuery.Operand);
                sb.Append(inQuery.Negated ? " NOT IN (" : " IN (");
                AppendSelect(sb, inQuery.Query);
                sb.Append("))");
                break;
            case InTableExpression inTable:
                sb.Append('(');
                AppendExpression(sb, inTable.Operand);
                sb.Append(inTable.Negated ? " NOT IN " : " IN ");
                AppendQualifiedName(sb, inTable.Table);
                sb.Append(')');
                break;
            case FunctionCallExpression { Name: "->" or "->>" } arrow:
                sb.Append('(');
                AppendExpression(sb, arrow.Arguments[0]);
                sb.Append(' ').Append(arrow.Name).Append(' ');
                AppendExpression(sb, arrow.Arguments[1]);
                sb.Append(')');
                break;
            case FunctionCallExpression call:
                AppendIdentifier(sb, call.Name);
                sb.Append('(');
                if (call.IsStar)
                {
                    sb.Append('*');
                }
                else
                {
                    if (call.Distinct)
                    {
                        sb.Append("DISTINCT ");
                    }

                    AppendExpressionList(sb, call.Arguments);
                    for (int i = 0; i < call.OrderBy.Length; i++)
                    {
                        sb.Append(i == 0 ? " ORDER BY " : ", ");
                        AppendOrderingTerm(sb, call.OrderBy[i]);
                    }
                }

                sb.Append(')');
                AppendWindowSuffix(sb, call);
                break;
            case CastExpression cast:
                sb.Append("CAST(");
                AppendExpression(sb, cast.Operand);
                sb.Append(" AS ");
                AppendTypeName(sb, cast.Type);
                sb.Append(')');
                break;
            case CaseExpression caseExpression:
                AppendCase(sb, caseExpression);
                break;
            case ExistsExpression exists:
                sb.Append("EXISTS (");
                AppendSelect(sb, exists.Query);
                sb.Append(')');
                break;
            case SubqueryExpression subquery:
                sb.Append('(');
                AppendSelect(sb, subquery.Query);
                sb.Append(')');
                break;
            case CollateExpression collate:
                sb.Append('(');
                AppendExpression(sb, collate.Operand);
                sb.Append(" COLLATE ");
                AppendIdentifier(sb, collate.Collation);
                sb.Append(')');
                break;
            case RowValueExpression row:
                sb.Append('(');
                AppendExpressionList(sb, row.Items);
                sb.Append(')');
                break;
            case RaiseExpression raise:
                sb.Append("RAISE(").Append(raise.Action switch
                {
                    RaiseAction.Ignore => "IGNORE",
                    RaiseAction.Rollback => "ROLLBACK",
                    RaiseAction.Abort => "ABORT",
                    _ => "FAIL",
                });
                if (raise.Message is not null)
                {
                    sb.Append(", ");
                    AppendStringLiteral(sb, raise.Message);
                }

                sb.Append(')');
                break;
            default:
                throw new ArgumentException("Unknown expression type " + expression.GetType().Name + ".", nameof(expression));
        }
    }

    private static string OperatorText(BinaryOperator op) => op switch
    {
        BinaryOperator.Or => "OR",
        BinaryOperator.And => "AND",
        BinaryOperator.Equal => "=",
        BinaryOperator.NotEqual => "<>",
        BinaryOperator.Is => "IS",
        BinaryOperator.IsNot => "IS NOT",
        BinaryOperator.Less => "<",
        BinaryOperator.LessOrEqual => "<=",
        BinaryOperator.Greater => ">",
        BinaryOperator.GreaterOrEqual => ">=",
        BinaryOperator.BitwiseAnd => "&",
        BinaryOperator.BitwiseOr => "|",
        BinaryOperator.ShiftLeft => "<<",
        BinaryOperator.ShiftRight => ">>",
        BinaryOperator.Add => "+",
        BinaryOperator.Subtract => "-",
        BinaryOperator.Multiply => "*",
        BinaryOperator.Divide => "/",
        BinaryOperator.Modulo => "%",
        _ => "||",
    };

    private static void AppendLike(StringBuilder sb, LikeExpression like)
    {
        sb.Append('(');
        AppendExpression(sb, like.Operand);
        sb.Append(like.Negated ? " NOT " : " ").Append(like.Operator switch
        {
            LikeOperator.Like => "LIKE ",
            LikeOperator.Glob => "GLOB ",
            LikeOperator.Regexp => "REGEXP ",
            _ => "MATCH ",
        });
        AppendExpression(sb, like.Pattern);
        if (like.Escape is not null)
        {
            sb.Append(" ESCAPE ");
            AppendExpression(sb, like.Escape);
        }

        sb.Append(')');
    }

    private static void AppendCase(StringBuilder sb, CaseExpression caseExpression)
    {
        sb.Append("CASE");
        if (caseExpression.Operand is not null)
        {
            sb.Append(' ');
            AppendExpression(sb, caseExpression.Operand);
        }

        foreach (WhenClause clause in caseExpression.WhenClauses)
        {
            sb.Append(' ');
            AppendWhen(sb, clause);
        }

        if (caseExpression.Else is not null)
        {
            sb.Append(" ELSE ");
            AppendExpression(sb, caseExpression.Else);
        }

        sb.Append(" END");
    }

    private static void AppendWhen(StringBuilder sb, WhenClause clause)
    {
        sb.Append("WHEN ");
        AppendExpression(sb, clause.Condition);
        sb.Append(" THEN ");
        AppendExpression(sb, clause.Result);
    }

    private static void AppendExpressionList(StringBuilder sb, ImmutableArray<Expression> items)
    {
        for (int i = 0; i < items.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendExpression(sb, items[i]);
        }
    }

    private static void AppendTypeName(StringBuilder sb, TypeName type)
    {
        // A multi-word name is printed as written: each word is read back as its own type word.
        if (type.Name.Contains(' ', StringComparison.Ordinal))
        {
            sb.Append(type.Name);
        }
        else if (type.Name.Length > 0)
        {
            AppendIdentifier(sb, type.Name);
        }

        if (type.Arguments.Length > 0)
        {
            sb.Append('(').Append(type.Arguments[0]);
            if (type.Arguments.Length > 1)
            {
                sb.Append(", ").Append(type.Arguments[1]);
            }

            sb.Append(')');
        }
    }
}
