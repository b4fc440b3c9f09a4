using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Compound SELECTs against SQLite where equal rows of different types meet: the set operations keep the last of
/// equal rows (SQLite inserts them into an index, where a later equal row replaces an earlier one).
/// </summary>
public sealed class CompoundSelectTests : IDisposable
{
    private readonly DualDatabase _both = new();

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1.0 AS x UNION SELECT 1)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1 AS x UNION SELECT 1.0)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1 AS x UNION SELECT 1.0 UNION SELECT 1)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1.0 AS x INTERSECT SELECT 1)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1 AS x INTERSECT SELECT 1.0)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1.0 AS x UNION ALL SELECT 1 INTERSECT SELECT 1)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1.0 AS x UNION ALL SELECT 1 EXCEPT SELECT 2)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1 AS x UNION ALL SELECT 1.0 UNION SELECT 2)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 1.0 AS x UNION SELECT 1 UNION ALL SELECT 1.0)")]
    [InlineData("SELECT typeof(x), x FROM (SELECT 2 AS x UNION SELECT 2.0 UNION SELECT 1.0 UNION SELECT 1)")]
    public void Equal_rows_of_different_types_keep_the_last_as_in_sqlite(string sql) =>
        _both.AssertSame(sql);
}
