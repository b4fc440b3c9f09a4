using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Rules;

namespace SharpCoreDB.Planning;

/// <summary>
/// The planner the binder is handed (<see cref="IQueryPlanner"/>): it turns bound SELECT blocks, single-table
/// accesses and the other bound records (VALUES, compounds, common table expressions, pragma rows) into operators, choosing access paths (<see cref="AccessPathSelector"/>), join orders and join methods
/// (<see cref="SelectPlanner"/>), and applies the rewrite rules (<see cref="Rewriter"/>). Stateless: one instance
/// serves every statement (the runtime rows a recursive or materialized expression's operators share hang on that
/// expression's bound record).
/// </summary>
internal sealed class Planner : IQueryPlanner
{
    private Planner()
    {
    }

    /// <summary>The one instance.</summary>
    public static Planner Instance { get; } = new();

    /// <inheritdoc/>
    public Operator Plan(SelectBlock block) => SelectPlanner.Plan(block);

    /// <inheritdoc/>
    public Operator PlanTableAccess(SourceBinding source, List<Expr> conjuncts)
    {
        Operator access = AccessPathSelector.Choose(source, conjuncts, null, out _);
        if (conjuncts.Count == 0)
        {
            return access;
        }

        // The access path may use only some conjuncts (a seek on one, a range on another); all of them still filter
        // its rows, as the statement's WHERE says.
        return new FilterOperator(access, SelectPlanner.Combine(conjuncts));
    }

    /// <inheritdoc/>
    public Expr Rewrite(Expr expression) => Rewriter.Apply(expression);

    /// <inheritdoc/>
    public List<Expr> Conjuncts(Expr predicate) => SelectPlanner.Split(Rewriter.Apply(predicate));

    /// <inheritdoc/>
    public bool Implies(Expr predicate, IReadOnlyList<Expr> conjuncts) => PartialIndexImplication.Implies(predicate, conjuncts);

    /// <inheritdoc/>
    public Operator PlanValues(BoundValues values) => new ValuesOperator(values.Rows, values.Slot);

    /// <inheritdoc/>
    public Operator PlanCompound(BoundCompound compound)
    {
        (Operator[] arms, int[] armSlots) = RootsAndSlots(compound.Arms);
        return new CompoundSelectOperator(arms, armSlots, [.. compound.Operators], compound.Slot, compound.Width, compound.Collations);
    }

    /// <inheritdoc/>
    public Operator PlanSetQuery(BoundSetQuery query)
    {
        // The sort sees every row; the limit then counts the sorted ones, as SQLite applies LIMIT after ORDER BY.
        Operator root = query.Input.Root;
        if (query.OrderBy.Count > 0)
        {
            root = new SortOperator(root, query.Input.Slot, query.OrderBy);
        }

        if (query.Limit is not null || query.Offset is not null)
        {
            root = new LimitOperator(root, query.Limit, query.Offset);
        }

        return root;
    }

    /// <inheritdoc/>
    public Operator PlanRealAffinity(BoundRealAffinity derived) =>
        new RealAffinityOperator(derived.Query.Root, derived.Query.Slot, derived.RealColumns);

    /// <inheritdoc/>
    public Operator PlanRecursiveScan(BoundRecursiveScan scan) =>
        new RecursiveTableScanOperator(scan.Table.Rows ??= new RecursiveTable(), scan.Slot, scan.Name);

    /// <inheritdoc/>
    public Operator PlanRecursiveCte(BoundRecursiveCte cte)
    {
        (Operator[] arms, int[] armSlots) = RootsAndSlots(cte.Arms);
        return new RecursiveCteOperator(
            cte.Initial.Root,
            cte.Initial.Slot,
            arms,
            armSlots,
            cte.Table.Rows ??= new RecursiveTable(),
            cte.Distinct,
            cte.OrderBy,
            cte.Limit,
            cte.Offset,
            cte.Slot,
            cte.Width,
            cte.QueueCollations);
    }

    /// <inheritdoc/>
    public Operator PlanCteScan(BoundCteScan scan)
    {
        BoundMaterializedCte cte = scan.Cte;
        return new CteScanOperator(cte.Rows ??= new CteMaterialization(cte.Name, cte.Query.Root, cte.Query.Slot), scan.Slot, scan.Owner);
    }

    /// <inheritdoc/>
    public Operator PlanPragmaRows(BoundPragmaRows pragma) => new ComputedRowsOperator(pragma.Compute, pragma.Slot, "Pragma " + pragma.Name);

    /// <inheritdoc/>
    public Operator PlanForeignKeyCheck(BoundForeignKeyCheck check) => new ForeignKeyCheckOperator(check.Schema, check.Tables, check.Slot);

    // The arms' operators and result slots, as the compound and recursive operators take them.
    private static (Operator[] Roots, int[] Slots) RootsAndSlots(IReadOnlyList<BoundQuery> arms)
    {
        var roots = new Operator[arms.Count];
        var slots = new int[roots.Length];
        for (int i = 0; i < roots.Length; i++)
        {
            roots[i] = arms[i].Root;
            slots[i] = arms[i].Slot;
        }

        return (roots, slots);
    }
}
