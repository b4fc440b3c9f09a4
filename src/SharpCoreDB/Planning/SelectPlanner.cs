using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Rules;

namespace SharpCoreDB.Planning;

/// <summary>
/// Turns a bound SELECT core into an operator tree: rewrite rules over every predicate, each conjunct placed at
/// the first join level where all the rows it reads are available (levels in <see cref="JoinOrder"/>), an access path per table chosen from the
/// conjuncts at its level (index nested-loop joins fall out of this), then aggregation, HAVING, projection,
/// DISTINCT, ORDER BY (skipped when the access path already delivers the order) and LIMIT/OFFSET.
/// </summary>
internal static class SelectPlanner
{
    /// <summary>Plans a SELECT core.</summary>
    /// <param name="block">The bound SELECT.</param>
    /// <returns>The operator tree; its top writes result rows into <see cref="SelectBlock.ProjectSlot"/>.</returns>
    public static Operator Plan(SelectBlock block)
    {
        // A RIGHT or FULL join NULL-extends every item before it, so no WHERE conjunct may filter those items
        // before it: WHERE waits for the last such join. The ON conjuncts of the inner joins before it filter its
        // left operand and go where their rows are ready (prefix).
        int lastRight = -1;
        for (int i = 0; i < block.From.Count; i++)
        {
            if (block.From[i].PreservesRight)
            {
                lastRight = i;
            }
        }

        var pending = new List<(Expr Conjunct, HashSet<int> Slots)>();
        var prefix = new List<(Expr Conjunct, HashSet<int> Slots)>();
        AddPending(block.Where, pending);
        for (int i = 0; i < block.From.Count; i++)
        {
            AddPending(block.From[i].Filters, i < lastRight ? prefix : pending);
        }

        var local = new HashSet<int>();
        foreach (FromItem item in block.From)
        {
            local.UnionWith(item.Slots);
        }

        // Aggregation and window functions reorder rows, so an access path's order would not reach the ORDER BY.
        OrderRequest? order = block.From.Count == 1 && block.Aggregation is null && block.Windows is null ? RequestedOrder(block, block.From[0]) : null;
        bool orderDelivered = false;
        Operator? pipeline = null;
        var available = new HashSet<int>();
        IReadOnlyList<FromItem> from = JoinOrder.Choose(block.From, lastRight >= 0 ? prefix : pending, local);
        for (int level = 0; level < from.Count; level++)
        {
            FromItem item = from[level];
            available.UnionWith(item.Slots);
            List<Expr> ready = TakeReady(prefix, local, available);
            if (level >= lastRight)
            {
                ready.AddRange(TakeReady(pending, local, available));
            }

            if (item.PreservesRight)
            {
                pipeline = RightJoin(pipeline!, item, from, level);
                if (ready.Count > 0)
                {
                    pipeline = new FilterOperator(pipeline, Combine(ready));
                }

                continue;
            }

            List<Expr> inner;
            List<Expr> after;
            if (item.LeftJoin)
            {
                inner = [];
                foreach (Expr on in item.On)
                {
                    inner.AddRange(Split(Rewriter.Apply(on)));
                }

                after = ready;
            }
            else
            {
                inner = ready;
                after = [];
            }

            Operator access;
            if (item.Unit is not null)
            {
                Operator unit = Plan(item.Unit);
                access = level == 0 ? unit : new MaterializeOperator(unit, item.Slots, item.UnitCorrelated);
            }
            else if (item.Derived is not null)
            {
                Operator derived = Planner.Instance.Plan(item.Derived.Relation);
                access = level == 0
                    ? derived
                    : new MaterializeOperator(derived, [item.Source.Slot], item.Derived.OuterSlots.Count > 0);
            }
            else if (item.TableFunction is { } function)
            {
                // Re-opened for each row of the items before it: its arguments may read them.
                access = TableFunction(item, function);
            }
            else
            {
                // The terms an index seek reproduces exactly need no filter, as in SQLite. Not with a RIGHT or FULL
                // join in the FROM: its merged columns are read through references the binder does not count.
                access = AccessPathSelector.Choose(item.Source, inner, level == 0 ? order : null, lastRight < 0, out bool delivered, out IReadOnlyList<Expr> implied);
                orderDelivered |= level == 0 && delivered;
                foreach (Expr term in implied)
                {
                    inner.Remove(term);
                }

                // At the first level only a correlated subquery has other rows to join with (the enclosing query's):
                // probing a hash table built once per execution replaces a full scan per enclosing row, unless the
                // statement itself changes the table.
                if (access is TableScanOperator && !(item.Source.Table is { } table && block.ChangedTables?.Contains(table) == true))
                {
                    access = HashJoinOrScan(item.Source.Slot, access, inner);
                }
            }

            if (inner.Count > 0)
            {
                access = new FilterOperator(access, Combine(inner));
            }

            pipeline = pipeline is null ? access : new NestedLoopJoinOperator(pipeline, access, item.LeftJoin, item.Slots);
            if (after.Count > 0)
            {
                pipeline = new FilterOperator(pipeline, Combine(after));
            }
        }

        pipeline ??= new SingleRowOperator();
        pending.AddRange(prefix);
        if (pending.Count > 0)
        {
            var rest = new List<Expr>(pending.Count);
            foreach ((Expr conjunct, _) in pending)
            {
                rest.Add(conjunct);
            }

            pipeline = new FilterOperator(pipeline, Combine(rest));
        }

        if (block.JoinUnit)
        {
            // A parenthesized join planned as one unit fills its tables' slots and projects nothing.
            return pipeline;
        }

        if (block.Aggregation is { } aggregation)
        {
            var groupBy = new List<Expr>(block.GroupBy.Count);
            foreach (Expr term in block.GroupBy)
            {
                groupBy.Add(Rewriter.Apply(term));
            }

            pipeline = new AggregateOperator(pipeline, groupBy, aggregation.Aggregates, aggregation.Captures, aggregation.AggregateSlot, aggregation.CaptureSlot);
            if (block.Having is not null)
            {
                pipeline = new FilterOperator(pipeline, Rewriter.Apply(block.Having));
            }
        }

        var projection = new List<Expr>(block.Projection.Count);
        foreach (Expr expression in block.Projection)
        {
            projection.Add(Rewriter.Apply(expression));
        }

        if (block.Windows is { } windows)
        {
            pipeline = new WindowOperator(pipeline, windows.Calls, windows.Slot, SavedSlots(projection, windows.Slot, block.OuterSlots));
        }

        pipeline = new ProjectOperator(pipeline, projection, block.ProjectSlot, block.Visible);
        if (block.Distinct)
        {
            pipeline = new DistinctOperator(pipeline, block.ProjectSlot, block.Visible, CollationRules.ForKeys(projection, block.Visible));
        }

        if (block.OrderBy.Count > 0 && !orderDelivered)
        {
            pipeline = new SortOperator(pipeline, block.ProjectSlot, block.OrderBy, block.Limit, block.Offset);
        }

        if (block.Limit is not null || block.Offset is not null)
        {
            pipeline = new LimitOperator(pipeline, block.Limit, block.Offset);
        }

        return pipeline;
    }

