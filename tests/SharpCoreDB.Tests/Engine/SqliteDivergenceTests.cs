namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// The divergences from SQLite that differential testing found, each as its minimal case run on both engines:
/// the rows (with storage classes) must be the same, or both must fail.
/// </summary>
public sealed class SqliteDivergenceTests
{
    public static TheoryData<string, string, string> Cases() => new()
    {
        { "is_true_uses_numeric_truth", "", "SELECT 2 IS TRUE, 0.5 IS TRUE, '' IS NOT FALSE, 'abc' IS FALSE, 2 IS NOT TRUE, 0.0 IS FALSE, NULL IS FALSE, '1x' IS TRUE" },
        { "text_affinity_from_numeric_column_insert", "CREATE TABLE t(a TEXT, b NUMERIC, c DECIMAL, d DATETIME); CREATE TABLE u(a TEXT, b NUMERIC); INSERT INTO t(b, c, d) VALUES (10, 2.5, 3); INSERT INTO u(a) SELECT b FROM t; INSERT INTO u(a) SELECT c FROM t; INSERT INTO u(a) SELECT d FROM t", "SELECT typeof(a), a FROM u" },
        { "text_affinity_from_numeric_column_update", "CREATE TABLE t(a TEXT, b NUMERIC); INSERT INTO t(b) VALUES (10); UPDATE t SET a = b", "SELECT typeof(a), a FROM t" },
        { "json_into_integer_column", "CREATE TABLE v(c INTEGER, d REAL, e NUMERIC); INSERT INTO v VALUES (json('5'), json('2.5'), json(' 7 '))", "SELECT typeof(c), c, typeof(d), d, typeof(e), e || '' FROM v" },
        { "json_set_creates_array", "", "SELECT json_set('{}','$.b[0]',1), json_set('{}','$.b[1]',1), json_insert('{}','$.b[0]',1), json_set('{\"b\":[]}','$.b[0]',1), json_set('{}','$.b[0].c',1), json_set('{}','$.b[#]',1)" },
        { "insert_or_fail_keeps_earlier_rows", "CREATE TABLE t(a TEXT NOT NULL); INSERT OR FAIL INTO t VALUES ('x'),(NULL)", "SELECT a FROM t" },
        { "update_or_replace_uses_not_null_default", "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL DEFAULT 7, c NOT NULL DEFAULT NULL); INSERT INTO t VALUES (1, 'x', 1),(2, 'y', 2); UPDATE OR REPLACE t SET b = NULL WHERE a = 1; UPDATE OR REPLACE t SET c = NULL WHERE a = 2", "SELECT a, typeof(b), b, c FROM t" },
        { "update_or_fail_keeps_earlier_rows", "CREATE TABLE t(a INTEGER PRIMARY KEY, b UNIQUE); INSERT INTO t VALUES (1, 1),(2, 2),(3, 3); UPDATE OR FAIL t SET b = b + 1", "SELECT a, b FROM t ORDER BY a" },
        { "insert_or_fail_unique_keeps_earlier_rows", "CREATE TABLE t(a UNIQUE, b CHECK (b < 5)); INSERT OR FAIL INTO t VALUES (1, 1),(2, 2),(1, 3),(4, 4); INSERT OR FAIL INTO t VALUES (5, 1),(6, 9)", "SELECT a, b FROM t ORDER BY a" },
        { "insert_or_rollback_ends_transaction", "CREATE TABLE t(a UNIQUE); BEGIN; INSERT INTO t VALUES (1); INSERT OR ROLLBACK INTO t VALUES (2),(1)", "SELECT a FROM t ORDER BY a" },
        { "replace_uses_not_null_default", "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT NOT NULL DEFAULT 'dflt'); REPLACE INTO t VALUES(1,NULL); INSERT OR REPLACE INTO t VALUES(2,NULL)", "SELECT a, b FROM t" },
        { "integer_primary_key_default_ignored", "CREATE TABLE t(c1 INTEGER PRIMARY KEY DEFAULT (1+1), c2 TEXT); INSERT INTO t(c2) VALUES ('a'); INSERT INTO t(c2) VALUES ('b')", "SELECT c1, c2 FROM t" },
        { "values_rows_do_not_see_earlier_rows", "CREATE TABLE t(a, b); INSERT INTO t VALUES(1,'a'),((SELECT count(*) FROM t),'b')", "SELECT a, b FROM t" },
        { "compound_subquery_no_affinity", "", "SELECT typeof(v) FROM (SELECT CAST('1' AS REAL) AS v UNION ALL SELECT CAST('abc' AS INTEGER))" },
        { "cast_empty_type_numeric", "", "SELECT CAST('12' AS ), typeof(CAST('1.5' AS )), CAST('abc' AS )" },
        { "group_by_first_value", "CREATE TABLE t(a); INSERT INTO t VALUES (10),(10.0),(10.0),(10)", "SELECT typeof(a), a, count(*) FROM t GROUP BY a" },
        { "group_by_bare_column_first_row", "CREATE TABLE t(a, b); INSERT INTO t VALUES (1,'x'),(2,'y'),(1,'z'),(2,'w')", "SELECT a, b FROM t GROUP BY a ORDER BY a" },
        { "group_by_constant_bare_column", "CREATE TABLE t(a, b); INSERT INTO t VALUES (1,'x'),(2,'y'),(1,'z'),(2,'w')", "SELECT a, b, count(*) FROM t GROUP BY 5000000000" },
        { "range_preceding_with_nulls", "CREATE TABLE t(i INTEGER PRIMARY KEY, o); INSERT INTO t VALUES (1, NULL),(2, -9223372036854775807),(3, 1),(4, 2.5),(5, 5),(6, 9223372036854775806),(7, NULL),(8, 2)", "SELECT i, count(*) OVER (ORDER BY o RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW), count(*) OVER (ORDER BY o DESC RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW) FROM t ORDER BY i" },
        { "aggregate_bare_column_without_group_by", "CREATE TABLE t(a, b); INSERT INTO t VALUES (1,'x'),(2,'y'),(1,'z'),(2,'w')", "SELECT b, count(*) FROM t" },
        { "aggregate_bare_column_from_max_row", "CREATE TABLE t(a, b); INSERT INTO t VALUES (1,'x'),(2,'y'),(1,'z'),(2,'w'),(0,'v')", "SELECT b, max(a), a FROM t" },
        { "aggregate_bare_column_from_min_row_per_group", "CREATE TABLE t(g, a, b); INSERT INTO t VALUES (1,5,'x'),(1,2,'y'),(2,7,'z'),(1,2,'w'),(2,3,'v')", "SELECT g, b, min(a) FROM t GROUP BY g" },
        { "union_first_value", "CREATE TABLE t(a); INSERT INTO t VALUES (10.0),(10)", "SELECT typeof(a) FROM (SELECT a FROM t UNION SELECT a FROM t)" },
        { "window_sum_stays_real", "CREATE TABLE t(i, v); INSERT INTO t VALUES (1, 1.0),(2, 3),(3, 4),(4, 5)", "SELECT i, typeof(s), s FROM (SELECT i, sum(v) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS s FROM t) ORDER BY i" },
        { "window_total_after_infinity", "CREATE TABLE t(i, v); INSERT INTO t VALUES (1, 1e999),(2, 3),(3, 4),(4, -1e999),(5, 1)", "SELECT i, total(v) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), sum(v) OVER (ORDER BY i ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t ORDER BY i" },
        { "range_preceding_at_max_int", "CREATE TABLE t(a); INSERT INTO t VALUES (9223372036854775807),(9223372036854775806),(1)", "SELECT a, count(*) OVER (ORDER BY a RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW) FROM t ORDER BY a" },
        { "negative_zero_keeps_sign", "", "SELECT atan2(-0.0,-1), atan2(-0.0, -1.0), 1/-0.0 IS NULL, atan2(0.0 * -1, -1)" },
        { "order_by_plus_one_is_column", "CREATE TABLE t(a, b); INSERT INTO t VALUES (2,'x'),(1,'y'),(3,'z')", "SELECT a, b FROM t ORDER BY +1" },
        { "group_by_negative_out_of_range", "CREATE TABLE t(a)", "SELECT a FROM t GROUP BY -5" },
        { "order_by_and_constant_out_of_range", "CREATE TABLE t(a, c)", "SELECT a FROM t ORDER BY (0 AND c)" },
        { "group_by_huge_constant", "CREATE TABLE t(a); INSERT INTO t VALUES (1),(2)", "SELECT count(*) FROM t GROUP BY 9223372036854775806" },
        { "values_union_order_by_syntax_error", "", "VALUES(1) UNION VALUES(2) ORDER BY 1" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Engine_matches_sqlite(string name, string setup, string query)
    {
        _ = name;
        using var dual = new DualDatabase();
        // Statement by statement, so a setup statement that fails (INSERT OR FAIL) must fail on both.
        foreach (string statement in setup.Split("; ", StringSplitOptions.RemoveEmptyEntries))
        {
            DifferentialTests.Both(dual.Engine, dual.Sqlite, statement, 0);
        }

        dual.AssertSame(query);
    }

    [Fact]
    public void Insert_after_the_largest_row_id_takes_an_unused_random_one()
    {
        using var engine = new EngineHarness();
        engine.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v); INSERT INTO t VALUES (9223372036854775807, 'max')");
        for (int i = 0; i < 20; i++)
        {
            engine.Execute("INSERT INTO t(v) VALUES ('next')");
        }

        Assert.Equal(["21|21|1"], engine.Query("SELECT count(*), count(DISTINCT id), min(id) > 0 FROM t"));
    }

    [Fact]
    public void Autoincrement_after_the_largest_row_id_fails_as_full()
    {
        using var dual = new DualDatabase();
        DifferentialTests.Both(dual.Engine, dual.Sqlite, "CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, v)", 0);
        DifferentialTests.Both(dual.Engine, dual.Sqlite, "INSERT INTO t VALUES (9223372036854775807, 'max')", 0);
        Assert.False(DifferentialTests.Both(dual.Engine, dual.Sqlite, "INSERT INTO t(v) VALUES ('next')", 0));
    }

    public static TheoryData<string, string> ErrorCases() => new()
    {
        { "CREATE TABLE t(a INTEGER PRIMARY KEY, b); INSERT INTO t VALUES (1, 1)", "INSERT INTO t VALUES (1, 2)" },
        { "CREATE TABLE t(a INTEGER PRIMARY KEY, b); INSERT INTO t VALUES (1, 1), (2, 2)", "UPDATE t SET a = 2 WHERE a = 1" },
        { "CREATE TABLE t(a, b); INSERT INTO t VALUES (1, 1)", "INSERT INTO t(rowid, a) VALUES (1, 2)" },
        { "CREATE TABLE t(a)", "SELECT length(a) OVER () FROM t" },
        { "CREATE TABLE t(a)", "SELECT abs(a) OVER (ORDER BY a) FROM t" },
        { "CREATE TABLE t(a, b UNIQUE)", "INSERT INTO t VALUES (1, 1) ON CONFLICT (a) DO NOTHING" },
        { "CREATE TABLE t(a, b UNIQUE)", "INSERT INTO t VALUES (1, 1) ON CONFLICT (b, a) DO UPDATE SET a = 2" },
    };

    [Theory]
    [MemberData(nameof(ErrorCases))]
    public void Engine_fails_with_sqlites_message(string setup, string statement)
    {
        using var dual = new DualDatabase();
        foreach (string step in setup.Split("; ", StringSplitOptions.RemoveEmptyEntries))
        {
            DifferentialTests.Both(dual.Engine, dual.Sqlite, step, 0);
        }

        string expected = Assert.Throws<Microsoft.Data.Sqlite.SqliteException>(() => dual.ExecuteSqlite(statement)).Message;
        SharpCoreDBException actual = dual.Engine.Fails(statement);
        // Microsoft.Data.Sqlite wraps SQLite's text as "SQLite Error 19: '<text>'."; ours may add where it happened.
        string text = expected[(expected.IndexOf('\'') + 1)..expected.LastIndexOf('\'')];
        Assert.True(actual.Message.StartsWith(text, StringComparison.Ordinal), $"SQLite: {text}\nours:   {actual.Message}");
    }
}
