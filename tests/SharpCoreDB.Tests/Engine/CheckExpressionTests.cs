using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>What a CHECK constraint may contain, as in SQLite: no subquery; random() is allowed.</summary>
public sealed class CheckExpressionTests : IDisposable
{
    private readonly DualDatabase _db = new();

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData("CREATE TABLE w(a CHECK (a > (SELECT 1)))")]
    [InlineData("CREATE TABLE w(a, CHECK (EXISTS (SELECT 1)))")]
    [InlineData("CREATE TABLE w(a CHECK (a IN (SELECT 1)))")]
    public void A_subquery_in_check_is_refused_with_sqlites_message(string sql)
    {
        const string message = "subqueries prohibited in CHECK constraints";
        Assert.StartsWith(message, Assert.Throws<SharpCoreDBException>(() => _db.Engine.Execute(sql)).Message, StringComparison.Ordinal);
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _db.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_non_deterministic_function_in_check_is_allowed()
    {
        _db.Execute("CREATE TABLE r(a CHECK (a + random() IS NOT NULL)); INSERT INTO r VALUES (1)");
        _db.AssertSame("SELECT count(*) FROM r");
    }
}
