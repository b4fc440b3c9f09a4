namespace SharpCoreDB.Tests.Engine;

public sealed class ExplainTests
{
    private static EngineHarness Setup()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL)");
        db.Execute("CREATE INDEX t_a ON t(a)");
        db.Execute("CREATE INDEX t_bc ON t(b, c)");
        for (int i = 0; i < 50; i++)
        {
            db.Execute("INSERT INTO t VALUES (?, ?, ?, ?)", i, i % 10, "k" + (i % 5), i * 0.5);
        }

        return db;
    }

    private static string Plan(EngineHarness db, string sql, params object?[] parameters) =>
        string.Join("\n", db.Query("EXPLAIN " + sql, parameters));

    [Fact]
    public void Equality_on_indexed_column_with_parameter_is_an_index_seek()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE a = ?", 3);
        Assert.Contains("IndexSeek t USING INDEX t_a (a = ?1)", plan, StringComparison.Ordinal);
        Assert.Equal(["3", "13", "23", "33", "43"], db.Query("SELECT id FROM t WHERE a = ? ORDER BY id", 3));
    }

    [Fact]
    public void Commuted_comparison_becomes_an_index_range()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE 8 < a");
        Assert.Contains("IndexRange t USING INDEX t_a (a > 8)", plan, StringComparison.Ordinal);
        Assert.Equal(5, db.Query("SELECT id FROM t WHERE 8 < a").Count);
    }

    [Fact]
    public void Between_becomes_an_index_range_with_both_bounds()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE a BETWEEN 2 AND 3");
        Assert.Contains("IndexRange t USING INDEX t_a (a >= 2 AND a <= 3)", plan, StringComparison.Ordinal);
        Assert.Equal(10, db.Query("SELECT id FROM t WHERE a BETWEEN 2 AND 3").Count);
    }

    [Fact]
    public void In_list_becomes_a_multi_seek()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE a IN (1, 4, 1)");
        Assert.Contains("IndexSeek t USING INDEX t_a (a IN (1, 4, 1))", plan, StringComparison.Ordinal);
        Assert.Equal(10, db.Query("SELECT id FROM t WHERE a IN (1, 4, 1)").Count);
    }

    [Fact]
    public void Row_id_predicates_use_the_table_tree()
    {
        using EngineHarness db = Setup();
        Assert.Contains("RowIdSeek t (rowid = 7)", Plan(db, "SELECT a FROM t WHERE id = 7"), StringComparison.Ordinal);
        Assert.Contains("RowIdSeek t (rowid IN (1, 2))", Plan(db, "SELECT a FROM t WHERE rowid IN (1, 2)"), StringComparison.Ordinal);
        Assert.Contains("RowIdRange t (rowid > 40)", Plan(db, "SELECT a FROM t WHERE 40 < id"), StringComparison.Ordinal);
        Assert.Equal(["41", "42"], db.Query("SELECT id FROM t WHERE 40 < id AND id <= 42"));
    }

    [Fact]
    public void Equality_prefix_then_range_on_the_next_index_column()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE b = 'k1' AND c < 10");
        Assert.Contains("IndexRange t USING INDEX t_bc (b = 'k1' AND c < 10)", plan, StringComparison.Ordinal);
        Assert.Equal(["1", "6", "11", "16"], db.Query("SELECT id FROM t WHERE b = 'k1' AND c < 10 ORDER BY id"));
    }

    [Fact]
    public void Text_column_is_not_seeked_with_a_numeric_affinity_operand()
    {
        using EngineHarness db = Setup();

        // b has TEXT affinity, a INTEGER: SQLite compares them numerically, which the text index cannot order.
        Assert.DoesNotContain("t_bc", Plan(db, "SELECT x.id FROM t AS x, t AS y WHERE x.b = y.a"), StringComparison.Ordinal);
    }

    [Fact]
    public void Order_by_an_indexed_column_skips_the_sort()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT a FROM t ORDER BY a DESC LIMIT 3");
        Assert.DoesNotContain("Sort", plan, StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_a", plan, StringComparison.Ordinal);
        Assert.Equal(["9", "9", "9"], db.Query("SELECT a FROM t ORDER BY a DESC LIMIT 3"));
        Assert.Contains("Sort", Plan(db, "SELECT a FROM t ORDER BY c"), StringComparison.Ordinal);
    }

    [Fact]
    public void Join_uses_an_index_on_the_inner_table()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TABLE u(x INTEGER, y TEXT)");
        db.Execute("INSERT INTO u VALUES (3, 'three'), (4, 'four')");
        string plan = Plan(db, "SELECT u.y, t.id FROM u, t WHERE t.a = u.x");
        Assert.Contains("NestedLoopJoin", plan, StringComparison.Ordinal);
        Assert.Contains("IndexSeek t USING INDEX t_a (a = u.x)", plan, StringComparison.Ordinal);
        Assert.Equal(10, db.Query("SELECT u.y, t.id FROM u, t WHERE t.a = u.x").Count);
    }

    [Fact]
    public void Join_written_outer_column_first_still_seeks_the_inner_table()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TABLE u(x INTEGER, y TEXT)");
        db.Execute("INSERT INTO u VALUES (3, 'three'), (4, 'four')");
        Assert.Contains("RowIdSeek t (rowid = u.x)", Plan(db, "SELECT u.y, t.a FROM u, t WHERE u.x = t.id"), StringComparison.Ordinal);
        Assert.Contains("IndexSeek t USING INDEX t_a (a = u.x)", Plan(db, "SELECT u.y, t.id FROM u, t WHERE u.x = t.a"), StringComparison.Ordinal);
        Assert.Contains("RowIdRange t (rowid > u.x)", Plan(db, "SELECT u.y, t.a FROM u, t WHERE u.x < t.id"), StringComparison.Ordinal);
        Assert.Equal(["four|4", "three|3"], db.Query("SELECT u.y, t.a FROM u, t WHERE u.x = t.id ORDER BY u.y"));
        Assert.Equal(10, db.Query("SELECT u.y, t.id FROM u, t WHERE u.x = t.a").Count);
        Assert.Equal(46 + 45, db.Query("SELECT u.y, t.a FROM u, t WHERE u.x < t.id").Count);
    }

    [Fact]
    public void Join_without_a_usable_index_is_a_hash_join()
    {
        using EngineHarness db = Setup();
        db.Execute("CREATE TABLE u(x INTEGER, y TEXT)");
        db.Execute("INSERT INTO u VALUES (1, 'one'), (2, 'two'), (NULL, 'none'), ('3', 'text three')");
        string plan = Plan(db, "SELECT u.y, t.id FROM t, u WHERE u.x = t.id");
        Assert.Contains("HashJoin probe", plan, StringComparison.Ordinal);

        // The key '3' (INTEGER affinity column, text stored as 3) joins id 3; NULL joins nothing.
        Assert.Equal(["one|1", "text three|3", "two|2"], db.Query("SELECT u.y, t.id FROM t, u WHERE u.x = t.id ORDER BY u.y"));
        Assert.Equal(["none|NULL", "one|1"], db.Query("SELECT u.y, v.id FROM u LEFT JOIN (SELECT id FROM t WHERE id < 2) AS v ON v.id = u.x WHERE u.y IN ('one', 'none') ORDER BY u.y"));
    }

    [Fact]
    public void Index_holding_every_used_column_answers_without_the_table()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE r(id INTEGER PRIMARY KEY, x REAL, y TEXT)");
        db.Execute("CREATE INDEX r_x ON r(x DESC)");
        db.Execute("INSERT INTO r VALUES (1, 2.0, 'a'), (2, -0.0, 'b'), (3, 2.5, 'c'), (4, 7, 'd'), (5, NULL, 'e')");
        string plan = Plan(db, "SELECT id, x FROM r WHERE x >= 0");
        Assert.Contains("COVERING", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("COVERING", Plan(db, "SELECT y FROM r WHERE x >= 0"), StringComparison.Ordinal);

        // REAL column values that are whole numbers stay REAL when read back from the key alone.
        Assert.Equal(["4|real|7.0", "3|real|2.5", "1|real|2.0", "2|real|0.0"], db.Query("SELECT id, typeof(x), x FROM r WHERE x >= 0 ORDER BY x DESC"));
    }

    [Fact]
    public void Or_of_equalities_on_one_column_becomes_a_multi_seek()
    {
        using EngineHarness db = Setup();
        Assert.Contains("IndexSeek t USING INDEX t_a (a IN (1, 4, 6))", Plan(db, "SELECT id FROM t WHERE a = 1 OR a = 4 OR a = 6"), StringComparison.Ordinal);
        Assert.Contains("RowIdSeek t (rowid IN (3, 9))", Plan(db, "SELECT a FROM t WHERE id = 3 OR id = 9"), StringComparison.Ordinal);
        Assert.Equal(15, db.Query("SELECT id FROM t WHERE a = 1 OR a = 4 OR a = 6").Count);
        Assert.DoesNotContain("IN (", Plan(db, "SELECT id FROM t WHERE a = 1 OR c = 4"), StringComparison.Ordinal);
    }

    [Fact]
    public void Explain_shows_subqueries_under_the_operator_that_runs_them()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id, (SELECT count(*) FROM t AS x WHERE x.a = t.a) FROM t WHERE a IN (SELECT a FROM t WHERE id < 3)");
        Assert.Contains("Subquery (correlated, per row)", plan, StringComparison.Ordinal);
        Assert.Contains("IndexSeek t USING INDEX t_a (a = t.a) COVERING", plan, StringComparison.Ordinal);
        Assert.Contains("Subquery (once per execution)", plan, StringComparison.Ordinal);
    }
}

