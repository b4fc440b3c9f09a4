namespace SharpCoreDB.Tests.Support;

/// <summary>
/// Tests that count the bytes every thread allocates (<see cref="GC.GetTotalAllocatedBytes(bool)"/>): they run alone,
/// after the parallel tests, so no other test's allocations are counted with theirs.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class AllocationCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "process-wide allocation";
}
