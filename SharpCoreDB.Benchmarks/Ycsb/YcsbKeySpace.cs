namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>The records of a YCSB run: keys 1..<see cref="Loaded"/> from the load phase, then inserted keys upward, shared by the clients.</summary>
internal sealed class YcsbKeySpace
{
    private long _newest;

    /// <summary>Starts after the load phase.</summary>
    /// <param name="loaded">The records loaded.</param>
    public YcsbKeySpace(long loaded)
    {
        Loaded = loaded;
        _newest = loaded;
    }

    /// <summary>The records of the load phase.</summary>
    public long Loaded { get; }

    /// <summary>The highest key handed out for insertion so far (it may still be being inserted, as in YCSB).</summary>
    public long Newest => Interlocked.Read(ref _newest);

    /// <summary>Hands out the next key to insert.</summary>
    /// <returns>The key.</returns>
    public long Reserve() => Interlocked.Increment(ref _newest);
}
