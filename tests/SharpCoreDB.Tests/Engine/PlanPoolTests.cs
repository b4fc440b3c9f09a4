using SharpCoreDB.Engine;
using SharpCoreDB.Execution;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// A statement keeps the plans concurrent executions gave back, so a statement run by many sessions at once (each
/// holding its plan until its commit is durable) plans once per concurrent execution, not once per execution.
/// </summary>
public sealed class PlanPoolTests
{
    [Fact]
    public void Plans_given_back_by_fifty_concurrent_executions_are_all_reused_by_the_next_fifty()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
        using Session session = db.Database.CreateSession();
        Statement insert = session.Prepare("INSERT INTO t(v) VALUES (?)");
        const int Concurrent = 50;

        ExecutablePlan[] held = Rent(insert, db.Database, Concurrent);
        int compiled = insert.PlansCompiled;
        GiveBack(insert, held);

        // What fifty committers waiting for one group's sync hold at once: each plan must come from the pool.
        held = Rent(insert, db.Database, Concurrent);
        Assert.Equal(compiled, insert.PlansCompiled);
        GiveBack(insert, held);
    }

    private static ExecutablePlan[] Rent(Statement statement, Database database, int count)
    {
        var plans = new ExecutablePlan[count];
        for (int i = 0; i < count; i++)
        {
            plans[i] = statement.Rent(0, database.Schema);
        }

        return plans;
    }

    private static void GiveBack(Statement statement, ExecutablePlan[] plans)
    {
        foreach (ExecutablePlan plan in plans)
        {
            statement.Return(0, plan);
        }
    }
}