    private static void AddPending(List<Expr> conditions, List<(Expr Conjunct, HashSet<int> Slots)> pending)
    {
        foreach (Expr condition in conditions)
        {
            foreach (Expr conjunct in Split(Rewriter.Apply(condition)))
            {
                var slots = new HashSet<int>();
                conjunct.CollectSlots(slots);
                pending.Add((conjunct, slots));
            }
        }
    }

    /// <summary>
    /// A RIGHT or FULL join of the pipeline so far (its left operand) with the item: the item's rows are read once
    /// per open into a buffer, hashed on an equality of the ON when it has one, and the rows no left row matched
    /// follow with every earlier item NULL-extended.
    /// </summary>
    private static RightJoinOperator RightJoin(Operator left, FromItem item, IReadOnlyList<FromItem> from, int level)
    {
        var on = new List<Expr>();
        foreach (Expr condition in item.On)
        {
            on.AddRange(Split(Rewriter.Apply(condition)));
        }

        // The right side is read whole: a row that fails the ON still comes out, NULL-extended on the left.
        Operator right = item.Derived is not null ? Planner.Instance.Plan(item.Derived.Relation)
            : item.TableFunction is { } function ? TableFunction(item, function)
            : AccessPathSelector.Choose(item.Source, [], null, out _);
        (int Column, Expr Probe, Affinity Affinity)? key = null;
        Records.Collation? keyCollation = null;
        foreach (Expr conjunct in on)
        {
            if (conjunct is ComparisonExpr { Operator: BinaryOperator.Equal } equal)
            {
                key = EquiJoin(equal.Left, equal.Right, item.Source.Slot) ?? EquiJoin(equal.Right, equal.Left, item.Source.Slot);
                if (key is not null)
                {
                    keyCollation = CollationRules.NonBinary(equal.ComparisonCollation);
                    break;
                }
            }
        }

        var leftSlots = new List<int>(level);
        for (int i = 0; i < level; i++)
        {
            leftSlots.AddRange(from[i].Slots);
        }

        return new RightJoinOperator(
            left,
            right,
            item.Source.Slot,
            [.. leftSlots],
            on.Count > 0 ? Combine(on) : null,
            key is { } found ? new RightJoinKey(found.Column, found.Probe, found.Affinity, keyCollation) : null,
            item.Kind == JoinKind.Full);
    }

