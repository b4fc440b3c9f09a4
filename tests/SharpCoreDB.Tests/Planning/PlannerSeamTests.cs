using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Planning;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Planning;

/// <summary>
/// The seam between binder and planner. A SELECT is bound into a tree of bound relations without calling the
/// planner, and the planner's plan pass (<see cref="Planner.Plan(BoundStatement)"/>) plans the whole tree, its
/// subqueries included. INSERT, UPDATE and DELETE likewise bind into bound changes (<see cref="BoundDml"/>), trigger
/// programs included, schema changes that read rows or rewrite definitions into bound schema changes
/// (<see cref="BoundSchemaChange"/>), and pragmas into bound rows; the plan pass plans them all. The binder is given no
/// planner at all (<c>LayerDependencyTests</c> pins that), so binding cannot plan.
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

    private static BoundStatement Bind(EngineHarness db, string sql) =>
        Binder.Bind(SqlParser.ParseStatement(sql), db.Database.Schema, new Dictionary<string, int>(), db.Database.Collations, UserFunctionSet.Empty);

    [Fact]
    public void Binder_returns_a_select_as_a_bound_tree_with_its_subqueries_unplanned()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT name FROM customers c WHERE city = 'Oslo' AND c.id IN (SELECT customer FROM orders WHERE total > 1)";
        BoundStatement bound = Bind(db, sql);

        Assert.Null(bound.Planned);
        SelectBlock outer = Assert.IsType<SelectBlock>(bound.Query!.Relation);
        Assert.Equal("customers", Assert.Single(outer.From).Source.Table!.Name);
        Assert.Equal(2, outer.Where.Count);
        BoundSubquery subquery = Assert.Single(bound.Subqueries!);
        SelectBlock inner = Assert.IsType<SelectBlock>(subquery.Relation);
        Assert.Equal("orders", Assert.Single(inner.From).Source.Table!.Name);
        Assert.Single(inner.Where);
        Assert.Null(subquery.Plan.Root);

        // The plan pass plans the tree and the subquery: the plan is the one EXPLAIN shows.
        ExecutablePlan plan = Planner.Instance.Plan(bound);
        Assert.NotNull(subquery.Plan.Root);
        Assert.Equal(db.Query("EXPLAIN " + sql), plan.Explain());
    }

    [Fact]
    public void Binder_returns_values_compounds_and_common_table_expressions_as_bound_relations()
    {
        using EngineHarness db = Setup();
        const string sql =
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3), m AS (SELECT id FROM orders) "
            + "SELECT x FROM n UNION VALUES (7) UNION SELECT a.id FROM m a JOIN m b ON a.id = b.id ORDER BY 1 LIMIT 5";
        BoundStatement bound = Bind(db, sql);

        var ordered = Assert.IsType<BoundSetQuery>(bound.Query!.Relation);
        var compound = Assert.IsType<BoundCompound>(ordered.Input.Relation);
        Assert.Equal(3, compound.Arms.Count);
        SelectBlock recursiveArm = Assert.IsType<SelectBlock>(compound.Arms[0].Relation);
        Assert.IsType<BoundRecursiveCte>(Assert.Single(recursiveArm.From).Derived!.Relation);
        Assert.IsType<BoundValues>(compound.Arms[1].Relation);
        SelectBlock join = Assert.IsType<SelectBlock>(compound.Arms[2].Relation);
        var first = Assert.IsType<BoundCteScan>(join.From[0].Derived!.Relation);
        var second = Assert.IsType<BoundCteScan>(join.From[1].Derived!.Relation);
        Assert.True(first.Owner);
        Assert.False(second.Owner);
        Assert.Same(first.Cte, second.Cte);
        Assert.Null(first.Cte.Rows);

        Assert.Equal(db.Query("EXPLAIN " + sql), Planner.Instance.Plan(bound).Explain());
        Assert.NotNull(first.Cte.Rows);
    }

    [Fact]
    public void Explain_is_bound_as_the_bound_statement_it_explains_and_planned_by_the_plan_pass()
    {
        using EngineHarness db = Setup();
        BoundStatement bound = Bind(db, "EXPLAIN SELECT id FROM orders WHERE id = 3");

        BoundExplain explain = bound.Explain!;
        Assert.IsType<SelectBlock>(explain.Statement.Query!.Relation);
        ExecutablePlan plan = Planner.Instance.Plan(bound);
        List<string> lines = db.Query("EXPLAIN SELECT id FROM orders WHERE id = 3");

        // The explained plan's lines are the rows of a VALUES the plan pass builds.
        Assert.Equal($"Values ({lines.Count} rows)", Assert.Single(plan.Explain()));
        Assert.Equal(lines, Planner.Instance.Plan(explain.Statement).Explain());
    }

    [Fact]
    public void Binder_returns_insert_update_and_delete_as_bound_changes_unplanned()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TRIGGER audit AFTER UPDATE OF name ON customers BEGIN INSERT INTO orders(customer) SELECT new.id WHERE new.id IN (SELECT id FROM customers); END;");
        const string insert = "INSERT INTO orders(customer) SELECT id FROM customers WHERE name IN (SELECT 'x') RETURNING id";
        const string update = "UPDATE customers SET name = 'x' WHERE city = 'Oslo' AND id > 3";
        const string delete = "DELETE FROM orders WHERE id = 2";

        BoundStatement inserted = Bind(db, insert);
        BoundInsert boundInsert = Assert.IsType<BoundInsert>(inserted.Dml);
        Assert.Null(inserted.Planned);
        Assert.Equal("customers", Assert.Single(Assert.IsType<SelectBlock>(boundInsert.Query).From).Source.Table!.Name);
        Assert.Null(Assert.Single(inserted.Subqueries!).Plan.Root);
        Assert.NotNull(boundInsert.Returning);

        BoundStatement updated = Bind(db, update);
        BoundUpdate boundUpdate = Assert.IsType<BoundUpdate>(updated.Dml);
        Assert.Equal("customers", boundUpdate.Source!.Table!.Name);
        Assert.NotNull(boundUpdate.Where);
        BoundTriggerAction trigger = Assert.Single(boundUpdate.Triggers!.After);
        Assert.Null(trigger.Planned);
        Assert.IsType<BoundInsert>(Assert.Single(trigger.Steps).Write);

        BoundStatement deleted = Bind(db, delete);
        Assert.IsType<BoundDelete>(deleted.Dml);

        // The plan pass plans each bound change: the plan is the one EXPLAIN shows, trigger programs and subqueries included.
        Assert.Equal(db.Query("EXPLAIN " + insert), Planner.Instance.Plan(inserted).Explain());
        Assert.NotNull(Assert.Single(inserted.Subqueries!).Plan.Root);
        Assert.Equal(db.Query("EXPLAIN " + update), Planner.Instance.Plan(updated).Explain());
        Assert.NotNull(trigger.Planned);
        Assert.Equal(db.Query("EXPLAIN " + delete), Planner.Instance.Plan(deleted).Explain());
    }

    [Fact]
    public void Binder_returns_upserts_and_update_from_as_bound_changes_for_the_planner()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE UNIQUE INDEX orders_customer ON orders(customer) WHERE customer > 0;");
        const string upsert = "INSERT INTO orders(customer, total) VALUES (1, 2) ON CONFLICT(customer) WHERE customer > 0 DO UPDATE SET total = excluded.total + 1";
        const string updateFrom = "UPDATE orders SET total = c.id FROM customers c WHERE c.id = orders.customer";

        BoundStatement upserted = Bind(db, upsert);
        BoundUpsert clause = Assert.Single(Assert.IsType<BoundInsert>(upserted.Dml).Upserts!);
        Assert.Equal([0], clause.Candidates!);
        Assert.NotNull(clause.TargetWhere);
        BoundStatement updated = Bind(db, updateFrom);
        Assert.NotNull(Assert.IsType<BoundUpdate>(updated.Dml).Join);

        Assert.Equal(db.Query("EXPLAIN " + upsert), Planner.Instance.Plan(upserted).Explain());
        Assert.Equal(db.Query("EXPLAIN " + updateFrom), Planner.Instance.Plan(updated).Explain());
    }

    [Fact]
    public void Planner_refuses_a_conflict_target_whose_where_implies_no_partial_unique_index()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE UNIQUE INDEX orders_customer ON orders(customer) WHERE customer > 0;");
        BoundStatement bound = Bind(db, "INSERT INTO orders(customer) VALUES (1) ON CONFLICT(customer) DO NOTHING");

        // The binder found the candidate index; only the planner decides its WHERE is not implied.
        Assert.Single(Assert.IsType<BoundInsert>(bound.Dml).Upserts![0].Candidates!);
        var error = Assert.Throws<SharpCoreDBException>(() => Planner.Instance.Plan(bound));
        Assert.Contains("ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Binder_returns_pragma_rows_as_a_bound_query_for_the_plan_pass()
    {
        using EngineHarness db = Setup();
        foreach (string sql in (string[])["PRAGMA table_info('customers')", "PRAGMA foreign_key_check", "PRAGMA page_count"])
        {
            BoundStatement bound = Bind(db, sql);

            Assert.Null(bound.Planned);
            Assert.NotNull(bound.Query);
            Assert.Equal(db.Query("EXPLAIN " + sql), Planner.Instance.Plan(bound).Explain());
        }
    }

    [Fact]
    public void Binder_returns_schema_changes_that_read_rows_as_bound_changes_for_the_plan_pass()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TABLE lines(id INTEGER PRIMARY KEY, amount INT, note TEXT); INSERT INTO lines VALUES (1, 5, 'a'), (2, 7, 'b');");
        const string createAs = "CREATE TABLE big AS SELECT id, total FROM orders WHERE total > (SELECT 1)";
        const string addColumn = "ALTER TABLE lines ADD COLUMN qty INT DEFAULT 3 CHECK (qty > 1 + 1)";
        const string dropColumn = "ALTER TABLE lines DROP COLUMN note";

        BoundStatement created = Bind(db, createAs);
        BoundCreateTableAs create = Assert.IsType<BoundCreateTableAs>(created.SchemaChange);
        Assert.Null(created.Planned);
        Assert.Equal("orders", Assert.Single(Assert.IsType<SelectBlock>(create.Source.Relation).From).Source.Table!.Name);
        BoundSubquery subquery = Assert.Single(created.Subqueries!);
        Assert.Null(subquery.Plan.Root);

        BoundStatement added = Bind(db, addColumn);
        BoundAddColumn add = Assert.IsType<BoundAddColumn>(added.SchemaChange);
        Assert.Equal("lines", add.Rows!.Table!.Name);
        Assert.IsType<ComparisonExpr>(Assert.Single(add.Constraints.Checks));

        BoundStatement dropped = Bind(db, dropColumn);
        BoundDropColumn drop = Assert.IsType<BoundDropColumn>(dropped.SchemaChange);
        Assert.Equal(2, drop.Dropped);
        Assert.Equal(3, drop.OldRows.Table!.Columns.Length);

        // The plan pass plans the rows each change reads and rewrites what its writer evaluates.
        Assert.IsType<CreateTablePlan>(Planner.Instance.Plan(created));
        Assert.NotNull(subquery.Plan.Root);
        Assert.IsType<AlterTablePlan>(Planner.Instance.Plan(added));
        Assert.Equal("qty > 2", Assert.Single(add.Constraints.Checks).ToString());
        Assert.IsType<DropColumnPlan>(Planner.Instance.Plan(dropped));
    }

    [Fact]
    public void Binder_leaves_index_definitions_unrewritten_for_the_plan_pass()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE INDEX orders_big ON orders(total) WHERE total > 1 + 1; CREATE INDEX orders_twice ON orders(customer * (1 + 1));");
        const string select = "SELECT id FROM orders WHERE total > 2 AND customer * 2 = 4";
        const string createIndex = "CREATE INDEX customers_named ON customers(name) WHERE id > 2 + 3";

        BoundStatement selected = Bind(db, select);
        SourceBinding source = Assert.Single(Assert.IsType<SelectBlock>(selected.Query!.Relation).From).Source;
        Assert.IsType<ArithmeticExpr>(Assert.IsType<ComparisonExpr>(source.IndexPredicates![0]).Right);
        Assert.Contains(selected.Definitions!, definition => ReferenceEquals(definition, source.IndexPredicates));

        BoundStatement indexed = Bind(db, createIndex);
        BoundCreateIndex index = Assert.IsType<BoundCreateIndex>(indexed.SchemaChange);
        Assert.Equal("id > (2 + 3)", index.Predicate!.ToString());
        Assert.IsType<BoundReindex>(Bind(db, "REINDEX orders").SchemaChange);

        // Rewritten by the plan pass before it chooses the access path, the definitions match the query's terms.
        Assert.Equal(db.Query("EXPLAIN " + select), Planner.Instance.Plan(selected).Explain());
        Assert.IsType<LiteralExpr>(Assert.IsType<ComparisonExpr>(source.IndexPredicates[0]).Right);
        Assert.IsType<CreateIndexPlan>(Planner.Instance.Plan(indexed));
    }

    [Fact]
    public void Binder_returns_drop_table_of_a_table_in_a_foreign_key_as_a_bound_change_whose_enforcer_the_planner_builds()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY); CREATE TABLE child(id INTEGER PRIMARY KEY, p INT REFERENCES parent(id) ON DELETE CASCADE);");

        BoundStatement bound = Bind(db, "DROP TABLE parent");

        BoundDropTable drop = Assert.IsType<BoundDropTable>(bound.SchemaChange);
        Assert.Equal("parent", drop.Rows.Table.Name);
        Assert.IsType<DropPlan>(Planner.Instance.Plan(bound));
        Assert.IsType<DropPlan>(Bind(db, "DROP TABLE orders").Planned);
    }

    // The tests below build bound trees by hand (no SQL text, no binder): the planner's input is bound data.
    private static Expr Int(long value) => new LiteralExpr(SqlValue.FromInt64(value));

    private static BoundQuery Rows(IBoundRelation relation, int slot) => new(relation, slot, [], new HashSet<int>());

    private static BoundQuery ValuesOf(int slot, params long[] values)
    {
        var rows = new List<IReadOnlyList<Expr>>(values.Length);
        foreach (long value in values)
        {
            rows.Add([Int(value)]);
        }

        return Rows(new BoundValues(rows, slot), slot);
    }

    private static string Explain(IBoundRelation relation) => string.Join("\n", PlanPrinter.Print(Planner.Instance.Plan(relation)));

    [Fact]
    public void Planner_places_sort_above_the_compound_and_limit_above_the_sort_from_a_bound_tree()
    {
        var compound = new BoundCompound([ValuesOf(0, 3, 1), ValuesOf(1, 2)], [SetOperation.Union], 2, 1, null);
        var ordered = new BoundSetQuery(Rows(compound, 2), [new SortKey(0, Descending: true, NullsFirst: false)], Int(2), Int(1));

        Assert.Equal(
            "Limit 2 OFFSET 1\n  Sort BY #1 DESC\n    Compound UNION\n      Values (2 rows)\n      Values (1 rows)",
            Explain(ordered));
    }

    [Fact]
    public void Planner_adds_no_sort_or_limit_for_a_set_query_without_them()
    {
        Assert.Equal("Values (2 rows)", Explain(new BoundSetQuery(ValuesOf(0, 1, 2), [], null, null)));
    }

    [Fact]
    public void Planner_gives_a_recursive_expression_and_its_reference_one_runtime_table()
    {
        var table = new BoundRecursiveTable("n");
        var cte = new BoundRecursiveCte(
            ValuesOf(0, 1), [Rows(new BoundRecursiveScan(table, 1, "N"), 1)], table, Distinct: true,
            [new SortKey(0, Descending: false, NullsFirst: true)], Int(5), null, 2, 1, null);

        Operator root = Planner.Instance.Plan(cte);

        var scan = (RecursiveTableScanOperator)((RecursiveCteOperator)root).Inputs[1];
        Assert.NotNull(table.Rows);
        Assert.Equal("Recursive UNION queue ordered BY #1\n  Values (1 rows)\n  Scan recursive table N", string.Join("\n", PlanPrinter.Print(root)));
        Assert.NotNull(scan);
    }

    [Fact]
    public void Planner_plans_a_materialized_expression_once_for_all_its_references_and_shows_it_under_the_owner()
    {
        var cte = new BoundMaterializedCte("t", ValuesOf(0, 1, 2, 3));
        string second = Explain(new BoundCteScan(cte, 2, Owner: false));
        CteMaterialization? rows = cte.Rows;
        string first = Explain(new BoundCteScan(cte, 1, Owner: true));

        Assert.NotNull(rows);
        Assert.Same(rows, cte.Rows);
        Assert.Equal("Materialize CTE t\n  Values (3 rows)", first);
        Assert.Equal("Scan materialized CTE t", second);
    }

    [Fact]
    public void Planner_builds_real_affinity_pragma_rows_and_foreign_key_check_from_bound_records()
    {
        using EngineHarness db = Setup();
        Assert.Equal("Real affinity\n  Values (1 rows)", Explain(new BoundRealAffinity(ValuesOf(0, 1), [0])));
        Assert.Equal("Pragma page_count", Explain(new BoundPragmaRows(_ => [], 1, "page_count")));
        Assert.Equal("ForeignKeyCheck", Explain(new BoundForeignKeyCheck(db.Database.Schema, [db.Database.Schema.FindTable("orders")!], 2)));
    }

    [Fact]
    public void Plan_pass_plans_a_hand_built_statement_and_gives_each_subquery_its_operators()
    {
        using EngineHarness db = Setup();
        var subquery = new SubqueryPlan(1, 1, new HashSet<int>(), Affinity.None);
        var outer = new BoundValues([[new SubqueryExpr(subquery)]], 0);
        BoundStatement bound = BoundStatement.OfQuery(Rows(outer, 0), db.Database.Schema, [1, 1], [new BoundSubquery(subquery, ValuesOf(1, 42).Relation)]);

        ExecutablePlan plan = Planner.Instance.Plan(bound);

        Assert.Equal("Values (1 rows)", Assert.Single(plan.Explain()));
        Assert.Equal("Values (1 rows)", Assert.IsType<ValuesOperator>(subquery.Root).Describe());
    }

    [Fact]
    public void Planner_plans_a_hand_built_add_column_rewriting_its_checks_and_reading_every_row()
    {
        using EngineHarness db = Setup();
        TableSchema orders = db.Database.Schema.FindTable("orders")!;
        SourceBinding rows = TableSource(orders, 0);
        rows.MarkAllUsed();
        Expr check = new ComparisonExpr(BinaryOperator.Greater, new ColumnExpr(0, 2, "total", Affinity.Real, SqlDeclaredType.None, "REAL"), new ArithmeticExpr(BinaryOperator.Add, Int(1), Int(1)));
        var add = new BoundAddColumn(orders, rows, new BoundTableWriter(orders, 0, [check], db.Database.Schema, db.Database.Collations, UserFunctionSet.Empty));

        ExecutablePlan plan = Planner.Instance.Plan(BoundStatement.OfSchemaChange(add, db.Database.Schema, [4], null, null));

        Assert.IsType<AlterTablePlan>(plan);
        Assert.Equal("total > 2", Assert.Single(add.Constraints.Checks).ToString());
    }

    [Fact]
    public void Plan_pass_rewrites_a_statements_definitions_in_place_before_planning()
    {
        using EngineHarness db = Setup();
        Expr?[] definition = [null, new ArithmeticExpr(BinaryOperator.Add, Int(2), Int(3))];
        BoundStatement bound = BoundStatement.OfQuery(ValuesOf(0, 1), db.Database.Schema, [1], null, [definition]);

        Planner.Instance.Plan(bound);

        Assert.Null(definition[0]);
        Assert.Equal("5", definition[1]!.ToString());
    }

    [Fact]
    public void Planner_plans_a_hand_built_create_table_as_from_its_bound_query()
    {
        using EngineHarness db = Setup();
        var create = (CreateTableStatement)SqlParser.ParseStatement("CREATE TABLE copy(x)");
        var bound = new BoundCreateTableAs(create, ValuesOf(0, 1, 2), 1);

        ExecutablePlan plan = Planner.Instance.Plan(BoundStatement.OfSchemaChange(bound, db.Database.Schema, [1, 2], null, null));

        Assert.Equal(["CreateTable copy"], plan.Explain());
    }

    private static SourceBinding TableSource(TableSchema table, int slot)
    {
        var columns = new SourceColumn[table.Columns.Length];
        foreach (ColumnSchema column in table.Columns)
        {
            columns[column.Ordinal] = new SourceColumn(column.Name, column.Ordinal, column.Affinity, column.DeclaredType, column.DeclaredTypeName);
        }

        return new SourceBinding(table.Name, slot, columns, table);
    }

    private static BoundTableWriter Writer(EngineHarness db, TableSchema table, int slot) =>
        new(table, slot, [], db.Database.Schema, db.Database.Collations, UserFunctionSet.Empty) { Defaults = new Expr?[table.Columns.Length] };

    [Fact]
    public void Planner_plans_a_hand_built_insert_of_values_into_its_insert_plan()
    {
        using EngineHarness db = Setup();
        TableSchema orders = db.Database.Schema.FindTable("orders")!;
        var insert = new BoundInsert(Writer(db, orders, 0), [1, 2], ConflictResolution.Unspecified)
        {
            Values = [[Int(7), Int(8)], [Int(9), Int(10)]],
            SourceSlot = 1,
        };

        ExecutablePlan plan = Planner.Instance.Plan(BoundStatement.OfDml(insert, db.Database.Schema, [4, 2], null));

        Assert.IsType<InsertPlan>(plan);
        Assert.Equal(["Insert orders", "  Values (2 rows)"], plan.Explain());
    }

    [Fact]
    public void Planner_chooses_a_hand_built_deletes_access_path_from_its_where()
    {
        using EngineHarness db = Setup();
        TableSchema orders = db.Database.Schema.FindTable("orders")!;
        SourceBinding source = TableSource(orders, 0);
        source.MarkAllUsed();
        Expr where = new ComparisonExpr(BinaryOperator.Equal, new ColumnExpr(0, orders.RowIdSlot, "id", Affinity.Integer, SqlDeclaredType.None, "INTEGER"), Int(2));
        var delete = new BoundDelete(Writer(db, orders, 0), source, where, null);
        var everything = new BoundDelete(Writer(db, orders, 0), TableSource(orders, 0), null, null);

        List<string> seek = [.. Planner.Instance.Plan(BoundStatement.OfDml(delete, db.Database.Schema, [4], null)).Explain()];
        List<string> scan = [.. Planner.Instance.Plan(BoundStatement.OfDml(everything, db.Database.Schema, [4], null)).Explain()];

        Assert.Equal(db.Query("EXPLAIN DELETE FROM orders WHERE id = 2"), seek);
        Assert.Equal(db.Query("EXPLAIN DELETE FROM orders"), scan);
    }

    [Fact]
    public void Planner_plans_a_trigger_program_that_fires_itself_once()
    {
        using EngineHarness db = Setup();
        TableSchema orders = db.Database.Schema.FindTable("orders")!;
        var action = new BoundTriggerAction("again", new System.Runtime.CompilerServices.StrongBox<bool>()) { NewSlot = 2 };
        var step = new BoundInsert(Writer(db, orders, 0), [1], ConflictResolution.Unspecified)
        {
            Values = [[Int(1)]],
            SourceSlot = 1,
            Triggers = new BoundTriggerSet([], [action]),
            SlotCount = 3,
        };
        action.Steps = [new BoundTriggerStep(step, null)];
        var insert = new BoundInsert(Writer(db, orders, 0), [1], ConflictResolution.Unspecified)
        {
            Values = [[Int(5)]],
            SourceSlot = 1,
            Triggers = new BoundTriggerSet([], [action]),
        };

        ExecutablePlan plan = Planner.Instance.Plan(BoundStatement.OfDml(insert, db.Database.Schema, [4, 1, 4], null));

        // The cycle plans in finite time: the program's own step fires the one runtime action planned for it.
        Assert.NotNull(action.Planned);
        Assert.Single(action.Planned.Steps);
        Assert.Equal("Insert orders", plan.Explain()[0]);
    }
}
