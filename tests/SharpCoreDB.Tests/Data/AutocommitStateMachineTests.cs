using System.Data.Common;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using SharpCoreDB.Tests.Data.Conformance;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A one-row autocommit write whose writer slot is free and whose commit has nothing to wait for (Async durability)
/// runs its statement without async state machines of the engine's on the stack: each one costs a thread-static read
/// and an execution-context save and restore, and the synchronous path ran four of them around the statement (the
/// command's RunNonQuery, the statement's core, the autocommit runner, plus the command's own core), more around the
/// writer slot and the commit. Counted from the stack seen by a user function the INSERT evaluates.
/// </summary>
public sealed class AutocommitStateMachineTests : IDisposable
{
    private readonly TempDatabase _db = new();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Autocommit_insert_runs_without_the_engines_async_state_machines(bool async)
    {
        using var connection = new SharpCoreDBConnection(_db.ConnectionString("Durability=Async"));
        connection.Open();
        int machines = -1;
        connection.CreateFunction("probe", (long value) =>
        {
            machines = EngineStateMachines(new StackTrace());
            return value;
        });
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL)";
            create.ExecuteNonQuery();
        }

        using DbCommand insert = connection.CreateCommand();
        insert.CommandText = "INSERT INTO t (a) VALUES (probe(@a))";
        DbParameter parameter = insert.CreateParameter();
        parameter.ParameterName = "@a";
        parameter.Value = 7L;
        insert.Parameters.Add(parameter);

        Assert.Equal(1, await Api.NonQuery(insert, async));

        // Only the command's own core (the public async API must keep returning a task that carries its errors).
        Assert.Equal(1, machines);
    }

    // The MoveNext frames of async methods of the provider and engine (the test's own are not counted).
    private static int EngineStateMachines(StackTrace trace)
    {
        int count = 0;
        foreach (StackFrame frame in trace.GetFrames())
        {
            if (frame.GetMethod() is { Name: "MoveNext", DeclaringType: { } type }
                && typeof(IAsyncStateMachine).IsAssignableFrom(type)
                && type.Assembly == typeof(SharpCoreDBConnection).Assembly)
            {
                count++;
            }
        }

        return count;
    }

    public void Dispose() => _db.Dispose();
}
