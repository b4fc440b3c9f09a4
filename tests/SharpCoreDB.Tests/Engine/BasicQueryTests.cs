namespace SharpCoreDB.Tests.Engine;

public sealed class BasicQueryTests
{
    [Fact]
    public void Create_insert_select_round_trips_rows()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b TEXT, c REAL)");
        Assert.Equal(2, db.Execute("INSERT INTO t VALUES (1, 'one', 1.5), (2, 'two', NULL)"));
        Assert.Equal(["1|one|1.5", "2|two|NULL"], db.Query("SELECT * FROM t"));
    }

    [Fact]
    public void Select_without_from_evaluates_expressions()
    {
        using var db = new EngineHarness();
        Assert.Equal(["3|ab|NULL"], db.Query("SELECT 1 + 2, 'a' || 'b', 5 / 0"));
    }

    [Fact]
    public void Where_order_by_and_limit_work_together()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
        for (int i = 0; i < 20; i++)
        {
            db.Execute("INSERT INTO t VALUES (?, ?)", i, i % 3);
        }

        Assert.Equal(["18", "15", "12"], db.Query("SELECT a FROM t WHERE b = 0 ORDER BY a DESC LIMIT 3"));
        Assert.Equal(["15", "12"], db.Query("SELECT a FROM t WHERE b = 0 ORDER BY a DESC LIMIT 2 OFFSET 1"));
    }

    [Fact]
    public void Group_by_with_having_and_aggregates()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(g INTEGER, v INTEGER)");
        db.Execute("INSERT INTO t VALUES (1, 10), (1, 20), (2, 5), (3, NULL)");
        Assert.Equal(["1|2|30|15.0", "2|1|5|5.0"], db.Query("SELECT g, count(v), sum(v), avg(v) FROM t GROUP BY g HAVING count(v) > 0"));
        Assert.Equal(["4|3|35"], db.Query("SELECT count(*), count(v), sum(v) FROM t"));
    }

    [Fact]
    public void Correlated_subquery_counts_smaller_values()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t1(a INTEGER, b INTEGER)");
        db.Execute("INSERT INTO t1 VALUES (1, 30), (2, 10), (3, 20)");
        Assert.Equal(["1|2", "2|0", "3|1"], db.Query("SELECT a, (SELECT count(*) FROM t1 AS x WHERE x.b < t1.b) FROM t1 ORDER BY a"));
    }

    [Fact]
    public void Order_by_with_limit_keeps_exactly_the_first_rows()
    {
        const int Seed = 7;
        var random = new Random(Seed);
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(v INTEGER)");
        var values = new List<long>();
        db.Execute("BEGIN");
        for (int i = 0; i < 2000; i++)
        {
            long v = random.Next(0, 500);
            values.Add(v);
            db.Execute("INSERT INTO t VALUES (?)", v);
        }

        db.Execute("COMMIT");
        foreach ((int limit, int offset) in new[] { (1, 0), (5, 3), (100, 50), (0, 0), (3000, 10) })
        {
            List<string> expected = values.OrderBy(v => v % 7).ThenByDescending(v => v).Skip(offset).Take(limit)
                .Select(v => v.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToList();
            Assert.True(
                expected.SequenceEqual(db.Query("SELECT v FROM t ORDER BY v % 7, v DESC LIMIT ? OFFSET ?", limit, offset)),
                $"seed {Seed}: LIMIT {limit} OFFSET {offset}");
        }
    }

    [Fact]
    public void Result_metadata_and_has_rows_follow_each_result()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name VARCHAR(20), flag BOOLEAN, price DECIMAL(10,2))");
        db.Execute("INSERT INTO t VALUES (1, 'a', 1, 2.5)");
        using SharpCoreDB.Engine.QueryResult result = db.Run("SELECT id, name AS n, flag, price, id * 2 FROM t; SELECT id FROM t WHERE id < 0; INSERT INTO t VALUES (2, 'b', 0, 1)");
        Assert.Equal(5, result.FieldCount);
        Assert.Equal(["id", "n", "flag", "price", "id * 2"], Enumerable.Range(0, 5).Select(result.GetName));
        Assert.Equal(["INTEGER", "VARCHAR(20)", "BOOLEAN", "DECIMAL(10,2)", ""], Enumerable.Range(0, 5).Select(result.GetDeclaredTypeName));
        Assert.Equal([typeof(long), typeof(string), typeof(bool), typeof(decimal)], Enumerable.Range(0, 4).Select(result.GetFieldType));
        Assert.True(result.HasRows);
        Assert.True(result.Read());
        Assert.True(result.GetValue(2).ToObject() is true);
        Assert.Equal(2.5m, result.GetValue(3).ToObject());
        Assert.False(result.Read());
        Assert.True(result.HasRows);
        Assert.Equal(-1, result.RecordsAffected);

        Assert.True(result.NextResult());
        Assert.False(result.HasRows);
        Assert.False(result.Read());
        Assert.False(result.NextResult());
        Assert.Equal(1, result.RecordsAffected);
    }

    [Fact]
    public void Result_columns_name_the_table_columns_they_read()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER, code TEXT NOT NULL UNIQUE, note TEXT, a INTEGER, b INTEGER, PRIMARY KEY (a, b))");
        db.Execute("CREATE TABLE u(id INTEGER PRIMARY KEY, v TEXT)");
        using SharpCoreDB.Engine.QueryResult result = db.Run("SELECT t.code, note, a, v.id, u.rowid, upper(note), max(t.id) FROM t, (SELECT id FROM u) AS v, u GROUP BY code");
        Assert.Equal(["t", "t", "t", "u", "u", "", ""], Enumerable.Range(0, 7).Select(result.GetBaseTableName));
        Assert.Equal(["code", "note", "a", "id", "rowid", "", ""], Enumerable.Range(0, 7).Select(result.GetBaseColumnName));
        Assert.Equal([false, true, true, false, false, true, true], Enumerable.Range(0, 7).Select(result.AllowsNull));
        Assert.Equal([false, false, true, true, true, false, false], Enumerable.Range(0, 7).Select(result.IsKey));
        Assert.Equal([true, false, false, true, true, false, false], Enumerable.Range(0, 7).Select(result.IsUnique));
    }
}

