using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>Visits an AST depth-first, parents before children; the visitor decides whether to descend.</summary>
internal static class SyntaxWalker
{
    /// <summary>Walks <paramref name="node"/> and everything under it.</summary>
    /// <param name="node">The root, or null.</param>
    /// <param name="visit">Called for each node; return false to skip its children.</param>
    public static void Walk(SyntaxNode? node, Func<SyntaxNode, bool> visit)
    {
        if (node is null || !visit(node))
        {
            return;
        }

        if (node is Statement { With.Length: > 0 } statement)
        {
            WalkAll(statement.With, visit);
        }

        switch (node)
        {
            case SelectStatement s:
                Walk(s.Body, visit);
                WalkAll(s.OrderBy, visit);
                Walk(s.Limit, visit);
                Walk(s.Offset, visit);
                break;
            case SelectCore c:
                WalkAll(c.Columns, visit);
                Walk(c.From, visit);
                Walk(c.Where, visit);
                WalkAll(c.GroupBy, visit);
                Walk(c.Having, visit);
                WalkAll(c.Windows, visit);
                break;
            case NamedWindow w:
                Walk(w.Definition, visit);
                break;
            case WindowDefinition w:
                WalkAll(w.PartitionBy, visit);
                WalkAll(w.OrderBy, visit);
                Walk(w.Frame, visit);
                break;
            case FrameSpec f:
                Walk(f.Start, visit);
                Walk(f.End, visit);
                break;
            case FrameBound b:
                Walk(b.Offset, visit);
                break;
            case CompoundSelect c:
                Walk(c.First, visit);
                WalkAll(c.Terms, visit);
                break;
            case CompoundTerm t:
                Walk(t.Select, visit);
                break;
            case ValuesClause v:
                if (!v.Rows.IsDefault)
                {
                    foreach (ImmutableArray<Expression> row in v.Rows)
                    {
                        WalkAll(row, visit);
                    }
                }

                break;
            case ExpressionResultColumn r:
                Walk(r.Expression, visit);
                break;
            case FromClause f:
                Walk(f.First, visit);
                WalkAll(f.Joins, visit);
                break;
            case JoinClause j:
                Walk(j.Table, visit);
                Walk(j.On, visit);
                break;
            case CommonTableExpression cte:
                Walk(cte.Query, visit);
                break;
            case SubquerySource s:
                Walk(s.Query, visit);
                break;
            case NestedJoinSource n:
                Walk(n.Join, visit);
                break;
            case OrderingTerm o:
                Walk(o.Expression, visit);
                break;
            case IndexedColumn i:
                Walk(i.Expression, visit);
                break;
            case InsertStatement i:
                Walk(i.Source, visit);
                WalkAll(i.Upserts, visit);
                break;
            case UpsertClause c:
                Walk(c.TargetWhere, visit);
                WalkAll(c.Assignments, visit);
                Walk(c.Where, visit);
                break;
            case UpdateStatement u:
                WalkAll(u.Assignments, visit);
                Walk(u.Where, visit);
                break;
            case UpdateAssignment a:
                Walk(a.Value, visit);
                break;
            case DeleteStatement d:
                Walk(d.Where, visit);
                break;
            case ExplainStatement e:
                Walk(e.Statement, visit);
                break;
            case CreateTableStatement t:
                WalkAll(t.Columns, visit);
                WalkAll(t.Constraints, visit);
                Walk(t.AsSelect, visit);
                break;
            case ColumnDefinition d:
                WalkAll(d.Constraints, visit);
                break;
            case CheckColumnConstraint c:
                Walk(c.Condition, visit);
                break;
            case DefaultColumnConstraint d:
                Walk(d.Value, visit);
                break;
            case CheckTableConstraint c:
                Walk(c.Condition, visit);
                break;
            case PrimaryKeyTableConstraint p:
                WalkAll(p.Columns, visit);
                break;
            case UniqueTableConstraint u:
                WalkAll(u.Columns, visit);
                break;
            case GeneratedColumnConstraint g:
                Walk(g.Expression, visit);
                break;
            case CreateIndexStatement i:
                WalkAll(i.Columns, visit);
                Walk(i.Where, visit);
                break;
            case CreateViewStatement v:
                Walk(v.Query, visit);
                break;
            case BetweenExpression b:
                Walk(b.Operand, visit);
                Walk(b.Low, visit);
                Walk(b.High, visit);
                break;
            case BinaryExpression b:
                Walk(b.Left, visit);
                Walk(b.Right, visit);
                break;
            case CaseExpression c:
                Walk(c.Operand, visit);
                WalkAll(c.WhenClauses, visit);
                Walk(c.Else, visit);
                break;
            case WhenClause w:
                Walk(w.Condition, visit);
                Walk(w.Result, visit);
                break;
            case CastExpression c:
                Walk(c.Operand, visit);
                break;
            case CollateExpression c:
                Walk(c.Operand, visit);
                break;
            case ExistsExpression e:
                Walk(e.Query, visit);
                break;
            case FunctionCallExpression f:
                WalkAll(f.Arguments, visit);
                Walk(f.Filter, visit);
                Walk(f.Over, visit);
                break;
            case InListExpression i:
                Walk(i.Operand, visit);
                WalkAll(i.Items, visit);
                break;
            case InSubqueryExpression i:
                Walk(i.Operand, visit);
                Walk(i.Query, visit);
                break;
            case InTableExpression i:
                Walk(i.Operand, visit);
                break;
            case IsNullExpression i:
                Walk(i.Operand, visit);
                break;
            case LikeExpression l:
                Walk(l.Operand, visit);
                Walk(l.Pattern, visit);
                Walk(l.Escape, visit);
                break;
            case RowValueExpression r:
                WalkAll(r.Items, visit);
                break;
            case SubqueryExpression s:
                Walk(s.Query, visit);
                break;
            case UnaryExpression u:
                Walk(u.Operand, visit);
                break;
        }
    }

    private static void WalkAll<T>(ImmutableArray<T> nodes, Func<SyntaxNode, bool> visit)
        where T : SyntaxNode
    {
        if (nodes.IsDefault)
        {
            return;
        }

        foreach (T node in nodes)
        {
            Walk(node, visit);
        }
    }
}
