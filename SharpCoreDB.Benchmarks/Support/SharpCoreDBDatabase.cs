using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// Opens the SharpCoreDB side of every comparison: 4 KiB pages, a page cache given in bytes (the same figure the
/// SQLite side gets), the durability mode under test, and optionally a raw 256-bit key (no password, so no
/// key-derivation cost lands in an open that is being timed), and no connection pool, as on the SQLite side.
/// </summary>
internal static class SharpCoreDBDatabase
{
    /// <summary>The page size both engines use.</summary>
    public const int PageSize = 4096;

    /// <summary>A fixed raw key for the encrypted databases (a benchmark, not a secret).</summary>
    public const string BenchmarkKey = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    /// <summary>The connection string for a database file.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="durability">The durability mode.</param>
    /// <param name="cacheBytes">The page cache size in bytes.</param>
    /// <param name="encrypted">True to open (or create) the file encrypted with <see cref="BenchmarkKey"/>.</param>
    /// <param name="pooling">True for the provider's pooling; false (the comparisons' setting) as described on the type.</param>
    /// <returns>The connection string.</returns>
    public static string ConnectionString(string path, DurabilityMode durability, long cacheBytes, bool encrypted = false, bool pooling = false)
    {
        var builder = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = path,
            Durability = durability,
            PageSize = PageSize,
            CacheSize = checked((int)(cacheBytes / PageSize)),
            DefaultTimeout = 30,

            // As the SQLite side (Pooling=False): closing the last connection closes the database, so an open in a
            // timed method is a real open (the cold-open benchmarks), never a warm database handed back by the pool.
            // Connections open at the same time still share one engine, pooled or not.
            Pooling = pooling,
        };
        if (encrypted)
        {
            builder.EncryptionKey = BenchmarkKey;
        }

        return builder.ConnectionString;
    }

    /// <summary>Opens a connection.</summary>
    /// <param name="connectionString">The connection string.</param>
    /// <returns>The open connection.</returns>
    public static SharpCoreDBConnection Open(string connectionString)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        try
        {
            connection.Open();
            return connection;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    /// <summary>Runs a statement without parameters.</summary>
    /// <param name="connection">The connection.</param>
    /// <param name="sql">The SQL.</param>
    public static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
