using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// Scalar <c>min(a, b, ...)</c>, <c>max(a, b, ...)</c> and <c>nullif(a, b)</c> compare TEXT with the collation of
/// their first argument that has one (a COLLATE, or a column's, which is BINARY when it declares none), as SQLite's
/// SQLITE_FUNC_NEEDCOLL functions do: unlike a comparison, an explicit COLLATE on a later argument does not win over
/// an earlier column.
/// </summary>
public sealed class CollatedScalarFunctionTests
{
    private const string Setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, b TEXT, n TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM);
        INSERT INTO t VALUES (1, 'a', 'B', 'x');
        INSERT INTO t VALUES (2, 'B', 'a', 'x  ');
        INSERT INTO t VALUES (3, 'b', 'A', 'X');
        INSERT INTO t VALUES (4, NULL, 'c', 'y');
        INSERT INTO t VALUES (5, 'ä', 'Ä', 'ä ');
        """;

    [Theory]
    [InlineData("SELECT id, min(b, n), max(b, n), min(n, b), max(n, b) FROM t ORDER BY id")]
    [InlineData("SELECT id, min('a', n), max('a', n), min(n, 'a'), max(n, 'a') FROM t ORDER BY id")]
    [InlineData("SELECT id, min(b, n COLLATE NOCASE), min(b COLLATE NOCASE, n), min(n COLLATE BINARY, b) FROM t ORDER BY id")]
    [InlineData("SELECT id, min('a', 'B' COLLATE NOCASE), max('a' COLLATE NOCASE, 'B' COLLATE BINARY), min('B', 'a') FROM t ORDER BY id")]
    [InlineData("SELECT id, min('x', r, 'X'), max(r, 'x '), min(r, 'x '), max('x ', r) FROM t ORDER BY id")]
    [InlineData("SELECT id, min(1, n, 'a'), max(n, 2, x'00'), min(n, NULL), max(NULL, n) FROM t ORDER BY id")]
    [InlineData("SELECT id, min(n || '', 'a'), min(+n, 'a'), min(CAST(n AS TEXT), 'a'), min(upper(n), 'b') FROM t ORDER BY id")]
    [InlineData("SELECT id, nullif(n, 'b'), nullif('b', n), nullif(b, 'A' COLLATE NOCASE), nullif('A' COLLATE NOCASE, b) FROM t ORDER BY id")]
    [InlineData("SELECT id, nullif(r, 'x'), nullif('x', r), nullif(b, n), nullif(n, b) FROM t ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE min(n, 'b') = 'B' ORDER BY id")]
    [InlineData("SELECT id FROM t WHERE nullif(n, 'a') IS NULL ORDER BY id")]
    [InlineData("SELECT min('a' COLLATE NOCASE, 'A'), max('a' COLLATE NOCASE, 'A'), min('A', 'a' COLLATE NOCASE), max('A', 'a' COLLATE NOCASE)")]
    public void Collated_scalar_function_matches_sqlite(string sql)
    {
        using var db = new DualDatabase(Setup);
        db.AssertSame(sql);
    }

    [Fact]
    public void Scalar_min_and_max_honour_a_user_collation()
    {
        using var db = new DualDatabase();
        db.Sqlite.CreateCollation("bylen", ByLength);
        db.Engine.Database.Collations.Set("bylen", ByLength);
        db.Execute("CREATE TABLE w(x TEXT COLLATE bylen); INSERT INTO w VALUES ('pear'), ('fig'), ('banana')");
        db.AssertSame("SELECT x, min(x, 'kiwi'), max(x, 'kiwi'), nullif(x, 'abcd'), min('zz', 'aaa' COLLATE bylen) FROM w ORDER BY x");
    }

    private static int ByLength(string x, string y) => x.Length != y.Length ? x.Length.CompareTo(y.Length) : string.CompareOrdinal(x, y);
}