    private static JsonTableOperator TableFunction(FromItem item, TableFunctionCall function) =>
        new(function.Name, item.Source.Slot, function.Json is null ? null : Rewriter.Apply(function.Json), function.Path is null ? null : Rewriter.Apply(function.Path), function.Recursive, item.Source.UsedColumns!);

    // The slots the projection reads below the window operator, which it must save with each row and restore:
    // not its own results, and not enclosing queries' rows, which stay put while it runs.
    private static int[] SavedSlots(List<Expr> projection, int windowSlot, HashSet<int> outerSlots)
    {
        var slots = new HashSet<int>();
        foreach (Expr expression in projection)
        {
            expression.CollectSlots(slots);
        }

        slots.Remove(windowSlot);
        slots.ExceptWith(outerSlots);
        int[] saved = [.. slots];
        Array.Sort(saved);
        return saved;
    }

    /// <summary>
    /// Replaces a full scan on the inner side of a join by a hash probe when an equality ties an inner column to
    /// an expression of the outer rows: the inner table is then read once per execution instead of once per
    /// outer row. The build side keeps the conjuncts that read only the inner table.
    /// </summary>
    private static Operator HashJoinOrScan(int slot, Operator scan, List<Expr> conjuncts)
    {
        var slots = new HashSet<int>();
        var buildFilters = new List<Expr>();
        (int Column, Expr Probe, Affinity Affinity)? join = null;
        Records.Collation? joinCollation = null;
        foreach (Expr conjunct in conjuncts)
        {
            slots.Clear();
            conjunct.CollectSlots(slots);
            if (slots.Count == 1 && slots.Contains(slot))
            {
                buildFilters.Add(conjunct);
                continue;
            }

            if (join is null && conjunct is ComparisonExpr { Operator: BinaryOperator.Equal } equal)
            {
                join = EquiJoin(equal.Left, equal.Right, slot) ?? EquiJoin(equal.Right, equal.Left, slot);
                joinCollation = equal.ComparisonCollation;
            }
        }

        if (join is not { } found)
        {
            return scan;
        }

        // The probe may also read slots of enclosing queries: it is evaluated on every open.
        Operator build = buildFilters.Count > 0 ? new FilterOperator(scan, Combine(buildFilters)) : scan;
        return new HashProbeOperator(build, slot, found.Column, found.Probe, found.Affinity, joinCollation);
    }

