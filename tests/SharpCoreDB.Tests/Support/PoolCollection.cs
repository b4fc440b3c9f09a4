namespace SharpCoreDB.Tests.Support;

/// <summary>
/// Tests that follow one pooled engine instance from close to the next open: they run alone, after the parallel tests,
/// because other tests call <c>ClearAllPools</c>, which would close the instance under them.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class PoolCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "pooled instances";
}
