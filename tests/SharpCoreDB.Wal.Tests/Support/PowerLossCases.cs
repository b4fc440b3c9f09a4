namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>How many runs of a power-loss test exercised each <see cref="PowerLossCase"/>; safe to add to from parallel runs.</summary>
internal sealed class PowerLossCases
{
    private int _runs;
    private int _unflushed;
    private int _torn;
    private int _reordered;
    private int _midGroup;

    public int Unflushed => Volatile.Read(ref _unflushed);

    public int Torn => Volatile.Read(ref _torn);

    public int Reordered => Volatile.Read(ref _reordered);

    public int MidGroup => Volatile.Read(ref _midGroup);

    public void Add(PowerLossCase run)
    {
        Interlocked.Increment(ref _runs);
        Count(run.Unflushed, ref _unflushed);
        Count(run.Torn, ref _torn);
        Count(run.Reordered, ref _reordered);
        Count(run.MidGroup, ref _midGroup);
    }

    public override string ToString() =>
        $"{Volatile.Read(ref _runs)} cuts: {Unflushed} with unflushed writes, {Torn} torn, {Reordered} reordered, {MidGroup} mid-group";

    private static void Count(bool happened, ref int counter)
    {
        if (happened)
        {
            Interlocked.Increment(ref counter);
        }
    }
}
