using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Ast;

/// <summary>Visits an AST depth-first, parents before children; the visitor decides whether to descend.</summary>
/// <remarks>
/// The walk keeps its own stack of pending nodes instead of recursing, so a tree as deep as the parser allows
/// (a flat chain of 1,000 ORs is a tree 1,000 levels deep) is walked in constant call-stack space on any thread.
/// </remarks>
internal static class SyntaxWalker
{
    /// <summary>Walks <paramref name="node"/> and everything under it.</summary>
    /// <param name="node">The root, or null.</param>
    /// <param name="visit">Called for each node; return false to skip its children.</param>
    public static void Walk(SyntaxNode? node, Func<SyntaxNode, bool> visit)
    {
        if (node is null)
        {
            return;
        }

        var pending = new Stack<SyntaxNode>();
        var children = new List<SyntaxNode>();
        pending.Push(node);
        while (pending.Count > 0)
        {
            SyntaxNode current = pending.Pop();
            if (!visit(current))
            {
                continue;
            }

            // Children are gathered in order, then pushed last first, so they are visited in order.
            children.Clear();
            AddChildren(current, children);
            for (int i = children.Count - 1; i >= 0; i--)
            {
                pending.Push(children[i]);
            }
        }
    }

    private static void AddChildren(SyntaxNode node, List<SyntaxNode> children)
    {
        if (node is Statement { With.Length: > 0 } statement)
        {
            AddAll(statement.With, children);
        }

        switch (node)
        {
            case SelectStatement s:
                Add(s.Body, children);
                AddAll(s.OrderBy, children);
                Add(s.Limit, children);
                Add(s.Offset, children);
                break;
            case SelectCore c:
                AddAll(c.Columns, children);
                Add(c.From, children);
                Add(c.Where, children);
                AddAll(c.GroupBy, children);
                Add(c.Having, children);
                AddAll(c.Windows, children);
                break;
            case NamedWindow w:
                Add(w.Definition, children);
                break;
            case WindowDefinition w:
                AddAll(w.PartitionBy, children);
                AddAll(w.OrderBy, children);
                Add(w.Frame, children);
                break;
            case FrameSpec f:
                Add(f.Start, children);
                Add(f.End, children);
                break;
            case FrameBound b:
                Add(b.Offset, children);
                break;
            case CompoundSelect c:
                Add(c.First, children);
                AddAll(c.Terms, children);
                break;
            case CompoundTerm t:
                Add(t.Select, children);
                break;
            case ValuesClause v:
                if (!v.Rows.IsDefault)
                {
                    foreach (ImmutableArray<Expression> row in v.Rows)
                    {
                        AddAll(row, children);
                    }
                }

                break;
            case ExpressionResultColumn r:
                Add(r.Expression, children);
                break;
            case FromClause f:
                Add(f.First, children);
                AddAll(f.Joins, children);
                break;
            case JoinClause j:
                Add(j.Table, children);
                Add(j.On, children);
                break;
            case CommonTableExpression cte:
                Add(cte.Query, children);
                break;
            case SubquerySource s:
                Add(s.Query, children);
                break;
            case TableFunctionSource t:
                AddAll(t.Arguments, children);
                break;
            case NestedJoinSource n:
                Add(n.Join, children);
                break;
            case OrderingTerm o:
                Add(o.Expression, children);
                break;
            case IndexedColumn i:
                Add(i.Expression, children);
                break;
            case InsertStatement i:
                Add(i.Source, children);
                AddAll(i.Upserts, children);
                break;
            case UpsertClause c:
                Add(c.TargetWhere, children);
                AddAll(c.Assignments, children);
                Add(c.Where, children);
                break;
            case UpdateStatement u:
                AddAll(u.Assignments, children);
                Add(u.From, children);
                Add(u.Where, children);
                break;
            case UpdateAssignment a:
                Add(a.Value, children);
                break;
            case DeleteStatement d:
                Add(d.Where, children);
                break;
            case ExplainStatement e:
                Add(e.Statement, children);
                break;
            case CreateTableStatement t:
                AddAll(t.Columns, children);
                AddAll(t.Constraints, children);
                Add(t.AsSelect, children);
                break;
            case ColumnDefinition d:
                AddAll(d.Constraints, children);
                break;
            case CheckColumnConstraint c:
                Add(c.Condition, children);
                break;
            case DefaultColumnConstraint d:
                Add(d.Value, children);
                break;
            case CheckTableConstraint c:
                Add(c.Condition, children);
                break;
            case PrimaryKeyTableConstraint p:
                AddAll(p.Columns, children);
                break;
            case UniqueTableConstraint u:
                AddAll(u.Columns, children);
                break;
            case GeneratedColumnConstraint g:
                Add(g.Expression, children);
                break;
            case CreateIndexStatement i:
                AddAll(i.Columns, children);
                Add(i.Where, children);
                break;
            case CreateViewStatement v:
                Add(v.Query, children);
                break;
            case BetweenExpression b:
                Add(b.Operand, children);
                Add(b.Low, children);
                Add(b.High, children);
                break;
            case BinaryExpression b:
                Add(b.Left, children);
                Add(b.Right, children);
                break;
            case CaseExpression c:
                Add(c.Operand, children);
                AddAll(c.WhenClauses, children);
                Add(c.Else, children);
                break;
            case WhenClause w:
                Add(w.Condition, children);
                Add(w.Result, children);
                break;
            case CastExpression c:
                Add(c.Operand, children);
                break;
            case CollateExpression c:
                Add(c.Operand, children);
                break;
            case ExistsExpression e:
                Add(e.Query, children);
                break;
            case FunctionCallExpression f:
                AddAll(f.Arguments, children);
                AddAll(f.OrderBy, children);
                Add(f.Filter, children);
                Add(f.Over, children);
                break;
            case InListExpression i:
                Add(i.Operand, children);
                AddAll(i.Items, children);
                break;
            case InSubqueryExpression i:
                Add(i.Operand, children);
                Add(i.Query, children);
                break;
            case InTableExpression i:
                Add(i.Operand, children);
                break;
            case IsNullExpression i:
                Add(i.Operand, children);
                break;
            case LikeExpression l:
                Add(l.Operand, children);
                Add(l.Pattern, children);
                Add(l.Escape, children);
                break;
            case RowValueExpression r:
                AddAll(r.Items, children);
                break;
            case SubqueryExpression s:
                Add(s.Query, children);
                break;
            case UnaryExpression u:
                Add(u.Operand, children);
                break;
        }
    }

    private static void Add(SyntaxNode? node, List<SyntaxNode> children)
    {
        if (node is not null)
        {
            children.Add(node);
        }
    }

    private static void AddAll<T>(ImmutableArray<T> nodes, List<SyntaxNode> children)
        where T : SyntaxNode
    {
        if (nodes.IsDefault)
        {
            return;
        }

        foreach (T node in nodes)
        {
            children.Add(node);
        }
    }
}
