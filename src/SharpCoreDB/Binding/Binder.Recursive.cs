using System.Collections.Immutable;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;
using SortKey = SharpCoreDB.Execution.Operators.SortKey;

namespace SharpCoreDB.Binding;

/// <content>
/// Binding recursive common table expressions, whose shape <see cref="RecursiveCteShape"/> checks: the initial
/// SELECT, then each recursive SELECT with the expression's one self-reference (<see cref="RecursiveBinding"/>); the
/// recursive SELECTs may not aggregate or call window functions. The expression's ORDER BY orders the queue and its
/// LIMIT and OFFSET apply to the rows it produces (<see cref="RecursiveCteOperator"/>).
/// </content>
internal sealed partial class Binder
{
    private FromItem BindRecursive(CommonTableExpression cte, string alias, IReadOnlyList<string> columnNames, Scope scope, SourcePosition position)
    {
        string name = cte.Name.Name;
        var compound = (CompoundSelect)cte.Query.Body;
        List<SelectBody> bodies = RecursiveCteShape.Arms(cte, out int firstRecursive);

        // Bound as a derived table is: one query level down, seeing the enclosing queries but not its FROM siblings.
        var isolated = new Scope(scope.Parent);
        var queryScope = new Scope(isolated);
        CteScope ctes = Ctes;
        _queryDepth++;
        RecursiveBinding? outerRecursive = ctes.Recursive;
        try
        {
            ctes.Recursive = null;
            BoundQuery initial = firstRecursive == 1
                ? BindArm(bodies[0], queryScope)
                : BindCompound(
                    new CompoundSelect(compound.Position, compound.First, compound.Terms[..(firstRecursive - 1)]),
                    new SelectStatement(compound.Position, compound.First, [], null, null),
                    queryScope);
            IReadOnlyList<ResultColumnInfo> columns = initial.Columns;
            SourceColumn[] sourceColumns = DerivedSourceColumns(columns, columnNames, alias, position);
            var table = new BoundRecursiveTable(name);
            int recursiveCount = bodies.Count - firstRecursive;
            var arms = new BoundQuery[recursiveCount];

            // A row is queued at most once under UNION, equal under SQLite's multiSelectCollSeq: per column the
            // initial SELECT's collation, else the first recursive SELECT's that has one.
            ResultColumnInfo[] queueColumns = [.. columns];
            for (int i = 0; i < recursiveCount; i++)
            {
                var core = (SelectCore)bodies[firstRecursive + i];
                ctes.Recursive = new RecursiveBinding(name, _queryDepth, table, sourceColumns, columns);
                var armScope = new Scope(queryScope.Parent);
                SelectBlock block = BindCore(core, armScope, []);
                if (block.Aggregation is not null)
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "recursive aggregate queries not supported", core.Position);
                }

                if (block.Windows is not null)
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "cannot use window functions in recursive queries", core.Position);
                }

                if (block.Visible != columns.Count)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.Unsupported,
                        "SELECTs to the left and right of a compound operator do not have the same number of result columns",
                        core.Position);
                }

                for (int c = 0; c < queueColumns.Length; c++)
                {
                    if (queueColumns[c].Collation is null && block.Projection[c].Collation is { } collation)
                    {
                        queueColumns[c] = queueColumns[c] with { Collation = collation };
                    }
                }

                arms[i] = new BoundQuery(block, block.ProjectSlot, columns, armScope.OuterSlots);
                foreach (int slot in armScope.OuterSlots)
                {
                    queryScope.OuterSlots.Add(slot);
                }
            }

            ctes.Recursive = null;
            var order = new List<SortKey>();
            ImmutableArray<OrderingTerm> orderBy = cte.Query.OrderBy;
            for (int i = 0; !orderBy.IsDefaultOrEmpty && i < orderBy.Length; i++)
            {
                int column = ResolveSetOrderTerm(orderBy[i].Expression, columns, compound.First as SelectCore);
                if (column < 0)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.UnknownColumn,
                        $"{Ordinal(i + 1)} ORDER BY term does not match any column in the result set",
                        orderBy[i].Position);
                }

                order.Add(SortKeyOf(orderBy[i], column, TermCollation(orderBy[i].Expression) ?? columns[column].Collation));
            }

            (Expr? limit, Expr? offset) = BindLimits(cte.Query);
            foreach (int slot in initial.OuterSlots)
            {
                queryScope.OuterSlots.Add(slot);
            }

            foreach (int slot in queryScope.OuterSlots)
            {
                scope.OuterSlots.Add(slot);
            }

            int outSlot = NewSlot(columns.Count);
            var root = new BoundRecursiveCte(
                initial,
                arms,
                table,
                Distinct: compound.Terms[^1].Operator == CompoundOperator.Union,
                order,
                limit,
                offset,
                outSlot,
                columns.Count,
                CollationsOf(queueColumns));
            BoundQuery bound = WithRealAffinity(new BoundQuery(root, outSlot, columns, queryScope.OuterSlots));
            return new FromItem(new SourceBinding(alias, outSlot, sourceColumns, null) { DerivedColumns = columns }) { Derived = bound };
        }
        finally
        {
            ctes.Recursive = outerRecursive;
            _queryDepth--;
        }
    }
}
