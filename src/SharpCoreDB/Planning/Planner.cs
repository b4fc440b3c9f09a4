using System.Diagnostics;
using SharpCoreDB.Binding;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Planning.Rules;
using SharpCoreDB.Records;

namespace SharpCoreDB.Planning;

/// <summary>
/// The planner. Its plan pass (<see cref="Plan(BoundStatement)"/>) takes what the binder returns and walks the bound
/// tree once — SELECT blocks, VALUES, compounds, common table expressions, pragma rows, the subqueries inside
/// expressions, data changes (<see cref="DmlPlanner"/>) and schema changes (<see cref="SchemaChangePlanner"/>) —
/// turning each bound relation into operators: it chooses access paths (<see cref="AccessPathSelector"/>), join
/// orders and join methods (<see cref="SelectPlanner"/>), and applies the rewrite rules (<see cref="Rewriter"/>). Its
/// only input is the bound statement: the binder never calls it. Stateless:
/// one instance serves every statement (the runtime rows a recursive or materialized expression's operators share hang
/// on that expression's bound record).
/// </summary>
internal sealed class Planner
{
    private Planner()
    {
    }

    /// <summary>The one instance.</summary>
    public static Planner Instance { get; } = new();

    /// <summary>
    /// The plan pass: plans a bound statement — a SELECT's bound tree and its subqueries, a data or schema change, or
    /// the statement an EXPLAIN explains — into its executable plan. A statement that needs no planning is returned
    /// as it is.
    /// </summary>
    /// <param name="statement">The binder's result.</param>
    /// <returns>The executable plan.</returns>
    public ExecutablePlan Plan(BoundStatement statement)
    {
        // First, so the access paths compare the indexes' definitions with the statement's rewritten expressions.
        RewriteDefinitions(statement.Definitions);
        if (statement.Planned is { } planned)
        {
            return planned;
        }

        if (statement.Explain is { } explain)
        {
            return PlanExplain(explain);
        }

        if (statement.Dml is { } dml)
        {
            DmlPlan change = DmlPlanner.Plan(dml, statement.Schema!, statement.SlotWidths!);
            PlanSubqueries(statement.Subqueries);
            return change;
        }

        if (statement.SchemaChange is { } schemaChange)
        {
            ExecutablePlan plan = SchemaChangePlanner.Plan(schemaChange, statement.Schema!, statement.SlotWidths!);
            PlanSubqueries(statement.Subqueries);
            return plan;
        }

        BoundQuery query = statement.Query!;
        Operator root = Plan(query.Relation);
        PlanSubqueries(statement.Subqueries);

        // A statement's rows go only to the caller's data reader, which copies each value it hands out.
        BlobLending.AllowWhereSafe(root);
        return new QueryPlan(statement.Schema!, statement.SlotWidths!, root, query.Slot, query.Columns);
    }

    /// <summary>Plans a bound relation (a SELECT block, VALUES, a compound, …) and every relation under it into its operator tree.</summary>
    /// <param name="relation">The bound relation.</param>
    /// <returns>The operator tree.</returns>
    public Operator Plan(IBoundRelation relation) => relation switch
    {
        SelectBlock block => SelectPlanner.Plan(block),
        BoundValues values => new ValuesOperator(values.Rows, values.Slot),
        BoundCompound compound => PlanCompound(compound),
        BoundSetQuery query => PlanSetQuery(query),
        BoundRealAffinity derived => new RealAffinityOperator(Plan(derived.Query.Relation), derived.Query.Slot, derived.RealColumns),
        BoundRecursiveScan scan => new RecursiveTableScanOperator(scan.Table.Rows ??= new RecursiveTable(), scan.Slot, scan.Name),
        BoundRecursiveCte cte => PlanRecursiveCte(cte),
        BoundCteScan scan => PlanCteScan(scan),
        BoundPragmaRows pragma => new ComputedRowsOperator(pragma.Compute, pragma.Slot, "Pragma " + pragma.Name),
        BoundForeignKeyCheck check => new ForeignKeyCheckOperator(check.Schema, check.Tables, check.Slot),
        _ => throw new UnreachableException("unknown bound relation " + relation.GetType().Name),
    };

