namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// One client of a <see cref="ContenderStore"/>: for the SQL engines a connection of its own with prepared commands
/// (made on first use, so an open that is being timed does not also prepare statements it never runs), for LiteDB a
/// view on the one shared database. A session is used by one thread at a time.
/// </summary>
/// <remarks>
/// Every contender stores the same record: a 64-bit key, an indexed 64-bit tag (<see cref="KvSchema.TagOf"/>), a
/// small unindexed score (<see cref="KvSchema.ScoreOf"/>) and a value of bytes. Every read materializes the value
/// (a <c>byte[]</c>), as an application would.
/// </remarks>
internal interface IStoreSession : IDisposable
{
    /// <summary>Inserts keys <paramref name="firstKey"/> .. +<paramref name="count"/>-1 in one durable transaction (autocommit when one).</summary>
    /// <param name="firstKey">The first key.</param>
    /// <param name="count">How many records.</param>
    /// <param name="value">The value of every record.</param>
    void InsertBatch(long firstKey, int count, byte[] value);

    /// <summary>Reads the record with <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <returns>The value's length, or -1 when there is no such record.</returns>
    int Read(long key);

    /// <summary>Reads the record whose indexed tag is <paramref name="tag"/>.</summary>
    /// <param name="tag">The tag.</param>
    /// <returns>The value's length, or -1 when there is no such record.</returns>
    int ReadByTag(long tag);

    /// <summary>Reads the records with keys in [<paramref name="firstKey"/>, <paramref name="firstKey"/> + <paramref name="count"/>).</summary>
    /// <param name="firstKey">The first key.</param>
    /// <param name="count">The width of the key range.</param>
    /// <returns>The records read.</returns>
    int Range(long firstKey, int count);

    /// <summary>Reads every record whose (unindexed) score is <paramref name="score"/>: a full scan with a filter.</summary>
    /// <param name="score">The score.</param>
    /// <returns>The records that matched.</returns>
    int ScanWhereScore(int score);

    /// <summary>Replaces the value of the record with <paramref name="key"/> (autocommit, durable).</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The new value.</param>
    void Update(long key, byte[] value);

    /// <summary>Deletes the record with <paramref name="key"/> (autocommit, durable).</summary>
    /// <param name="key">The key.</param>
    void Delete(long key);

    /// <summary>Runs one read-only transaction: begin, read each key, commit.</summary>
    /// <param name="keys">The keys to read.</param>
    /// <returns>The records found.</returns>
    int ReadOnlyTransaction(long[] keys);
}
