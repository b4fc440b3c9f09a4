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

    // Every page of a value gets a new stamp (pages are 4 KiB or more, so 256 bytes leaves none out).
    private const int StampStride = 256;

    /// <summary>
    /// Writes a new version number into <paramref name="value"/>, every 256 bytes, before it overwrites a record. SQLite
    /// skips writing what an update leaves unchanged: an update that writes back the bytes a record already holds
    /// changes no page (no log write, no fsync), and a same-size overwrite of a large value rewrites only the overflow
    /// pages whose bytes differ. An overwrite benchmark must change every page of the value to measure a write.
    /// </summary>
    /// <param name="value">The value about to be written.</param>
    /// <param name="version">The caller's counter, advanced by one.</param>
    public static void Stamp(byte[] value, ref long version)
    {
        ArgumentNullException.ThrowIfNull(value);
        version++;
        Span<byte> bytes = stackalloc byte[sizeof(long)];
        System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(bytes, version);
        for (int offset = 0; offset < value.Length; offset += StampStride)
        {
            bytes.Slice(0, Math.Min(bytes.Length, value.Length - offset)).CopyTo(value.AsSpan(offset));
        }
    }
}
