namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// PRAGMA table_info and table_xinfo on a view against SQLite: the view's columns, typed as SQLite derives the type
/// from the view's SELECT (a table column's declared type, the affinity's standard name for other expressions, empty
/// when there is none), never NOT NULL, no default, no primary key; fixed shapes and random select lists.
/// </summary>
public sealed class ViewPragmaDifferentialTests : IDisposable
{
    private const string Setup =
        "CREATE TABLE t(id INTEGER PRIMARY KEY, name VARCHAR(10) NOT NULL DEFAULT 'x', r real, d DECIMAL(10,2), n NUMERIC, " +
        "u, b BLOB, dt DATETIME, i int, e \"my type\", s TEXT COLLATE NOCASE); " +
        "CREATE TABLE o(k INT PRIMARY KEY, v TEXT);";

    // Expressions a view's column can be: columns, through subqueries, CASTs, arithmetic, literals, functions, COLLATE.
    private static readonly string[] s_expressions =
    [
        "id", "name", "r", "d", "n", "u", "b", "dt", "i", "e", "s", "t.name", "rowid",
        "CAST(name AS INTEGER)", "CAST(r AS TEXT)", "CAST(i AS REAL)", "CAST(u AS NUMERIC)", "CAST(u AS BLOB)",
        "CAST(u AS VARCHAR(3))", "CAST(u AS DECIMAL)", "CAST(u AS)", "CAST(u AS foo)",
        "i + 1", "-i", "+i", "1", "'a'", "NULL", "2.5", "x'00'", "length(name)", "name || 'x'", "name COLLATE NOCASE",
        "(SELECT v FROM o)", "(SELECT k FROM o)", "(SELECT max(k) FROM o)", "count(*)", "max(i)", "i IS NULL",
        "CASE WHEN i THEN name END", "coalesce(i, r)",
    ];

    private readonly DualDatabase _both = new(Setup);

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("CREATE VIEW v AS SELECT * FROM t")]
    [InlineData("CREATE VIEW v AS SELECT id AS a, name AS b FROM t")]
    [InlineData("CREATE VIEW v(x, y, z) AS SELECT id, r + 1, 'lit' FROM t")]
    [InlineData("CREATE VIEW v AS SELECT t.*, o.v FROM t JOIN o ON o.k = t.i")]
    [InlineData("CREATE VIEW v AS SELECT q.name, q.r FROM (SELECT name, r FROM t) AS q")]
    [InlineData("CREATE VIEW v AS SELECT name, r FROM t UNION ALL SELECT v, k FROM o")]
    [InlineData("CREATE VIEW v AS SELECT 1 UNION SELECT 'a'")]
    [InlineData("CREATE VIEW v AS SELECT NULL UNION ALL SELECT r FROM t")]
    [InlineData("CREATE VIEW v AS WITH c(x) AS (SELECT i FROM t) SELECT x, x * 2 FROM c")]
    [InlineData("CREATE VIEW v AS SELECT value, key FROM json_each('[1]')")]
    [InlineData("CREATE VIEW w AS SELECT id, name FROM t; CREATE VIEW v AS SELECT name, id + 0 AS n2 FROM w")]
    [InlineData("CREATE TEMP VIEW v AS SELECT id, name, r FROM t")]
    public void Table_info_of_a_view_matches_sqlite(string create)
    {
        _both.Execute(create);
        _both.AssertSame("PRAGMA table_info(v)");
        _both.AssertSame("PRAGMA table_xinfo(v)");
        _both.AssertSame("PRAGMA table_info('V')");
    }

    [Fact]
    public void Table_info_of_random_views_matches_sqlite()
    {
        const int seed = 20_0001;
        var random = new Random(seed);
        for (int view = 0; view < 60; view++)
        {
            int count = random.Next(1, 6);
            var columns = new List<string>(count);
            for (int c = 0; c < count; c++)
            {
                columns.Add(s_expressions[random.Next(s_expressions.Length)] + " AS c" + c);
            }

            string select = "SELECT " + string.Join(", ", columns) + " FROM t";
            if (random.Next(3) == 0)
            {
                // A compound: the columns' affinity comes from every arm.
                var second = new List<string>(count);
                for (int c = 0; c < count; c++)
                {
                    second.Add(s_expressions[random.Next(s_expressions.Length)]);
                }

                select += " UNION ALL SELECT " + string.Join(", ", second) + " FROM t";
            }

            string name = "v" + view;
            string create = $"CREATE VIEW {name} AS {select}";
            _both.Execute(create);
            List<string> sqlite = DifferentialTests.SqliteRows(_both.Sqlite, $"PRAGMA table_xinfo({name})", seed);
            List<string> engine = DifferentialTests.EngineRows(_both.Engine, $"PRAGMA table_xinfo({name})", seed);
            Assert.True(sqlite.SequenceEqual(engine), $"seed {seed}, {create}\nsqlite: {string.Join(" ; ", sqlite)}\nengine: {string.Join(" ; ", engine)}");
        }
    }
}
