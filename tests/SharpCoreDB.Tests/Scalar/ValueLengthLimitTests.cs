using SharpCoreDB.Engine;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// The largest TEXT or BLOB a statement may build (SQLite's SQLITE_LIMIT_LENGTH): past it the statement fails with
/// <see cref="SharpCoreDBErrorCode.TooBig"/> instead of running the process out of memory. The tests lower the
/// limit through <see cref="DatabaseOptions.MaxLength"/> so they stay cheap.
/// </summary>
public sealed class ValueLengthLimitTests : IDisposable
{
    private const long Limit = 10_000;

    private readonly EngineHarness _db = new(new DatabaseOptions { DataSource = DatabaseOptions.MemoryDataSource, MaxLength = Limit });

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Doubling_concatenation_in_a_recursive_cte_fails_with_TooBig()
    {
        SharpCoreDBException error = _db.Fails(
            "WITH RECURSIVE r(s) AS (SELECT 'x' UNION ALL SELECT s || s FROM r) SELECT count(*) FROM r");
        Assert.Equal(SharpCoreDBErrorCode.TooBig, error.ErrorCode);
    }

    [Fact]
    public void Default_limit_is_sqlites_one_billion_bytes()
    {
        Assert.Equal(1_000_000_000, new DatabaseOptions { DataSource = DatabaseOptions.MemoryDataSource }.MaxLength);
    }

    [Theory]
    [InlineData("SELECT length(zeroblob(10000))", "SELECT length(zeroblob(10001))")]
    [InlineData("SELECT length(randomblob(10000))", "SELECT length(randomblob(10001))")]
    [InlineData("SELECT length(printf('%10000d', 1))", "SELECT length(printf('%10001d', 1))")]
    [InlineData("SELECT length(replace(hex(zeroblob(2500)), '0', 'ab'))", "SELECT length(replace(hex(zeroblob(2501)), '0', 'ab'))")]
    [InlineData("SELECT length(hex(zeroblob(5000)))", "SELECT length(hex(zeroblob(5001)))")]
    [InlineData("SELECT length(concat(hex(zeroblob(2500)), hex(zeroblob(2500))))", "SELECT length(concat(hex(zeroblob(2500)), hex(zeroblob(2501))))")]
    [InlineData("SELECT length(hex(zeroblob(2500)) || hex(zeroblob(2500)))", "SELECT length(hex(zeroblob(2500)) || hex(zeroblob(2501)))")]
    [InlineData("SELECT length(zeroblob(5000) || zeroblob(5000))", "SELECT length(zeroblob(5000) || zeroblob(5001))")]
    [InlineData("SELECT length(x'00' || zeroblob(9999))", "SELECT length(x'0000' || zeroblob(9999))")]
    [InlineData(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) SELECT length(group_concat(hex(zeroblob(99)), '')) FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 51) SELECT length(group_concat(hex(zeroblob(99)), '')) FROM n")]
    [InlineData(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40) SELECT length(json_group_array(hex(zeroblob(99)))) FROM n",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60) SELECT length(json_group_array(hex(zeroblob(99)))) FROM n")]
    [InlineData(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) SELECT max(l) FROM (SELECT length(group_concat(hex(zeroblob(99)), '') OVER (ORDER BY i)) AS l FROM n)",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 51) SELECT max(l) FROM (SELECT length(group_concat(hex(zeroblob(99)), '') OVER (ORDER BY i)) AS l FROM n)")]
    [InlineData("SELECT length(CAST(zeroblob(10000) AS TEXT))", "SELECT length(CAST(zeroblob(10001) AS TEXT))")]
    public void Values_past_the_limit_fail_with_TooBig_and_values_within_it_do_not(string within, string beyond)
    {
        Assert.Single(_db.Query(within));
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => _db.Query(beyond));
        Assert.Equal(SharpCoreDBErrorCode.TooBig, error.ErrorCode);
    }

    [Fact]
    public void A_bound_parameter_over_the_limit_fails_with_TooBig()
    {
        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => _db.Query("SELECT length(?)", new string('a', (int)Limit + 1)));
        Assert.Equal(SharpCoreDBErrorCode.TooBig, error.ErrorCode);
        Assert.Equal([Limit.ToString(System.Globalization.CultureInfo.InvariantCulture)], _db.Query("SELECT length(?)", new string('a', (int)Limit)));
    }
}
