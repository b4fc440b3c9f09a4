using SharpCoreDB.Binding;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Planning;

/// <summary>
/// The seam between binder and planner: the binder hands every bound SELECT block and every single-table access to
/// the <see cref="IQueryPlanner"/> it is given and chooses none itself, so a recording planner sees the bound trees.
/// </summary>
public sealed class PlannerSeamTests
{
    private static EngineHarness Setup()
    {
        var db = new EngineHarness();
        db.Execute("""
            CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, city TEXT);
            CREATE INDEX customers_city ON customers(city);
            CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, total REAL);
            """);
        return db;
    }

    private static (ExecutablePlan Plan, RecordingPlanner Planner) Bind(EngineHarness db, string sql)
    {
        var planner = new RecordingPlanner();
        ExecutablePlan plan = Binder.Bind(
            SqlParser.ParseStatement(sql), db.Database.Schema, new Dictionary<string, int>(), db.Database.Collations, UserFunctionSet.Empty, planner);
        return (plan, planner);
    }

    [Fact]
    public void Binder_hands_each_select_block_with_its_subqueries_to_the_planner()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT name FROM customers c WHERE city = 'Oslo' AND c.id IN (SELECT customer FROM orders WHERE total > 1)";
        (ExecutablePlan plan, RecordingPlanner planner) = Bind(db, sql);

        Assert.Equal(2, planner.Blocks.Count);

        // The subquery is bound (and planned) inside the outer query's WHERE, so it reaches the planner first.
        SelectBlock inner = planner.Blocks[0];
        Assert.Equal("orders", Assert.Single(inner.From).Source.Table!.Name);
        Assert.Single(inner.Where);
        SelectBlock outer = planner.Blocks[1];
        Assert.Equal("customers", Assert.Single(outer.From).Source.Table!.Name);
        Assert.Equal(2, outer.Where.Count);
        Assert.Equal(0, planner.TableAccesses);

