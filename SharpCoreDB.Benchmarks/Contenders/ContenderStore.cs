using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// One contender's database in a benchmark folder: opened (and created) by <see cref="Open"/>, with sessions for the
/// client threads. Disposing it closes every session it handed out that is still open and the database.
/// </summary>
internal abstract class ContenderStore : IDisposable
{
    /// <summary>Records per transaction when loading.</summary>
    private const int LoadBatch = 5_000;

    /// <summary>The contender.</summary>
    public abstract Contender Contender { get; }

    /// <summary>The session the store opened with (for the SQL engines, its first connection); the store owns it.</summary>
    public abstract IStoreSession Main { get; }

    /// <summary>
    /// Opens the database of <paramref name="contender"/> in <paramref name="directory"/>; when
    /// <paramref name="create"/>, creates it with the table and its index.
    /// </summary>
    /// <param name="contender">The contender.</param>
    /// <param name="directory">The benchmark folder.</param>
    /// <param name="cacheBytes">The page cache in bytes (SQL engines; LiteDB has no such setting).</param>
    /// <param name="create">True to create the table and index (the database must be new).</param>
    /// <param name="pooling">
    /// True to open the SQL engines' connections with their provider's pooling on (closing the last connection then
    /// leaves the database open in the pool); false, the suites' setting, for a real open and close. LiteDB has no pool.
    /// </param>
    /// <returns>The store.</returns>
    public static ContenderStore Open(Contender contender, BenchmarkDirectory directory, long cacheBytes, bool create = true, bool pooling = false)
    {
        ArgumentNullException.ThrowIfNull(directory);
        if (pooling && ContenderFacts.IsLiteDb(contender))
        {
            throw new ArgumentException("LiteDB has no connection pool.", nameof(pooling));
        }

        return ContenderFacts.IsLiteDb(contender)
            ? LiteDbStore.Create(contender, directory, create)
            : SqlStore.Create(contender, directory, cacheBytes, create, pooling);
    }

    /// <summary>Opens a new session (for the SQL engines, a new connection).</summary>
    /// <returns>The session.</returns>
    public abstract IStoreSession OpenSession();

    /// <summary>Inserts keys 1..<paramref name="records"/>, <see cref="LoadBatch"/> per transaction.</summary>
    /// <param name="records">How many records.</param>
    /// <param name="valueLength">The length of each value.</param>
    /// <param name="seed">The seed of the values.</param>
    public void Load(int records, int valueLength, int seed)
    {
        byte[] value = KvSchema.Value(valueLength, seed);
        IStoreSession session = Main;
        for (long first = 1; first <= records; first += LoadBatch)
        {
            session.InsertBatch(first, (int)Math.Min(LoadBatch, records - first + 1), value);
        }
    }

    /// <summary>Closes the database.</summary>
    public abstract void Dispose();
}
