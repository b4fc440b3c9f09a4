using SharpCoreDB.Binding;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning;
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

    /// <summary>Records what the binder hands over and lets the real planner plan it.</summary>
    private sealed class RecordingPlanner : IQueryPlanner
    {
        public List<SelectBlock> Blocks { get; } = [];

        public int TableAccesses { get; private set; }

        public int LastConjuncts { get; private set; }

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
    }
}
