using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// BINARY, NOCASE and RTRIM in every clause that compares text, against SQLite: which collation applies (explicit
/// COLLATE on the left, then the right, then the left column's, then the right's), and that comparisons, sorts,
/// groupings, set operations, aggregates, windows and constraints use it.
/// </summary>
public sealed class CollationDifferentialTests
{
    private const string Setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, b TEXT, n TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM);
        INSERT INTO t VALUES (1, 'abc', 'abc', 'abc');
        INSERT INTO t VALUES (2, 'ABC', 'ABC', 'abc ');
        INSERT INTO t VALUES (3, 'Abc ', 'Abc ', 'abc  ');
        INSERT INTO t VALUES (4, 'b', 'b', 'B');
        INSERT INTO t VALUES (5, 'B', 'B', 'b ');
        INSERT INTO t VALUES (6, 'ä', 'ä', 'Ä');
        INSERT INTO t VALUES (7, 'Ä', 'Ä', 'ä ');
        INSERT INTO t VALUES (8, '', ' ', '');
        INSERT INTO t VALUES (9, NULL, NULL, NULL);
        INSERT INTO t VALUES (10, 'a_c', 'A_C', '10 ');
        INSERT INTO t VALUES (11, 10, '10', 10);
        """;

    // SQLite's answer to this one changes when an index on b exists (it then seeks the index with BINARY and ignores
    // the subquery's COLLATE): only the plan-independent answer is pinned.
    private const string IndexDependent = "SELECT id FROM t WHERE b IN (SELECT b COLLATE NOCASE FROM t WHERE id = 2) ORDER BY id";

    private static readonly string[] s_queries =
    [
        // Comparisons: which operand's collation wins.
        "SELECT id FROM t WHERE n = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE 'abc' = n ORDER BY id",
        "SELECT id FROM t WHERE b = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE b = 'abc' COLLATE NOCASE ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE NOCASE = 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE n = b ORDER BY id",
        "SELECT id FROM t WHERE b = n ORDER BY id",
        "SELECT id FROM t WHERE n COLLATE BINARY = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE n = 'abc' COLLATE BINARY ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE BINARY = n COLLATE NOCASE ORDER BY id",
        "SELECT id FROM t WHERE r = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE r = 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE r = n ORDER BY id",
        "SELECT id FROM t WHERE n = r ORDER BY id",
        "SELECT id FROM t WHERE b = 'abc   ' COLLATE RTRIM ORDER BY id",
        "SELECT id FROM t WHERE n < 'b' ORDER BY id",
        "SELECT id FROM t WHERE n > 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE n >= 'b' AND n <= 'B' ORDER BY id",
        "SELECT id FROM t WHERE n <> 'abc' ORDER BY id",
        "SELECT id FROM t WHERE n IS 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE n IS NOT 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE (n || '') = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE (b COLLATE NOCASE || '') = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE +n = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE CAST(n AS TEXT) = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE upper(n) = 'abc' ORDER BY id",
        "SELECT id FROM t WHERE n = 10 ORDER BY id",
        "SELECT id FROM t WHERE r = 10 ORDER BY id",
        "SELECT n = 'ABC', b = 'ABC', r = 'abc   ', 'a' = 'A' COLLATE NOCASE, 'a' COLLATE RTRIM = 'a ' FROM t ORDER BY id",
        "SELECT 'abc' < 'ABD' COLLATE NOCASE, 'ä' = 'Ä' COLLATE NOCASE, 'a ' = 'a' COLLATE RTRIM, ' a' = 'a' COLLATE RTRIM",
        "SELECT 'a' COLLATE NOCASE COLLATE BINARY = 'A'",

        // BETWEEN, IN, CASE.
        "SELECT id FROM t WHERE n BETWEEN 'a' AND 'abz' ORDER BY id",
        "SELECT id FROM t WHERE b BETWEEN 'a' COLLATE NOCASE AND 'abz' ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE NOCASE BETWEEN 'A' AND 'B' ORDER BY id",
        "SELECT id FROM t WHERE n NOT BETWEEN 'a' AND 'b' ORDER BY id",
        "SELECT id FROM t WHERE n IN ('abc', 'b') ORDER BY id",
        "SELECT id FROM t WHERE b IN ('abc', 'b') ORDER BY id",
        "SELECT id FROM t WHERE b COLLATE NOCASE IN ('abc', 'b') ORDER BY id",
        "SELECT id FROM t WHERE b IN ('abc' COLLATE NOCASE, 'b') ORDER BY id",
        "SELECT id FROM t WHERE n NOT IN ('abc', 'b') ORDER BY id",
        "SELECT id FROM t WHERE r IN ('abc', 'b') ORDER BY id",
        "SELECT id FROM t WHERE b IN (SELECT n FROM t WHERE id = 1) ORDER BY id",
        "SELECT id FROM t WHERE n IN (SELECT b FROM t WHERE id = 2) ORDER BY id",
        IndexDependent,
        "SELECT id FROM t WHERE n IN (SELECT b FROM t) ORDER BY id",
        "SELECT id, CASE n WHEN 'abc' THEN 1 WHEN 'b' THEN 2 ELSE 0 END FROM t ORDER BY id",
        "SELECT id, CASE b WHEN 'abc' COLLATE NOCASE THEN 1 ELSE 0 END FROM t ORDER BY id",
        "SELECT id, CASE b COLLATE RTRIM WHEN 'Abc' THEN 1 ELSE 0 END FROM t ORDER BY id",
        "SELECT id FROM t WHERE b LIKE 'ABC' ORDER BY id",
        "SELECT id FROM t WHERE n LIKE 'abc' ORDER BY id",
        "SELECT id FROM t WHERE n GLOB 'abc' ORDER BY id",

        // ORDER BY.
        "SELECT id, n FROM t ORDER BY n, id",
        "SELECT id, b FROM t ORDER BY b COLLATE NOCASE, id",
        "SELECT id, n FROM t ORDER BY n COLLATE BINARY, id",
        "SELECT id, r FROM t ORDER BY r, id",
        "SELECT id, b FROM t ORDER BY b COLLATE RTRIM DESC, id",
        "SELECT id, n AS x FROM t ORDER BY x DESC, id",
        "SELECT id, n FROM t ORDER BY 2, 1",
        "SELECT id, b COLLATE NOCASE AS x FROM t ORDER BY x, id",
        "SELECT id FROM t ORDER BY n || '', id",
        "SELECT id FROM t ORDER BY lower(n) COLLATE BINARY, id",

        // GROUP BY, DISTINCT, aggregates.
        "SELECT count(*), min(id) FROM t GROUP BY n ORDER BY 2",
        "SELECT count(*), min(id) FROM t GROUP BY b COLLATE NOCASE ORDER BY 2",
        "SELECT count(*), min(id) FROM t GROUP BY r ORDER BY 2",
        "SELECT count(*), min(id) FROM t GROUP BY n COLLATE BINARY ORDER BY 2",
        "SELECT count(DISTINCT n), count(DISTINCT b), count(DISTINCT r), count(DISTINCT b COLLATE NOCASE) FROM t",
        "SELECT min(n), max(n), min(b), max(b), min(r), max(r) FROM t WHERE id < 8",
        "SELECT min(b COLLATE NOCASE), max(b COLLATE NOCASE) FROM t WHERE id IN (1, 2, 4, 5)",
        "SELECT count(*) FROM (SELECT DISTINCT n FROM t)",
        "SELECT count(*) FROM (SELECT DISTINCT b COLLATE NOCASE FROM t)",
        "SELECT count(*) FROM (SELECT DISTINCT r FROM t)",
        "SELECT length(group_concat(DISTINCT n)) FROM t",
        "SELECT count(*) FROM (SELECT DISTINCT n, r FROM t)",

        // Compound SELECT: the leftmost arm's collation.
        "SELECT count(*) FROM (SELECT n FROM t UNION SELECT b FROM t)",
        "SELECT count(*) FROM (SELECT b FROM t UNION SELECT n FROM t)",
        "SELECT count(*) FROM (SELECT 'x' UNION SELECT 'X' COLLATE NOCASE)",
        "SELECT count(*) FROM (SELECT n FROM t INTERSECT SELECT b FROM t WHERE id = 2)",
        "SELECT count(*) FROM (SELECT n FROM t EXCEPT SELECT b FROM t WHERE id IN (2, 4))",
        "SELECT count(*) FROM (SELECT b FROM t EXCEPT SELECT n FROM t WHERE id IN (2, 4))",
        "SELECT lower(x) FROM (SELECT n AS x FROM t WHERE id < 6 UNION SELECT b FROM t WHERE id < 6) ORDER BY 1",
        "SELECT x FROM (SELECT b AS x FROM t WHERE id < 6 UNION ALL SELECT n FROM t WHERE id < 6) ORDER BY x COLLATE NOCASE, x",

        // A recursive UNION queues a row at most once, equal under the result columns' collations: the initial
        // SELECT's, else the recursive SELECT's (SQLite's multiSelectCollSeq).
        "WITH RECURSIVE c(x) AS (SELECT 'a' COLLATE NOCASE UNION SELECT upper(x) FROM c) SELECT x FROM c",
        "WITH RECURSIVE c(x) AS (SELECT n FROM t WHERE id = 1 UNION SELECT CASE WHEN x = 'abc' COLLATE BINARY THEN 'ABC' ELSE 'abc' END FROM c) SELECT x FROM c",
        "WITH RECURSIVE c(x) AS (SELECT 'a' UNION SELECT upper(x) COLLATE NOCASE FROM c) SELECT x FROM c",
        "WITH RECURSIVE c(x) AS (SELECT r FROM t WHERE id = 1 UNION SELECT x || ' ' FROM c LIMIT 5) SELECT length(x) FROM c",
        "WITH RECURSIVE c(x, k) AS (SELECT 'a' COLLATE NOCASE, 1 UNION SELECT upper(x), k FROM c) SELECT x, k FROM c",

        // Derived tables and views keep the column's collation.
        "SELECT id FROM (SELECT id, n FROM t) WHERE n = 'abc' ORDER BY id",
        "SELECT id FROM (SELECT id, b COLLATE NOCASE AS x FROM t) WHERE x = 'abc' ORDER BY id",
        "SELECT id FROM (SELECT id, n || '' AS x FROM t) WHERE x = 'abc' ORDER BY id",

        // Joins.
        "SELECT a.id, c.id FROM t a JOIN t c ON a.n = c.b WHERE a.id < 6 ORDER BY 1, 2",
        "SELECT a.id, c.id FROM t a JOIN t c ON a.b = c.n WHERE a.id < 6 ORDER BY 1, 2",

        // Windows.
        "SELECT id, count(*) OVER (PARTITION BY n) FROM t ORDER BY id",
        "SELECT id, count(*) OVER (PARTITION BY b COLLATE NOCASE) FROM t ORDER BY id",
        "SELECT id, row_number() OVER (ORDER BY n, id) FROM t ORDER BY id",
        "SELECT id, row_number() OVER (ORDER BY b COLLATE NOCASE, id) FROM t ORDER BY id",
        "SELECT id, rank() OVER (ORDER BY r) FROM t ORDER BY id",

        // Errors.
        "SELECT 1 FROM t WHERE b = 'a' COLLATE nosuch",
        "SELECT 1 FROM t ORDER BY b COLLATE nosuch",
    ];

    public static TheoryData<string> Queries() => new(s_queries);

    [Theory]
    [MemberData(nameof(Queries))]
    public void Query_matches_sqlite(string sql)
    {
        using var db = new DualDatabase(Setup);
        db.AssertSame(sql);
    }

    [Theory]
    [InlineData("CREATE INDEX tn ON t(n)")]
    [InlineData("CREATE INDEX tb ON t(b COLLATE NOCASE)")]
    [InlineData("CREATE INDEX tr ON t(r, b)")]
    [InlineData("CREATE INDEX tnd ON t(n DESC)")]
    [InlineData("CREATE INDEX tbb ON t(b)")]
    public void Queries_match_sqlite_with_an_index(string index)
    {
        using var db = new DualDatabase(Setup);
        db.Execute(index);
        foreach (string sql in s_queries)
        {
            if (sql != IndexDependent)
            {
                db.AssertSame(sql);
            }
        }
    }

    [Fact]
    public void Unique_nocase_column_refuses_a_value_differing_only_in_case()
    {
        using var db = new DualDatabase("CREATE TABLE u(x TEXT UNIQUE COLLATE NOCASE, y TEXT COLLATE RTRIM, UNIQUE (y))");
        db.Execute("INSERT INTO u VALUES ('a', 'k')");
        var error = Assert.Throws<SharpCoreDBException>(() => db.Engine.Execute("INSERT INTO u VALUES ('A', 'z')"));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Throws<SharpCoreDBException>(() => db.Engine.Execute("INSERT INTO u VALUES ('b', 'k  ')"));
        db.Execute("INSERT INTO u VALUES ('ä', 'm')");
        db.Execute("INSERT INTO u VALUES ('Ä', 'n')");
        db.Execute("INSERT OR REPLACE INTO u VALUES ('A', 'p')");
        db.AssertSame("SELECT x, y FROM u ORDER BY x, y");
    }

    [Fact]
    public void Unique_index_with_collate_refuses_a_value_differing_only_in_case()
    {
        using var db = new DualDatabase("CREATE TABLE u(x TEXT); CREATE UNIQUE INDEX ux ON u(x COLLATE NOCASE)");
        db.Execute("INSERT INTO u VALUES ('Hello')");
        Assert.Throws<SharpCoreDBException>(() => db.Engine.Execute("INSERT INTO u VALUES ('HELLO')"));
        db.Execute("INSERT INTO u VALUES ('Hello ')");
        db.AssertSame("SELECT x FROM u ORDER BY x");
    }

    [Fact]
    public void Creating_a_unique_nocase_index_over_case_duplicates_fails()
    {
        using var db = new DualDatabase("CREATE TABLE u(x TEXT); INSERT INTO u VALUES ('a'), ('A')");
        var error = Assert.Throws<SharpCoreDBException>(() => db.Engine.Execute("CREATE UNIQUE INDEX ux ON u(x COLLATE NOCASE)"));
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
    }

    [Theory]
    [InlineData("REINDEX NOCASE")]
    [InlineData("REINDEX rtrim")]
    [InlineData("REINDEX BINARY")]
    public void Reindex_by_collation_name_rebuilds_and_keeps_answers(string sql)
    {
        using var db = new DualDatabase(Setup + "CREATE INDEX tn ON t(n); CREATE INDEX tr ON t(r);");
        db.Execute(sql);
        db.AssertSame("SELECT id FROM t WHERE n = 'ABC' ORDER BY id");
        db.AssertSame("SELECT id FROM t WHERE r = 'abc' ORDER BY id");
    }

    [Theory]
    [InlineData("SELECT 'a' = 'b' COLLATE nosuch")]
    [InlineData("CREATE TABLE z(a TEXT COLLATE nosuch)")]
    [InlineData("CREATE INDEX z ON t(b COLLATE nosuch)")]
    public void Unknown_collation_is_refused_with_sqlites_message(string sql)
    {
        using var db = new DualDatabase(Setup);
        var error = Assert.Throws<SharpCoreDBException>(() => db.Engine.Execute(sql));
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
        Assert.StartsWith("no such collation sequence: nosuch", error.Message, StringComparison.Ordinal);
    }
}
