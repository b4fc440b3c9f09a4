using System.Text;

namespace SharpCoreDB.Sql.Ast;

/// <content>Window functions: FILTER, OVER, window definitions, frames and the WINDOW clause.</content>
internal static partial class SqlFormatter
{
    private static void AppendWindowSuffix(StringBuilder sb, FunctionCallExpression call)
    {
        if (call.Filter is not null)
        {
            sb.Append(" FILTER (WHERE ");
            AppendExpression(sb, call.Filter);
            sb.Append(')');
        }

        if (call.Over is null)
        {
            return;
        }

        sb.Append(" OVER ");
        if (call.Over.IsReference)
        {
            AppendIdentifier(sb, call.Over.BaseName!);
            return;
        }

        AppendWindowDefinition(sb, call.Over);
    }

    private static void AppendWindowDefinition(StringBuilder sb, WindowDefinition window)
    {
        sb.Append('(');
        string separator = string.Empty;
        if (window.BaseName is not null)
        {
            AppendIdentifier(sb, window.BaseName);
            separator = " ";
        }

        if (window.PartitionBy.Length > 0)
        {
            sb.Append(separator).Append("PARTITION BY ");
            AppendExpressionList(sb, window.PartitionBy);
            separator = " ";
        }

        if (window.OrderBy.Length > 0)
        {
            sb.Append(separator).Append("ORDER BY ");
            for (int i = 0; i < window.OrderBy.Length; i++)
            {
                if (i > 0)
                {
                    sb.Append(", ");
                }

                AppendOrderingTerm(sb, window.OrderBy[i]);
            }

            separator = " ";
        }

        if (window.Frame is { } frame)
        {
            sb.Append(separator).Append(frame.Unit switch
            {
                FrameUnit.Rows => "ROWS BETWEEN ",
                FrameUnit.Range => "RANGE BETWEEN ",
                _ => "GROUPS BETWEEN ",
            });
            AppendFrameBound(sb, frame.Start);
            sb.Append(" AND ");
            AppendFrameBound(sb, frame.End);
            sb.Append(frame.Exclude switch
            {
                FrameExclude.CurrentRow => " EXCLUDE CURRENT ROW",
                FrameExclude.Group => " EXCLUDE GROUP",
                FrameExclude.Ties => " EXCLUDE TIES",
                _ => string.Empty,
            });
        }

        sb.Append(')');
    }

    private static void AppendFrameBound(StringBuilder sb, FrameBound bound)
    {
        switch (bound.Kind)
        {
            case FrameBoundKind.UnboundedPreceding:
                sb.Append("UNBOUNDED PRECEDING");
                break;
            case FrameBoundKind.UnboundedFollowing:
                sb.Append("UNBOUNDED FOLLOWING");
                break;
            case FrameBoundKind.CurrentRow:
                sb.Append("CURRENT ROW");
                break;
            default:
                AppendExpression(sb, bound.Offset!);
                sb.Append(bound.Kind == FrameBoundKind.Preceding ? " PRECEDING" : " FOLLOWING");
                break;
        }
    }

    private static void AppendWindowClause(StringBuilder sb, SelectCore core)
    {
        if (core.Windows.IsDefaultOrEmpty)
        {
            return;
        }

        sb.Append(" WINDOW ");
        for (int i = 0; i < core.Windows.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendIdentifier(sb, core.Windows[i].Name);
            sb.Append(" AS ");
            AppendWindowDefinition(sb, core.Windows[i].Definition);
        }
    }
}
