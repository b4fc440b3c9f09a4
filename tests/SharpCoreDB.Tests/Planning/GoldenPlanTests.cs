using System.Runtime.CompilerServices;
using System.Text;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Planning;

/// <summary>
/// Golden plans: each statement is bound over one fixed schema, handed to the planner, and its EXPLAIN text compared
/// with <c>Golden/&lt;name&gt;.plan</c>. A change in access paths, join order, join method or rewrites shows up as a
/// diff here. <c>SHARPCOREDB_UPDATE_GOLDEN=1</c> rewrites the files instead of comparing (review the diff after).
/// </summary>
public sealed class GoldenPlanTests
{
    private static readonly bool s_update = Environment.GetEnvironmentVariable("SHARPCOREDB_UPDATE_GOLDEN") == "1";

    // The fixed schema every statement is planned over. Rows make no difference to the plans (there are no
    // statistics), a few are here so the statements are also known to run.
    private const string Schema = """
        CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, score REAL);
        CREATE INDEX customers_city ON customers(city);
        CREATE INDEX customers_lower_name ON customers(lower(name));
        CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers(id), day TEXT, total REAL, state TEXT);
        CREATE INDEX orders_customer ON orders(customer);
        CREATE INDEX orders_day_total ON orders(day, total);
        CREATE INDEX orders_open ON orders(day) WHERE state = 'open';
        CREATE TABLE items(order_id INTEGER, line INTEGER, product TEXT, qty INTEGER, PRIMARY KEY(order_id, line)) WITHOUT ROWID;
        CREATE TABLE tags(name TEXT UNIQUE, note TEXT);
        CREATE VIEW big_orders AS SELECT id, customer, total FROM orders WHERE total > 100;
        INSERT INTO customers VALUES (1, 'Ann', 'Oslo', 1.5), (2, 'Bo', 'Rome', 2.5), (3, 'Cy', NULL, NULL);
        INSERT INTO orders VALUES (1, 1, '2026-01-01', 50, 'open'), (2, 1, '2026-01-02', 150, 'closed'), (3, 2, '2026-01-02', 250, 'open');
        INSERT INTO items VALUES (1, 1, 'pen', 2), (1, 2, 'ink', 1), (3, 1, 'pad', 5);
        INSERT INTO tags VALUES ('a', 'x');
        """;