    /// <summary>
    /// Plans the rows of one table that an UPDATE, DELETE or schema change visits: the access path the conjuncts allow,
    /// filtered by all of them.
    /// </summary>
    /// <param name="source">The table's source.</param>
    /// <param name="conjuncts">The rewritten WHERE conjuncts (<see cref="Conjuncts"/>); empty for every row.</param>
    /// <returns>The operator producing the matching rows.</returns>
    public static Operator PlanTableAccess(SourceBinding source, List<Expr> conjuncts)
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

    /// <summary>Rewrites a bound predicate and splits it into its AND-ed conjuncts.</summary>
    /// <param name="predicate">The bound predicate.</param>
    /// <returns>The conjuncts.</returns>
    public static List<Expr> Conjuncts(Expr predicate) => SelectPlanner.Split(Rewriter.Apply(predicate));

    // The index and generated-column definitions the binder bound for the statement, rewritten in place.
    private static void RewriteDefinitions(IReadOnlyList<Expr?[]>? definitions)
    {
        if (definitions is null)
        {
            return;
        }

        for (int i = 0; i < definitions.Count; i++)
        {
            Expr?[] expressions = definitions[i];
            for (int j = 0; j < expressions.Length; j++)
            {
                if (expressions[j] is { } expression)
                {
                    expressions[j] = Rewriter.Apply(expression);
                }
            }
        }
    }

    // The subqueries inside a statement's expressions, each given its operators.
    private void PlanSubqueries(IReadOnlyList<BoundSubquery>? subqueries)
    {
        if (subqueries is null)
        {
            return;
        }

        for (int i = 0; i < subqueries.Count; i++)
        {
            subqueries[i].Plan.Root = Plan(subqueries[i].Relation);
        }
    }

    // EXPLAIN: the explained statement is planned, and its plan's lines are the rows.
    private QueryPlan PlanExplain(BoundExplain explain)
    {
        IReadOnlyList<string> lines = Plan(explain.Statement).Explain();
        var rows = new List<IReadOnlyList<Expr>>(lines.Count);
        foreach (string line in lines)
        {
            rows.Add([new LiteralExpr(SqlValue.FromText(line))]);
        }

        var root = new ValuesOperator(rows, explain.Slot);
        return new QueryPlan(explain.Schema, explain.SlotWidths, root, explain.Slot, [new ResultColumnInfo("plan", string.Empty, SqlDeclaredType.None, Affinity.None)]);
    }

    // A compound SELECT's arms and set operators (its ORDER BY and LIMIT are a BoundSetQuery over it).
    private CompoundSelectOperator PlanCompound(BoundCompound compound)
    {
        (Operator[] arms, int[] armSlots) = RootsAndSlots(compound.Arms);
        return new CompoundSelectOperator(arms, armSlots, [.. compound.Operators], compound.Slot, compound.Width, compound.Collations);
    }

    // The sort and the limit of a compound SELECT or VALUES clause over its rows (the input's own when neither).
    private Operator PlanSetQuery(BoundSetQuery query)
    {
        // The sort sees every row; the limit then counts the sorted ones, as SQLite applies LIMIT after ORDER BY.
        Operator root = Plan(query.Input.Relation);
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

    private RecursiveCteOperator PlanRecursiveCte(BoundRecursiveCte cte)
    {
        (Operator[] arms, int[] armSlots) = RootsAndSlots(cte.Arms);
        return new RecursiveCteOperator(
            Plan(cte.Initial.Relation),
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

    // Every reference reads the rows materialized once: the first reference planned plans the expression's query.
    private CteScanOperator PlanCteScan(BoundCteScan scan)
    {
        BoundMaterializedCte cte = scan.Cte;
        return new CteScanOperator(cte.Rows ??= new CteMaterialization(cte.Name, Plan(cte.Query.Relation), cte.Query.Slot), scan.Slot, scan.Owner);
    }

    // The arms' operators and result slots, as the compound and recursive operators take them.
    private (Operator[] Roots, int[] Slots) RootsAndSlots(IReadOnlyList<BoundQuery> arms)
    {
        var roots = new Operator[arms.Count];
        var slots = new int[roots.Length];
        for (int i = 0; i < roots.Length; i++)
        {
            roots[i] = Plan(arms[i].Relation);
            slots[i] = arms[i].Slot;
        }

        return (roots, slots);
    }
}
