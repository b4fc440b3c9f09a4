using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Json;

/// <summary>
/// What the differential tests cannot see of json_each and json_tree: SQLite's error codes and messages, the column
/// names of <c>*</c>, EXPLAIN, parameters, and the correlated EXISTS that EF Core emits for <c>Contains</c> on a JSON
/// array column.
/// </summary>
public sealed class JsonTableBehaviourTests
{
    [Fact]
    public void Star_shows_the_visible_columns_and_hidden_ones_are_selected_by_name()
    {
        using var db = new EngineHarness();
        Assert.Equal(["key", "value", "type", "atom", "id", "parent", "fullkey", "path"], db.Names("SELECT * FROM json_each('[1]')"));
        Assert.Equal(["key", "value", "type", "atom", "id", "parent", "fullkey", "path"], db.Names("SELECT j.* FROM json_tree('[1]') AS j"));
        Assert.Equal(["[1]|$[0]"], db.Query("SELECT json, root FROM json_each('[1]', '$[0]')"));
    }

    [Theory]
    [InlineData("SELECT * FROM json_each('[1,2')")]
    [InlineData("SELECT * FROM json_tree('{\"a\":}')")]
    [InlineData("SELECT * FROM json_each('[1,2', 'x')")]
    [InlineData("SELECT * FROM json_each(x'0102')")]
    public void Malformed_json_is_sqlites_error(string sql)
    {
        using var db = new EngineHarness();
        var error = Assert.Throws<SharpCoreDBException>(() => db.Query(sql));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Equal("malformed JSON", error.Message);
    }

    [Theory]
    [InlineData("x")]
    [InlineData("$[")]
    [InlineData("")]
    [InlineData("$ ")]
    [InlineData("$.a[1")]
    public void Bad_path_is_sqlites_error(string path)
    {
        using var db = new EngineHarness();
        var error = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM json_tree('{\"a\":[1]}', ?)", path));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Equal($"bad JSON path: '{path}'", error.Message);
    }

    [Fact]
    public void Too_many_arguments_and_unknown_functions_are_sqlites_errors()
    {
        using var db = new EngineHarness();
        var many = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM json_each('[1]', '$', 3)"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, many.ErrorCode);
        Assert.StartsWith("too many arguments on json_each() - max 2", many.Message, StringComparison.Ordinal);
        var unknown = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM abs(1)"));
        Assert.Equal(SharpCoreDBErrorCode.UnknownTable, unknown.ErrorCode);
        Assert.StartsWith("no such table: abs", unknown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Explain_shows_the_table_function_under_the_join()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, tags TEXT)");
        string plan = string.Join("\n", db.Query("EXPLAIN SELECT t.id FROM t, json_each(t.tags) AS j WHERE j.value = 'x'"));
        Assert.Contains("NestedLoopJoin", plan, StringComparison.Ordinal);
        Assert.Contains("TableScan t", plan, StringComparison.Ordinal);
        Assert.Contains("TableFunction json_each(json)", plan, StringComparison.Ordinal);
        string tree = string.Join("\n", db.Query("EXPLAIN SELECT * FROM json_tree('[1]', '$')"));
        Assert.Contains("TableFunction json_tree(json, path)", tree, StringComparison.Ordinal);
    }

    [Fact]
    public void Json_each_follows_the_table_it_reads_whatever_the_written_order_of_the_rest()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, tags TEXT); CREATE TABLE u(id INTEGER PRIMARY KEY, name TEXT)");
        db.Execute("INSERT INTO t VALUES (1, '[10, 11]'), (2, '[12]'); INSERT INTO u VALUES (10, 'a'), (11, 'b'), (12, 'c')");
        // u is pinned by nothing and linked to json_each only: json_each must still come after t.
        Assert.Equal(["1|a", "1|b", "2|c"], db.Query("SELECT t.id, u.name FROM u, t, json_each(t.tags) j WHERE u.id = j.value ORDER BY u.id"));
        Assert.Equal(["2|c"], db.Query("SELECT t.id, u.name FROM u, t, json_each(t.tags) j WHERE u.id = j.value AND t.id = 2"));
    }

    [Fact]
    public void Exists_over_json_each_with_a_parameter_finds_rows_containing_the_value()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE blog(id INTEGER PRIMARY KEY, tags TEXT)");
        for (int i = 0; i < 200; i++)
        {
            db.Execute("INSERT INTO blog VALUES (?, ?)", i, $"[\"t{i % 7}\", \"t{i % 11}\", {i}]");
        }

        const string Sql = "SELECT count(*) FROM blog AS b WHERE EXISTS (SELECT 1 FROM json_each(b.tags) AS t WHERE t.value = @p)";
        int expected = 0;
        for (int i = 0; i < 200; i++)
        {
            expected += i % 7 == 3 || i % 11 == 3 ? 1 : 0;
        }

        Assert.Equal([expected.ToString(System.Globalization.CultureInfo.InvariantCulture)], db.Query(Sql, "t3"));
        Assert.Equal(["1"], db.Query(Sql, 150L));
        Assert.Equal(["0"], db.Query(Sql, "nope"));
    }

    [Fact]
    public void Right_join_of_json_each_reading_the_left_side_is_refused()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, tags TEXT)");
        var error = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT * FROM t RIGHT JOIN json_each(t.tags) j ON 1"));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
    }
}
