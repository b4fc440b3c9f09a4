namespace SharpCoreDB.Tests.Engine;

/// <summary>sqlite_schema (sqlite_master) and sqlite_temp_schema list the schema as SQLite lists it.</summary>
public sealed class SchemaTableTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT UNIQUE, v INT); CREATE INDEX tv ON t(v); " +
        "CREATE TABLE \"odd 'name'\"(x); CREATE VIEW tv_view AS SELECT name FROM t WHERE v > 0; " +
        "CREATE TRIGGER tt AFTER INSERT ON t BEGIN UPDATE t SET v = 0 WHERE id = new.id AND new.v IS NULL; END";

    // Constraint indexes are named differently (sqlite_autoindex_* there), and SQLite lists its own sqlite_sequence.
    private static string Listing(string table) =>
        $"SELECT type, name, tbl_name, sql FROM {table} WHERE name NOT LIKE 'sqlite%' AND name NOT LIKE 'sharpcoredb%' ORDER BY type, name";

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("sqlite_master")]
    [InlineData("sqlite_schema")]
    [InlineData("main.sqlite_master")]
    public void The_schema_table_lists_every_object_with_its_sql(string table) =>
        _both.AssertSame(Listing(table));

    [Theory]
    [InlineData("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 't'")]
    [InlineData("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'missing'")]
    [InlineData("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 't' AND sql IS NOT NULL")]
    [InlineData("SELECT s.name, t.v FROM sqlite_master AS s JOIN t ON t.name = s.name WHERE s.type = 'view'")]
    [InlineData("SELECT count(*) FROM sqlite_temp_master")]
    public void Common_questions_get_sqlites_answers(string sql) => _both.AssertSame(sql);

    [Fact]
    public void Changes_show_at_once_and_go_with_a_rollback()
    {
        string listing = Listing("sqlite_master");
        _both.Execute("BEGIN; CREATE TABLE later(a); DROP VIEW tv_view; ALTER TABLE t RENAME TO t2");
        _both.AssertSame(listing);
        _both.Execute("ROLLBACK");
        _both.AssertSame(listing);
        _both.Execute("CREATE TEMP VIEW tmp AS SELECT 1 AS one");
        _both.AssertSame("SELECT type, name, tbl_name, sql FROM sqlite_temp_master");
    }

    [Fact]
    public void Root_pages_name_the_trees()
    {
        using var db = new EngineHarness();
        db.Execute(Setup);
        Assert.Equal(
            [db.Database.Schema.FindTable("t")!.RootPage.ToString(System.Globalization.CultureInfo.InvariantCulture)],
            db.Query("SELECT rootpage FROM sqlite_master WHERE name = 't'"));
        Assert.Equal(["0"], db.Query("SELECT rootpage FROM sqlite_master WHERE name = 'tt'"));
    }
}
