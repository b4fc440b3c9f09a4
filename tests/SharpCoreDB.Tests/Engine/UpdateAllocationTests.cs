using SharpCoreDB.Engine;
using SharpCoreDB.Records;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// What a prepared UPDATE by key allocates per execution inside a transaction: the plan keeps its per-execution
/// objects (as DELETE's does), so a loop of updates does not feed the garbage collector a list per statement.
/// </summary>
public sealed class UpdateAllocationTests(ITestOutputHelper output)
{
    private const int Rows = 100;
    private const int Executions = 2_000;

    [Fact]
    public void A_prepared_update_by_key_reuses_its_row_id_list()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
        db.Execute("BEGIN");
        Statement insert = db.Session.Prepare("INSERT INTO t VALUES (?, 0)");
        for (int i = 1; i <= Rows; i++)
        {
            insert.ExecuteNonQuery(db.Session, [SqlValue.FromInt64(i)]);
        }

        Statement update = db.Session.Prepare("UPDATE t SET v = ? WHERE id = ?");
        SqlValue[] arguments = new SqlValue[2];
        double least = double.MaxValue;
        for (int round = 0; round < 5; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < Executions; i++)
            {
                arguments[0] = SqlValue.FromInt64(round);
                arguments[1] = SqlValue.FromInt64(1 + (i % Rows));
                Assert.Equal(1, update.ExecuteNonQuery(db.Session, arguments));
            }

            least = Math.Min(least, (GC.GetAllocatedBytesForCurrentThread() - before) / (double)Executions);
        }

        db.Execute("COMMIT");
        output.WriteLine($"{least:F1} bytes per UPDATE");

        // 568 bytes per UPDATE with a new row-id list per execution (the list and its array: 104 bytes).
        Assert.True(least < 520, $"a prepared UPDATE by key allocated {least:F1} bytes per execution");
    }
}
