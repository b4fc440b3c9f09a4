using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

public sealed class AllocationTests
{
    [Fact]
    public void Scan_filter_project_over_integer_columns_allocates_nothing_per_row()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER)");
        db.Execute("BEGIN");
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (?, ?, ?)");
        for (int i = 0; i < 20_000; i++)
        {
            insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(i), SqlValue.FromInt64(i % 7), SqlValue.FromInt64(-i)]);
        }

        db.Execute("COMMIT");
        Statement select = db.Session.Prepare("SELECT a + c, b * 2 FROM t WHERE b < 5 AND a >= 0");

        // Warm up: plans, pooled buffers and the JIT are in place before measuring.
        Assert.Equal(14_286, Count(db.Session, select));
        long before = GC.GetAllocatedBytesForCurrentThread();
        Assert.Equal(14_286, Count(db.Session, select));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // A fixed cost per statement (snapshot, cursor, result, the odd runtime allocation) is fine; the smallest
        // per-row allocation would be 20,000 × 24 bytes = 480 KB.
        Assert.True(allocated < 32_000, $"the scan allocated {allocated} bytes for 20,000 rows");
    }

    private static int Count(Session session, Statement select)
    {
        int rows = 0;
        using QueryResult result = select.Execute(session, []);
        while (result.Read())
        {
            rows++;
        }

        return rows;
    }
}
