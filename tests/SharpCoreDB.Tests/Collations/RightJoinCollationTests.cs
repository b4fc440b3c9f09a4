using SharpCoreDB.Tests.Engine;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// RIGHT and FULL JOIN match rows under the collation of the ON's equality (a collated column, a COLLATE in the ON,
/// a user collation), as SQLite does: checked against SQLite with seeded random tables of text spelled in several
/// cases and with trailing spaces.
/// </summary>
public sealed class RightJoinCollationTests
{
    private static readonly string[] s_values = ["'ab'", "'AB'", "'Ab'", "'ab '", "'AB  '", "'b'", "'B'", "'b '", "'c'", "NULL", "1", "'1'"];

    private static readonly string[] s_queries =
    [
        "SELECT l.id, r.id FROM l RIGHT JOIN r ON l.n = r.b",
        "SELECT l.id, r.id FROM l FULL JOIN r ON l.b = r.n",
        "SELECT l.id, r.id FROM l RIGHT JOIN r ON r.t = l.b",
        "SELECT l.id, r.id FROM l FULL OUTER JOIN r ON l.b = r.b COLLATE NOCASE",
        "SELECT l.id, r.id FROM l RIGHT JOIN r ON l.b COLLATE RTRIM = r.b",
        "SELECT l.id, r.id FROM l FULL JOIN r ON l.u = r.b",
        "SELECT l.id, r.id FROM l RIGHT JOIN r ON r.b = l.b COLLATE ci AND l.id > 0",
        "SELECT l.id, r.id FROM l FULL JOIN r ON l.b = r.b",
        "SELECT l.id, r.id FROM l FULL JOIN r ON l.t = r.n",
    ];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 20, stress: 300);

    [Fact]
    public void Right_join_on_a_nocase_column_matches_rows_equal_ignoring_case()
    {
        using var db = Open();
        db.Execute("""
            CREATE TABLE l(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE, b TEXT, t TEXT COLLATE RTRIM, u TEXT COLLATE ci);
            CREATE TABLE r(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE, b TEXT, t TEXT COLLATE RTRIM);
            INSERT INTO l VALUES (1, 'Ab', 'Ab', 'Ab', 'Ab');
            INSERT INTO r VALUES (7, 'aB', 'aB', 'aB');
            """);
        string sql = "SELECT l.id, r.id FROM l RIGHT JOIN r ON l.n = r.b";
        db.AssertSame(sql);
        Assert.Equal(["1|7"], db.Engine.Query(sql));
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_right_and_full_joins_under_collations_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var db = Open();
        db.Execute("""
            CREATE TABLE l(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE, b TEXT, t TEXT COLLATE RTRIM, u TEXT COLLATE ci);
            CREATE TABLE r(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE, b TEXT, t TEXT COLLATE RTRIM);
            """);
        var log = new List<string>();
        foreach (string table in new[] { "l", "r" })
        {
            int rows = random.Next(0, 10);
            for (int i = 0; i < rows; i++)
            {
                string value = s_values[random.Next(s_values.Length)];
                string sql = table == "l"
                    ? $"INSERT INTO l(n, b, t, u) VALUES ({value}, {value}, {value}, {value})"
                    : $"INSERT INTO r(n, b, t) VALUES ({value}, {s_values[random.Next(s_values.Length)]}, {value})";
                log.Add(sql);
                db.Execute(sql);
            }
        }

        foreach (string query in s_queries)
        {
            Assert.True(
                DifferentialTests.SqliteRows(db.Sqlite, query, seed).Order(StringComparer.Ordinal)
                    .SequenceEqual(DifferentialTests.EngineRows(db.Engine, query, seed).Order(StringComparer.Ordinal)),
                $"seed {seed}: {query} differs after\n{string.Join(";\n", log)}");
        }
    }

    // Both engines with "ci" registered: ordinal, ignoring case.
    private static DualDatabase Open()
    {
        var db = new DualDatabase();
        db.Sqlite.CreateCollation("ci", (left, right) => string.Compare(left, right, StringComparison.OrdinalIgnoreCase));
        db.Engine.Database.Collations.Set("ci", (left, right) => string.Compare(left, right, StringComparison.OrdinalIgnoreCase));
        return db;
    }
}
