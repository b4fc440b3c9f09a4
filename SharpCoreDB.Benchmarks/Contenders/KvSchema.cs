namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>The record every workload suite stores, the same for every contender (see <see cref="IStoreSession"/>).</summary>
internal static class KvSchema
{
    /// <summary>Distinct scores; a scan for one score matches one record in this many.</summary>
    public const int Scores = 1000;

    /// <summary>The SQL table (SQLite and SharpCoreDB).</summary>
    public const string CreateTableSql =
        "CREATE TABLE kv (id INTEGER PRIMARY KEY, tag INTEGER NOT NULL, score INTEGER NOT NULL, value BLOB NOT NULL)";

    /// <summary>The secondary index on the tag.</summary>
    public const string CreateIndexSql = "CREATE UNIQUE INDEX kv_tag ON kv (tag)";

    /// <summary>The indexed tag of a key: unique, and in another order than the keys (so a tag lookup is not a key lookup in disguise).</summary>
    /// <param name="key">The key.</param>
    /// <returns>The tag.</returns>
    public static long TagOf(long key) => (key * 7_919L) ^ 0x5A5A_5A5AL;

    /// <summary>The unindexed score of a key.</summary>
    /// <param name="key">The key.</param>
    /// <returns>The score, 0..<see cref="Scores"/>-1.</returns>
    public static int ScoreOf(long key) => (int)((key * 31L) % Scores);

    /// <summary>Seeded bytes for values.</summary>
    /// <param name="length">The length.</param>
    /// <param name="seed">The seed.</param>
    /// <returns>The value.</returns>
    public static byte[] Value(int length, int seed)
    {
        var value = new byte[length];
        new Random(seed).NextBytes(value);
        return value;
    }
}
