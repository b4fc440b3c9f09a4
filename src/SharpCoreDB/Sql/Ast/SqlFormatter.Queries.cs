using System.Collections.Immutable;
using System.Text;

namespace SharpCoreDB.Sql.Ast;

/// <content>SELECT, FROM, and the data-changing statements.</content>
internal static partial class SqlFormatter
{
    // A leading WITH clause and the space after it, if the statement has one.
    private static void AppendWith(StringBuilder sb, Statement statement)
    {
        for (int i = 0; i < statement.With.Length; i++)
        {
            CommonTableExpression cte = statement.With[i];
            sb.Append(i > 0 ? ", " : statement.WithRecursive ? "WITH RECURSIVE " : "WITH ");
            AppendIdentifier(sb, cte.Name.Name);
            if (cte.Columns.Length > 0)
            {
                AppendIdentifierList(sb, cte.Columns);
            }

            sb.Append(" AS (");
            AppendSelect(sb, cte.Query);
            sb.Append(')');
        }

        if (statement.With.Length > 0)
        {
            sb.Append(' ');
        }
    }

    private static void AppendSelect(StringBuilder sb, SelectStatement select)
    {
        AppendWith(sb, select);
        AppendSelectBody(sb, select.Body);
        if (select.OrderBy.Length > 0)
        {
            sb.Append(" ORDER BY ");
            for (int i = 0; i < select.OrderBy.Length; i++)
            {
                if (i > 0)
                {
                    sb.Append(", ");
                }

                AppendOrderingTerm(sb, select.OrderBy[i]);
            }
        }

        if (select.Limit is not null)
        {
            sb.Append(" LIMIT ");
            AppendExpression(sb, select.Limit);
            if (select.Offset is not null)
            {
                sb.Append(" OFFSET ");
                AppendExpression(sb, select.Offset);
            }
        }
    }

    private static void AppendSelectBody(StringBuilder sb, SelectBody body)
    {
        switch (body)
        {
            case SelectCore core:
                AppendSelectCore(sb, core);
                break;
            case ValuesClause values:
                sb.Append("VALUES ");
                for (int i = 0; i < values.Rows.Length; i++)
                {
                    if (i > 0)
                    {
                        sb.Append(", ");
                    }

                    sb.Append('(');
                    AppendExpressionList(sb, values.Rows[i]);
                    sb.Append(')');
                }

                break;
            case CompoundSelect compound:
                AppendSelectBody(sb, compound.First);
                foreach (CompoundTerm term in compound.Terms)
                {
                    sb.Append(' ');
                    AppendCompoundTerm(sb, term);
                }

                break;
            default:
                throw new ArgumentException("Unknown select body type " + body.GetType().Name + ".", nameof(body));
        }
    }

    private static void AppendCompoundTerm(StringBuilder sb, CompoundTerm term)
    {
        sb.Append(term.Operator switch
        {
            CompoundOperator.Union => "UNION ",
            CompoundOperator.UnionAll => "UNION ALL ",
            CompoundOperator.Intersect => "INTERSECT ",
            _ => "EXCEPT ",
        });
        AppendSelectBody(sb, term.Select);
    }

    private static void AppendSelectCore(StringBuilder sb, SelectCore core)
    {
        sb.Append(core.Distinct ? "SELECT DISTINCT " : "SELECT ");
        for (int i = 0; i < core.Columns.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendResultColumn(sb, core.Columns[i]);
        }

        if (core.From is not null)
        {
            sb.Append(" FROM ");
            AppendFrom(sb, core.From);
        }

        if (core.Where is not null)
        {
            sb.Append(" WHERE ");
            AppendExpression(sb, core.Where);
        }

        if (core.GroupBy.Length > 0)
        {
            sb.Append(" GROUP BY ");
            AppendExpressionList(sb, core.GroupBy);
        }

        if (core.Having is not null)
        {
            sb.Append(" HAVING ");
            AppendExpression(sb, core.Having);
        }

        AppendWindowClause(sb, core);
    }

    private static void AppendResultColumn(StringBuilder sb, ResultColumn column)
    {
        switch (column)
        {
            case StarResultColumn star:
                if (star.Table is not null)
                {
                    AppendIdentifier(sb, star.Table);
                    sb.Append('.');
                }

                sb.Append('*');
                break;
            case ExpressionResultColumn expression:
                AppendExpression(sb, expression.Expression);
                AppendAlias(sb, expression.Alias);
                break;
            default:
                throw new ArgumentException("Unknown result column type " + column.GetType().Name + ".", nameof(column));
        }
    }

    private static void AppendAlias(StringBuilder sb, string? alias)
    {
        if (alias is not null)
        {
            sb.Append(" AS ");
            AppendIdentifier(sb, alias);
        }
    }

    private static void AppendFrom(StringBuilder sb, FromClause from)
    {
        AppendTableSource(sb, from.First);
        foreach (JoinClause join in from.Joins)
        {
            AppendJoin(sb, join);
        }
    }

