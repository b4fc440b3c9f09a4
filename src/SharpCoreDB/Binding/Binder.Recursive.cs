using System.Collections.Immutable;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;
using SortKey = SharpCoreDB.Execution.Operators.SortKey;

namespace SharpCoreDB.Binding;

/// <content>
/// Recursive common table expressions, with SQLite's rules: the expression is a compound SELECT whose leading arms
/// (the initial SELECT) do not name it and whose remaining arms (the recursive SELECTs, joined by UNION or UNION ALL)
/// each name it exactly once, in their own FROM and nowhere else; the recursive SELECTs may not aggregate. As in
/// SQLite the RECURSIVE keyword is not required. The expression's ORDER BY orders the queue and its LIMIT and OFFSET
/// apply to the rows it produces (<see cref="RecursiveCteOperator"/>).
/// </content>
internal sealed partial class Binder
{
    // How many queries deep the binder is (BindQuery levels).
    private int _queryDepth;

    // The recursive expression whose recursive SELECT is being bound, or null.
    private RecursiveBinding? _recursive;

    // True when the expression's compound SELECT names it in the FROM of one of its arms: then it is recursive.
    private static bool IsRecursive(CommonTableExpression cte)
    {
        if (cte.Query.Body is not CompoundSelect compound)
        {
            return false;
        }

        if (ReferencesIn(compound.First, cte.Name.Name) > 0)
        {
            return true;
        }

        foreach (CompoundTerm term in compound.Terms)
        {
            if (ReferencesIn(term.Select, cte.Name.Name) > 0)
            {
                return true;
            }
        }

        return false;
    }

    // How often an arm names the table in its own FROM (joins included, subqueries not).
    private static int ReferencesIn(SelectBody body, string name) =>
        body is SelectCore { From: { } from } ? ReferencesIn(from, name) : 0;

    private static int ReferencesIn(FromClause from, string name)
    {
        int count = ReferencesIn(from.First, name);
        foreach (JoinClause join in from.Joins)
        {
            count += ReferencesIn(join.Table, name);
        }

        return count;
    }

    private static int ReferencesIn(TableSource source, string name) => source switch
    {
        TableReference reference when reference.Name.Schema is null
            && string.Equals(reference.Name.Name, name, StringComparison.OrdinalIgnoreCase) => 1,
        NestedJoinSource nested => ReferencesIn(nested.Join, name),
        _ => 0,
    };

    private FromItem BindRecursive(CommonTableExpression cte, string alias, IReadOnlyList<string> columnNames, Scope scope, SourcePosition position)
    {
        string name = cte.Name.Name;
        var compound = (CompoundSelect)cte.Query.Body;
        var bodies = new List<SelectBody>(compound.Terms.Length + 1) { compound.First };
        foreach (CompoundTerm term in compound.Terms)
        {
            bodies.Add(term.Select);
        }

        // The initial SELECT is every arm before the first that names the table; all after it must name it, joined
        // by UNION or UNION ALL. Anything else reads the table before it exists.
        int firstRecursive = 0;
        while (ReferencesIn(bodies[firstRecursive], name) == 0)
        {
            firstRecursive++;
        }

        for (int i = firstRecursive; i < bodies.Count; i++)
        {
            CompoundOperator op = compound.Terms[Math.Max(i, 1) - 1].Operator;
            if (firstRecursive == 0 || ReferencesIn(bodies[i], name) == 0 || op is not (CompoundOperator.Union or CompoundOperator.UnionAll))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"circular reference: {name}", bodies[i].Position);
            }

            if (ReferencesIn(bodies[i], name) > 1)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"multiple references to recursive table: {name}", bodies[i].Position);
            }
        }

        // Bound as a derived table is: one query level down, seeing the enclosing queries but not its FROM siblings.
        var isolated = new Scope(scope.Parent);
        var queryScope = new Scope(isolated);
        _queryDepth++;
        RecursiveBinding? outerRecursive = _recursive;
        try
        {
            _recursive = null;
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
                _recursive = new RecursiveBinding(name, _queryDepth, table, sourceColumns, columns);
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

            _recursive = null;
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

            var limits = new SelectBlock();
            BindLimit(cte.Query, limits);
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
                limits.Limit,
                limits.Offset,
                outSlot,
                columns.Count,
                CollationsOf(queueColumns));
            BoundQuery bound = WithRealAffinity(new BoundQuery(root, outSlot, columns, queryScope.OuterSlots));
            return new FromItem(new SourceBinding(alias, outSlot, sourceColumns, null) { DerivedColumns = columns }) { Derived = bound };
        }
        finally
        {
            _recursive = outerRecursive;
            _queryDepth--;
        }
    }

    // The recursive table named in its recursive SELECT's FROM: the one row being recursed on.
    private FromItem? TryBindRecursiveReference(TableReference reference, string name)
    {
        if (_recursive is not { } recursive || !string.Equals(recursive.Name, name, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        if (recursive.Depth != _queryDepth || recursive.Bound)
        {
            // In a subquery or derived table of the recursive SELECT (its FROM was checked to name it only once).
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"multiple recursive references: {name}", reference.Position);
        }

        recursive.Bound = true;
        int slot = NewSlot(recursive.SourceColumns.Length);
        string alias = reference.Alias ?? name;

        // Counted as reading an outer slot, so a join that caches a derived table runs this one again for every row.
        var scan = new BoundRecursiveScan(recursive.Table, slot, name);
        var bound = new BoundQuery(scan, slot, recursive.Columns, new HashSet<int> { slot });
        return new FromItem(new SourceBinding(alias, slot, recursive.SourceColumns, null) { DerivedColumns = recursive.Columns }) { Derived = bound };
    }

    /// <summary>The recursive table as its recursive SELECT is being bound.</summary>
    private sealed class RecursiveBinding(string name, int depth, BoundRecursiveTable table, SourceColumn[] sourceColumns, IReadOnlyList<ResultColumnInfo> columns)
    {
        public string Name { get; } = name;

        public int Depth { get; } = depth;

        public BoundRecursiveTable Table { get; } = table;

        public SourceColumn[] SourceColumns { get; } = sourceColumns;

        public IReadOnlyList<ResultColumnInfo> Columns { get; } = columns;

        public bool Bound { get; set; }
    }
}
