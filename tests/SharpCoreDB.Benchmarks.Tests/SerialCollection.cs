namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>Tests that read the whole process's CPU time, and so run while no other test of this assembly does.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class SerialCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "serial";
}
