using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Planning;

/// <summary>
/// A term an index seek reproduces exactly (same collation, equality or IN on the key prefix, the term's own conversion
/// of its values) is not filtered again, as in SQLite; and when the statement reads nothing else of the row but the
/// row id, the index alone answers (no table row is read). Terms the seek only narrows stay.
/// </summary>
public sealed class ImpliedTermPlanTests
{
    private static EngineHarness Setup()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE people(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL, age INTEGER, tag TEXT)");
        db.Execute("CREATE INDEX people_name ON people(name)");
        db.Execute("CREATE INDEX people_age ON people(age, tag)");
        db.Execute("INSERT INTO people VALUES (1, 'Alice', 30, 'a'), (2, 'BOB', 40, 'b'), (3, 'alice', NULL, 'c'), (4, 'Carol', 30, NULL)");
        return db;
    }

    private static string Plan(EngineHarness db, string sql) => string.Join("\n", db.Query("EXPLAIN " + sql));

    [Fact]
    public void Nocase_equality_seek_drops_the_term_and_covers_a_row_id_query()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT id FROM people WHERE name = 'ALICE'";
        string plan = Plan(db, sql);
        Assert.DoesNotContain("Filter", plan, StringComparison.Ordinal);
        Assert.Contains("IndexSeek people USING INDEX people_name (name = 'ALICE') COVERING", plan, StringComparison.Ordinal);
        Assert.Equal(["1", "3"], db.Query(sql + " ORDER BY id"));
    }

    [Fact]
    public void A_sought_nocase_column_that_is_selected_is_read_from_the_row()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT name FROM people WHERE name = 'ALICE' ORDER BY id";
        Assert.DoesNotContain("COVERING", Plan(db, sql), StringComparison.Ordinal);
        Assert.Equal(["Alice", "alice"], db.Query(sql));
    }

    [Fact]
    public void In_list_and_composite_prefix_terms_are_dropped_and_ranges_kept()
    {
        using EngineHarness db = Setup();
        string plan = Plan(db, "SELECT id FROM people WHERE age IN (30, 40) AND tag = 'a'");
        Assert.DoesNotContain("Filter", plan, StringComparison.Ordinal);
        Assert.Equal(["1"], db.Query("SELECT id FROM people WHERE age IN (30, 40) AND tag = 'a'"));

        plan = Plan(db, "SELECT id FROM people WHERE age = 30 AND tag < 'b'");
        Assert.Contains("Filter tag < 'b'", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("age = 30 AND", plan.Split('\n')[1], StringComparison.Ordinal);
        Assert.Equal(["1"], db.Query("SELECT id FROM people WHERE age = 30 AND tag < 'b' ORDER BY id"));
    }

    [Fact]
    public void A_term_under_another_collation_than_the_key_is_kept()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT id FROM people WHERE name = 'alice' COLLATE BINARY";
        Assert.Contains("Filter", Plan(db, sql), StringComparison.Ordinal);
        Assert.Equal(["3"], db.Query(sql));
    }

    [Fact]
    public void A_column_read_elsewhere_in_the_statement_keeps_the_row_read()
    {
        using EngineHarness db = Setup();
        const string sql = "SELECT id, (SELECT count(*) FROM people p WHERE p.name > people.name) FROM people WHERE name = 'bob'";
        Assert.DoesNotContain("people_name (name = 'bob') COVERING", Plan(db, sql), StringComparison.Ordinal);
        Assert.Equal(["2|1"], db.Query(sql));
    }
}