        // The recorded bound trees are planned by the real planner: the plan is the one EXPLAIN shows.
        Assert.Equal(db.Query("EXPLAIN " + sql), plan.Explain());
    }

    [Fact]
    public void Update_and_delete_take_their_row_access_from_the_planner()
    {
        using EngineHarness db = Setup();
        (_, RecordingPlanner update) = Bind(db, "UPDATE customers SET name = 'x' WHERE city = 'Oslo' AND id > 3");
        Assert.Equal(1, update.TableAccesses);
        Assert.Equal(2, update.LastConjuncts);
        Assert.Empty(update.Blocks);

        (_, RecordingPlanner delete) = Bind(db, "DELETE FROM orders");
        Assert.Equal(1, delete.TableAccesses);
        Assert.Equal(0, delete.LastConjuncts);
    }

    // The tests below build bound records by hand (no SQL text, no binder): the planner's input is bound data.
    private static Expr Int(long value) => new LiteralExpr(SqlValue.FromInt64(value));

    private static BoundQuery Rows(Operator root, int slot) => new(root, slot, [], new HashSet<int>());

    private static BoundQuery ValuesOf(int slot, params long[] values)
    {
        var rows = new List<IReadOnlyList<Expr>>(values.Length);
        foreach (long value in values)
        {
            rows.Add([Int(value)]);
        }

        return Rows(Planner.Instance.PlanValues(new BoundValues(rows, slot)), slot);
    }

    private static string Explain(Operator root) => string.Join("\n", PlanPrinter.Print(root));

    [Fact]
    public void Planner_places_sort_above_the_compound_and_limit_above_the_sort_from_bound_records()
    {
        BoundQuery left = ValuesOf(0, 3, 1);
        BoundQuery right = ValuesOf(1, 2);
        Operator compound = Planner.Instance.PlanCompound(new BoundCompound([left, right], [SetOperation.Union], 2, 1, null));
        var ordered = new BoundSetQuery(Rows(compound, 2), [new SortKey(0, Descending: true, NullsFirst: false)], Int(2), Int(1));

        Operator root = Planner.Instance.PlanSetQuery(ordered);

        Assert.Equal(
            "Limit 2 OFFSET 1\n  Sort BY #1 DESC\n    Compound UNION\n      Values (2 rows)\n      Values (1 rows)",
            Explain(root));
    }

    [Fact]
    public void Planner_adds_no_sort_or_limit_for_a_set_query_without_them()
    {
        BoundQuery values = ValuesOf(0, 1, 2);
        Assert.Same(values.Root, Planner.Instance.PlanSetQuery(new BoundSetQuery(values, [], null, null)));
    }

    [Fact]
    public void Planner_gives_a_recursive_expression_and_its_reference_one_runtime_table()
    {
        var table = new BoundRecursiveTable("n");
        Operator scan = Planner.Instance.PlanRecursiveScan(new BoundRecursiveScan(table, 1, "N"));
        RecursiveTable? shared = table.Rows;
        Assert.NotNull(shared);

        var cte = new BoundRecursiveCte(
            ValuesOf(0, 1), [Rows(scan, 1)], table, Distinct: true, [new SortKey(0, Descending: false, NullsFirst: true)], Int(5), null, 2, 1, null);
        Operator root = Planner.Instance.PlanRecursiveCte(cte);

        Assert.Same(shared, table.Rows);
        Assert.Equal("Recursive UNION queue ordered BY #1\n  Values (1 rows)\n  Scan recursive table N", Explain(root));
    }

    [Fact]
    public void Planner_shares_a_materialized_expression_between_its_references_and_shows_it_under_the_first()
    {
        var cte = new BoundMaterializedCte("t", ValuesOf(0, 1, 2, 3));
        Operator first = Planner.Instance.PlanCteScan(new BoundCteScan(cte, 1, Owner: true));
        CteMaterialization? rows = cte.Rows;
        Operator second = Planner.Instance.PlanCteScan(new BoundCteScan(cte, 2, Owner: false));

        Assert.NotNull(rows);
        Assert.Same(rows, cte.Rows);
        Assert.Same(cte.Query.Root, rows.Input);
        Assert.Equal("Materialize CTE t\n  Values (3 rows)", Explain(first));
        Assert.Equal("Scan materialized CTE t", Explain(second));
    }

    [Fact]
    public void Planner_builds_real_affinity_pragma_rows_and_foreign_key_check_from_bound_records()
    {
        using EngineHarness db = Setup();
        BoundQuery values = ValuesOf(0, 1);
        Assert.Equal("Real affinity\n  Values (1 rows)", Explain(Planner.Instance.PlanRealAffinity(new BoundRealAffinity(values, [0]))));
        Assert.Equal("Pragma page_count", Explain(Planner.Instance.PlanPragmaRows(new BoundPragmaRows(_ => [], 1, "page_count"))));
        Assert.Equal(
            "ForeignKeyCheck",
            Explain(Planner.Instance.PlanForeignKeyCheck(new BoundForeignKeyCheck(db.Database.Schema, [db.Database.Schema.FindTable("orders")!], 2))));
    }

    [Fact]
    public void Binder_hands_values_compounds_and_common_table_expressions_to_the_planner_as_bound_records()
    {
        using EngineHarness db = Setup();
        const string sql =
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3), m AS (SELECT id FROM orders) "
            + "SELECT x FROM n UNION VALUES (7) UNION SELECT a.id FROM m a JOIN m b ON a.id = b.id ORDER BY 1 LIMIT 5";
        (ExecutablePlan plan, RecordingPlanner planner) = Bind(db, sql);

        Assert.Equal(
            new[] { "PlanRecursiveScan", "PlanRecursiveCte", "PlanValues", "PlanCteScan", "PlanCteScan", "PlanCompound", "PlanSetQuery" },
            planner.Records);
        Assert.Equal(db.Query("EXPLAIN " + sql), plan.Explain());
    }

    /// <summary>Records what the binder hands over and lets the real planner plan it.</summary>
    private sealed class RecordingPlanner : IQueryPlanner
    {
        public List<SelectBlock> Blocks { get; } = [];

        public int TableAccesses { get; private set; }

        public int LastConjuncts { get; private set; }

        /// <summary>The planner methods called with other bound records than SELECT blocks and table accesses, in order.</summary>
        public List<string> Records { get; } = [];

        public Operator Plan(SelectBlock block)
        {
            Blocks.Add(block);
            return Planner.Instance.Plan(block);
        }

        public Operator PlanTableAccess(SourceBinding source, List<Expr> conjuncts)
        {
            TableAccesses++;
            LastConjuncts = conjuncts.Count;
            return Planner.Instance.PlanTableAccess(source, conjuncts);
        }

        public Expr Rewrite(Expr expression) => Planner.Instance.Rewrite(expression);

        public List<Expr> Conjuncts(Expr predicate) => Planner.Instance.Conjuncts(predicate);

        public bool Implies(Expr predicate, IReadOnlyList<Expr> conjuncts) => Planner.Instance.Implies(predicate, conjuncts);

        public Operator PlanValues(BoundValues values) => Record(nameof(PlanValues), Planner.Instance.PlanValues(values));

        public Operator PlanCompound(BoundCompound compound) => Record(nameof(PlanCompound), Planner.Instance.PlanCompound(compound));

        public Operator PlanSetQuery(BoundSetQuery query) => Record(nameof(PlanSetQuery), Planner.Instance.PlanSetQuery(query));

        public Operator PlanRealAffinity(BoundRealAffinity derived) => Record(nameof(PlanRealAffinity), Planner.Instance.PlanRealAffinity(derived));

        public Operator PlanRecursiveScan(BoundRecursiveScan scan) => Record(nameof(PlanRecursiveScan), Planner.Instance.PlanRecursiveScan(scan));

        public Operator PlanRecursiveCte(BoundRecursiveCte cte) => Record(nameof(PlanRecursiveCte), Planner.Instance.PlanRecursiveCte(cte));

        public Operator PlanCteScan(BoundCteScan scan) => Record(nameof(PlanCteScan), Planner.Instance.PlanCteScan(scan));

        public Operator PlanPragmaRows(BoundPragmaRows pragma) => Record(nameof(PlanPragmaRows), Planner.Instance.PlanPragmaRows(pragma));

        public Operator PlanForeignKeyCheck(BoundForeignKeyCheck check) => Record(nameof(PlanForeignKeyCheck), Planner.Instance.PlanForeignKeyCheck(check));

        private Operator Record(string method, Operator planned)
        {
            Records.Add(method);
            return planned;
        }
    }
}