    /// <summary>The statements, by the name of their golden file.</summary>
    public static TheoryData<string, string> Statements { get; } = new()
    {
        { "scan", "SELECT name FROM customers" },
        { "rowid_seek", "SELECT name FROM customers WHERE id = 2" },
        { "rowid_range", "SELECT name FROM customers WHERE id > 1 AND id <= 3" },
        { "index_seek", "SELECT name FROM customers WHERE city = 'Oslo'" },
        { "index_seek_integer", "SELECT id FROM orders WHERE customer = 1" },
        { "index_in_list", "SELECT id FROM customers WHERE city IN ('Oslo', 'Rome')" },
        { "or_to_in", "SELECT id FROM customers WHERE city = 'Oslo' OR city = 'Rome'" },
        { "between_range", "SELECT id FROM orders WHERE day BETWEEN '2026-01-01' AND '2026-01-31'" },
        { "commuted_comparison", "SELECT id FROM orders WHERE '2026-01-02' <= day" },
        { "composite_prefix_and_range", "SELECT id FROM orders WHERE day = '2026-01-02' AND total > 100" },
        { "expression_index", "SELECT id FROM customers WHERE lower(name) = 'ann'" },
        { "partial_index_implied", "SELECT id FROM orders WHERE state = 'open' AND day = '2026-01-02'" },
        { "partial_index_not_implied", "SELECT id FROM orders WHERE day = '2026-01-02'" },
        { "without_rowid_key_prefix", "SELECT product FROM items WHERE order_id = 1" },
        { "constant_folding", "SELECT id FROM customers WHERE id = 1 + 1" },
        { "order_by_index", "SELECT id, day FROM orders ORDER BY day" },
        { "order_by_sort", "SELECT id FROM customers ORDER BY score DESC LIMIT 2 OFFSET 1" },
        { "distinct", "SELECT DISTINCT city FROM customers" },
        { "group_by_having", "SELECT customer, sum(total) FROM orders GROUP BY customer HAVING count(*) > 1" },
        { "aggregate_without_group", "SELECT count(*), max(total) FROM orders" },
        { "inner_join_index", "SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer = c.id" },
        { "join_order_by_seek", "SELECT c.name, o.total FROM orders o, customers c WHERE c.id = o.customer AND o.day = '2026-01-02'" },
        { "left_join", "SELECT c.name, o.id FROM customers c LEFT JOIN orders o ON o.customer = c.id AND o.state = 'open'" },
        { "right_join", "SELECT c.name, o.id FROM customers c RIGHT JOIN orders o ON o.customer = c.id" },
        { "full_join", "SELECT c.name, o.id FROM customers c FULL JOIN orders o ON o.customer = c.id" },
        { "join_unit", "SELECT t.name FROM tags t JOIN (customers c RIGHT JOIN orders o ON o.customer = c.id) ON t.note = c.city" },
        { "hash_join_on_unindexed", "SELECT t.name, c.id FROM tags t JOIN customers c ON c.name = t.note" },
        { "three_way_join", "SELECT c.name, i.product FROM customers c JOIN orders o ON o.customer = c.id JOIN items i ON i.order_id = o.id" },
        { "scalar_subquery", "SELECT name, (SELECT count(*) FROM orders o WHERE o.customer = c.id) FROM customers c" },
        { "in_subquery", "SELECT name FROM customers WHERE id IN (SELECT customer FROM orders WHERE total > 100)" },
        { "exists_correlated", "SELECT name FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer = c.id)" },
        { "derived_table", "SELECT d.customer, d.n FROM (SELECT customer, count(*) AS n FROM orders GROUP BY customer) d WHERE d.n > 1" },
        { "view", "SELECT id FROM big_orders WHERE customer = 1" },
        { "cte", "WITH open_orders AS (SELECT * FROM orders WHERE state = 'open') SELECT id FROM open_orders WHERE customer = 2" },
        { "cte_materialized", "WITH t AS MATERIALIZED (SELECT customer FROM orders) SELECT a.customer FROM t a JOIN t b ON a.customer = b.customer" },
        { "recursive_cte", "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n" },
        { "union_order_limit", "SELECT name FROM customers UNION SELECT product FROM items ORDER BY 1 LIMIT 3" },
        { "except", "SELECT city FROM customers EXCEPT SELECT 'Oslo'" },
        { "values", "VALUES (1, 'a'), (2, 'b')" },
        { "window", "SELECT id, rank() OVER (PARTITION BY customer ORDER BY total) FROM orders" },
        { "json_each", "SELECT c.name, j.value FROM customers c, json_each('[1,2]') j" },
        { "select_without_from", "SELECT 1 + 2, 'x'" },
        { "update_seek", "UPDATE orders SET total = total * 2 WHERE customer = 1" },
        { "update_from", "UPDATE orders SET state = c.city FROM customers c WHERE c.id = orders.customer" },
        { "delete_range", "DELETE FROM orders WHERE id > 2" },
        { "delete_all", "DELETE FROM tags" },
        { "insert_values", "INSERT INTO tags VALUES ('b', 'y')" },
        { "insert_select", "INSERT INTO tags SELECT name, city FROM customers WHERE city IS NOT NULL" },
        { "upsert", "INSERT INTO tags VALUES ('a', 'z') ON CONFLICT(name) DO UPDATE SET note = excluded.note" },
    };

    [Theory]
    [MemberData(nameof(Statements))]
    public void Plan_matches_its_golden_file(string name, string sql)
    {
        using var db = new EngineHarness();
        db.Execute(Schema);
        string actual = Render(sql, db.Query("EXPLAIN " + sql));
        string path = Path.Combine(GoldenDirectory(), name + ".plan");
        if (s_update)
        {
            File.WriteAllText(path, actual);
            return;
        }

        Assert.True(File.Exists(path), $"no golden plan {path}; run with SHARPCOREDB_UPDATE_GOLDEN=1 to write it:\n{actual}");
        string expected = File.ReadAllText(path).ReplaceLineEndings("\n");
        Assert.True(expected == actual, $"plan of '{name}' differs from {path} (SHARPCOREDB_UPDATE_GOLDEN=1 rewrites it)\n--- expected\n{expected}--- actual\n{actual}");
    }

    [Fact]
    public void Every_golden_file_has_a_statement()
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (object[] row in Statements)
        {
            names.Add((string)row[0]);
        }

        foreach (string file in Directory.EnumerateFiles(GoldenDirectory(), "*.plan"))
        {
            Assert.Contains(Path.GetFileNameWithoutExtension(file), names);
        }
    }

    private static string Render(string sql, List<string> lines)
    {
        var text = new StringBuilder();
        text.Append("-- ").Append(sql).Append('\n');
        foreach (string line in lines)
        {
            text.Append(line).Append('\n');
        }

        return text.ToString();
    }

    // The files live beside this source file, so an update rewrites the checked-in copies, not the build output.
    private static string GoldenDirectory([CallerFilePath] string source = "") => Path.Combine(Path.GetDirectoryName(source)!, "Golden");
}
