using SharpCoreDB.Engine;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Collations;

/// <summary>Column and index collations come back with the stored CREATE TABLE and CREATE INDEX text.</summary>
public sealed class CollationPersistenceTests
{
    [Fact]
    public void Collations_survive_reopen()
    {
        using var temp = new TempDatabase();
        DatabaseOptions options = temp.Options();
        using (var db = new EngineHarness(options))
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, n TEXT COLLATE NOCASE UNIQUE, r TEXT COLLATE RTRIM, b TEXT)");
            db.Execute("CREATE INDEX t_b ON t(b COLLATE NOCASE)");
            db.Execute("INSERT INTO t VALUES (1, 'Abc', 'x', 'Q'), (2, 'b', 'y ', 'q2')");
        }

        Database.ClearAllPools();
        using (var db = new EngineHarness(options))
        {
            Assert.Equal(["1"], db.Query("SELECT id FROM t WHERE n = 'ABC'"));
            Assert.Equal(["2"], db.Query("SELECT id FROM t WHERE r = 'y'"));
            Assert.Equal(["1"], db.Query("SELECT id FROM t WHERE b = 'q' COLLATE NOCASE"));
            Assert.Contains("USING INDEX t_b", string.Join("\n", db.Query("EXPLAIN SELECT id FROM t WHERE b = 'q' COLLATE NOCASE")), StringComparison.Ordinal);
            var error = Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t VALUES (3, 'abc', 'z', 'z')"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        }
    }
}
