using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Collations;

/// <summary>An index serves a comparison or an ORDER BY only under its key's collation, as in SQLite.</summary>
public sealed class CollationPlannerTests
{
    private static EngineHarness Setup()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE, b TEXT)");
        db.Execute("CREATE INDEX t_n ON t(n)");
        db.Execute("CREATE INDEX t_b ON t(b)");
        db.Execute("CREATE INDEX t_bn ON t(b COLLATE NOCASE, id)");
        for (int i = 0; i < 40; i++)
        {
            string value = (i % 2 == 0 ? "Key" : "kEY") + (i % 10);
            db.Execute("INSERT INTO t VALUES (?, ?, ?)", i, value, value);
        }

        return db;
    }

    private static string Plan(EngineHarness db, string sql) => string.Join("\n", db.Query("EXPLAIN " + sql));

    [Fact]
    public void Nocase_index_serves_a_comparison_under_nocase()
    {
        using EngineHarness db = Setup();
        Assert.Contains("USING INDEX t_n", Plan(db, "SELECT id FROM t WHERE n = 'key3'"), StringComparison.Ordinal);
        Assert.Equal(4, db.Query("SELECT id FROM t WHERE n = 'key3'").Count);
    }

    [Fact]
    public void Nocase_index_does_not_serve_a_binary_comparison()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE n = 'key3' COLLATE BINARY");
        Assert.DoesNotContain("USING INDEX t_n", plan, StringComparison.Ordinal);
        Assert.Empty(db.Query("SELECT id FROM t WHERE n = 'key3' COLLATE BINARY"));
        Assert.Equal(4, db.Query("SELECT id FROM t WHERE n = 'kEY3' COLLATE BINARY").Count);
    }

    [Fact]
    public void Binary_index_does_not_serve_a_nocase_comparison()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM t WHERE b = 'key3' COLLATE NOCASE");
        Assert.DoesNotContain("USING INDEX t_b ", plan, StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_bn", plan, StringComparison.Ordinal);
        Assert.Equal(4, db.Query("SELECT id FROM t WHERE b = 'key3' COLLATE NOCASE").Count);
    }

    [Fact]
    public void Binary_index_serves_a_binary_comparison_and_range()
    {
        using EngineHarness db = Setup();
        Assert.Contains("USING INDEX t_b ", Plan(db, "SELECT id FROM t WHERE b = 'Key3'"), StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_b ", Plan(db, "SELECT id FROM t WHERE b > 'Key3'"), StringComparison.Ordinal);
        Assert.Contains("USING INDEX t_n", Plan(db, "SELECT id FROM t WHERE n BETWEEN 'KEY2' AND 'key4'"), StringComparison.Ordinal);
        Assert.Equal(12, db.Query("SELECT id FROM t WHERE n BETWEEN 'KEY2' AND 'key4'").Count);
    }

    [Fact]
    public void Order_by_is_taken_from_an_index_only_under_its_collation()
    {
        using EngineHarness db = Setup();
        string nocase = Plan(db, "SELECT n FROM t ORDER BY n");
        Assert.Contains("USING INDEX t_n", nocase, StringComparison.Ordinal);
        Assert.DoesNotContain("Sort", nocase, StringComparison.Ordinal);

        string binary = Plan(db, "SELECT n FROM t ORDER BY n COLLATE BINARY");
        Assert.Contains("Sort", binary, StringComparison.Ordinal);
        List<string> rows = db.Query("SELECT n FROM t ORDER BY n COLLATE BINARY");
        Assert.Equal("Key0", rows[0]);
        Assert.Equal("kEY9", rows[^1]);
    }

    [Fact]
    public void Nocase_index_is_not_an_index_only_scan_since_its_keys_are_folded()
    {
        using EngineHarness db = Setup();
        Assert.DoesNotContain("COVERING", Plan(db, "SELECT n FROM t WHERE n = 'key3'"), StringComparison.Ordinal);
        Assert.Equal(["kEY3", "kEY3", "kEY3", "kEY3"], db.Query("SELECT n FROM t WHERE n = 'KEY3'"));
        Assert.Equal(["Key4", "Key4", "Key4", "Key4"], db.Query("SELECT n FROM t WHERE n = 'kEY4'"));
    }

    [Fact]
    public void In_list_on_a_nocase_column_seeks_its_index()
    {
        using EngineHarness db = Setup();
        Assert.Contains("USING INDEX t_n", Plan(db, "SELECT id FROM t WHERE n IN ('KEY1', 'key2')"), StringComparison.Ordinal);
        Assert.Equal(8, db.Query("SELECT id FROM t WHERE n IN ('KEY1', 'key2')").Count);
    }
}