    private static void AppendJoin(StringBuilder sb, JoinClause join)
    {
        if (join.Kind == JoinKind.Comma)
        {
            sb.Append(", ");
        }
        else
        {
            sb.Append(join.Natural ? " NATURAL " : " ").Append(join.Kind switch
            {
                JoinKind.Left => "LEFT JOIN ",
                JoinKind.Right => "RIGHT JOIN ",
                JoinKind.Full => "FULL JOIN ",
                JoinKind.Cross => "CROSS JOIN ",
                _ => "JOIN ",
            });
        }

        AppendTableSource(sb, join.Table);
        if (join.On is not null)
        {
            sb.Append(" ON ");
            AppendExpression(sb, join.On);
        }
        else if (join.Using.Length > 0)
        {
            sb.Append(" USING ");
            AppendIdentifierList(sb, join.Using);
        }
    }

    private static void AppendTableSource(StringBuilder sb, TableSource source)
    {
        switch (source)
        {
            case TableReference table:
                AppendQualifiedName(sb, table.Name);
                AppendAlias(sb, table.Alias);
                if (table.IndexedBy is not null)
                {
                    sb.Append(" INDEXED BY ");
                    AppendIdentifier(sb, table.IndexedBy);
                }
                else if (table.NotIndexed)
                {
                    sb.Append(" NOT INDEXED");
                }

                break;
            case SubquerySource subquery:
                sb.Append('(');
                AppendSelect(sb, subquery.Query);
                sb.Append(')');
                AppendAlias(sb, subquery.Alias);
                break;
            case NestedJoinSource nested:
                sb.Append('(');
                AppendFrom(sb, nested.Join);
                sb.Append(')');
                break;
            case TableFunctionSource function:
                AppendIdentifier(sb, function.Name);
                sb.Append('(');
                AppendExpressionList(sb, function.Arguments);
                sb.Append(')');
                AppendAlias(sb, function.Alias);
                break;
            default:
                throw new ArgumentException("Unknown table source type " + source.GetType().Name + ".", nameof(source));
        }
    }

    private static void AppendOrderingTerm(StringBuilder sb, OrderingTerm term)
    {
        AppendExpression(sb, term.Expression);
        AppendSortOrder(sb, term.Order);
        if (term.Nulls == NullsOrder.First)
        {
            sb.Append(" NULLS FIRST");
        }
        else if (term.Nulls == NullsOrder.Last)
        {
            sb.Append(" NULLS LAST");
        }
    }

    private static void AppendInsert(StringBuilder sb, InsertStatement insert)
    {
        AppendWith(sb, insert);
        sb.Append("INSERT");
        AppendConflict(sb, " OR ", insert.OnConflict);
        sb.Append(" INTO ");
        AppendQualifiedName(sb, insert.Table);
        AppendAlias(sb, insert.Alias);
        if (insert.Columns.Length > 0)
        {
            sb.Append(' ');
            AppendIdentifierList(sb, insert.Columns);
        }

        if (insert.Source is null)
        {
            sb.Append(" DEFAULT VALUES");
        }
        else
        {
            sb.Append(' ');
            AppendSelect(sb, insert.Source);
        }

        foreach (UpsertClause upsert in insert.Upserts)
        {
            sb.Append(" ON CONFLICT");
            if (upsert.Target.Length > 0)
            {
                sb.Append(' ');
                AppendIdentifierList(sb, upsert.Target);
                AppendWhere(sb, upsert.TargetWhere);
            }

            if (upsert.DoNothing)
            {
                sb.Append(" DO NOTHING");
                continue;
            }

            sb.Append(" DO UPDATE SET ");
            AppendAssignments(sb, upsert.Assignments);
            AppendWhere(sb, upsert.Where);
        }
    }

    private static void AppendUpdate(StringBuilder sb, UpdateStatement update)
    {
        AppendWith(sb, update);
        sb.Append("UPDATE");
        AppendConflict(sb, " OR ", update.OnConflict);
        sb.Append(' ');
        AppendQualifiedName(sb, update.Table);
        AppendAlias(sb, update.Alias);
        sb.Append(" SET ");
        AppendAssignments(sb, update.Assignments);
        if (update.From is not null)
        {
            sb.Append(" FROM ");
            AppendFrom(sb, update.From);
        }

        AppendWhere(sb, update.Where);
    }

    private static void AppendAssignments(StringBuilder sb, ImmutableArray<UpdateAssignment> assignments)
    {
        for (int i = 0; i < assignments.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendAssignment(sb, assignments[i]);
        }
    }

    private static void AppendAssignment(StringBuilder sb, UpdateAssignment assignment)
    {
        AppendIdentifier(sb, assignment.Column);
        sb.Append(" = ");
        AppendExpression(sb, assignment.Value);
    }

    private static void AppendDelete(StringBuilder sb, DeleteStatement delete)
    {
        AppendWith(sb, delete);
        sb.Append("DELETE FROM ");
        AppendQualifiedName(sb, delete.Table);
        AppendAlias(sb, delete.Alias);
        AppendWhere(sb, delete.Where);
    }

    private static void AppendWhere(StringBuilder sb, Expression? where)
    {
        if (where is not null)
        {
            sb.Append(" WHERE ");
            AppendExpression(sb, where);
        }
    }
}
