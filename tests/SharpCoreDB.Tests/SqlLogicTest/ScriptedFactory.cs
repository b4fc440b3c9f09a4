using System.Data.Common;

namespace SharpCoreDB.Tests.SqlLogicTest;

/// <summary>
/// A fake engine for the runner's own tests: a statement <c>HANG</c> blocks until <see cref="Release"/> is set,
/// <c>CRASH</c> throws a non-database exception, <c>FAIL</c> a database error; anything else succeeds.
/// </summary>
internal sealed class ScriptedFactory : DbProviderFactory
{
    private int _cancelCalls;

    public ManualResetEventSlim Release { get; } = new(false);

    public int CancelCalls => Volatile.Read(ref _cancelCalls);

    public override DbConnection CreateConnection() => new ScriptedConnection(this);

    public void CountCancel() => Interlocked.Increment(ref _cancelCalls);
}