    private static (int Column, Expr Probe, Affinity Affinity)? EquiJoin(Expr inner, Expr outer, int slot)
    {
        if (inner is not ColumnExpr column || column.Slot != slot)
        {
            return null;
        }

        var slots = new HashSet<int>();
        outer.CollectSlots(slots);
        if (slots.Contains(slot) || slots.Count == 0)
        {
            return null;
        }

        return (column.Column, outer, AffinityRules.ForComparison(column.Affinity, outer.Affinity));
    }

    /// <summary>Splits a predicate into its AND-ed conjuncts.</summary>
    /// <param name="predicate">The predicate.</param>
    /// <returns>The conjuncts.</returns>
    public static List<Expr> Split(Expr predicate)
    {
        var result = new List<Expr>();
        var stack = new Stack<Expr>();
        stack.Push(predicate);
        while (stack.Count > 0)
        {
            Expr next = stack.Pop();
            if (next is LogicalExpr { IsAnd: true } and)
            {
                stack.Push(and.Right);
                stack.Push(and.Left);
            }
            else
            {
                result.Add(next);
            }
        }

        return result;
    }

    /// <summary>AND-s conjuncts back together.</summary>
    /// <param name="conjuncts">At least one conjunct.</param>
    /// <returns>The predicate.</returns>
    public static Expr Combine(List<Expr> conjuncts)
    {
        Expr result = conjuncts[0];
        for (int i = 1; i < conjuncts.Count; i++)
        {
            result = new LogicalExpr(true, result, conjuncts[i]);
        }

        return result;
    }

    private static List<Expr> TakeReady(List<(Expr Conjunct, HashSet<int> Slots)> pending, HashSet<int> local, HashSet<int> available)
    {
        var ready = new List<Expr>();
        for (int i = 0; i < pending.Count; i++)
        {
            bool isReady = true;
            foreach (int slot in pending[i].Slots)
            {
                if (local.Contains(slot) && !available.Contains(slot))
                {
                    isReady = false;
                    break;
                }
            }

            if (isReady)
            {
                ready.Add(pending[i].Conjunct);
                pending.RemoveAt(i);
                i--;
            }
        }

        return ready;
    }

    private static bool ReadsOnlySlot(Expr expression, int slot, HashSet<int> scratch)
    {
        scratch.Clear();
        expression.CollectSlots(scratch);
        return scratch.Count == 1 && scratch.Contains(slot);
    }

    // The ORDER BY as columns of the single table, when every key is a plain column of it with default NULL order.
    private static OrderRequest? RequestedOrder(SelectBlock block, FromItem item)
    {
        if (block.OrderBy.Count == 0 || item.Derived is not null || item.TableFunction is not null)
        {
            return null;
        }

        var columns = new List<int>(block.OrderBy.Count);
        var descending = new List<bool>(block.OrderBy.Count);
        List<Expr?>? expressions = null;
        var slots = new HashSet<int>();
        var collations = new List<Records.Collation?>(block.OrderBy.Count);
        foreach (SortKey key in block.OrderBy)
        {
            if (key.NullsFirst == key.Descending)
            {
                return null;
            }

            Expr term = block.Projection[key.Column];
            if (term is ColumnExpr column && column.Slot == item.Source.Slot)
            {
                columns.Add(column.Column);
            }
            else if (item.Source.IndexExpressions is not null && !term.IsConstant && ReadsOnlySlot(term, item.Source.Slot, slots))
            {
                // Only an index on this very expression can deliver it.
                expressions ??= [.. new Expr?[columns.Count]];
                expressions.Add(term);
                columns.Add(-1);
                descending.Add(key.Descending);
                collations.Add(key.Collation);
                continue;
            }
            else
            {
                return null;
            }

            expressions?.Add(null);
            descending.Add(key.Descending);
            collations.Add(key.Collation);
        }

        return new OrderRequest(columns, descending, expressions) { Collations = collations };
    }
}
