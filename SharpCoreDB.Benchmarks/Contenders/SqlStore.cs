using System.Data.Common;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// A SQLite or SharpCoreDB database reached through ADO.NET; every session is a connection of its own. For SQLite
/// in memory a keeper connection holds the shared-cache database alive between sessions.
/// </summary>
internal sealed class SqlStore : ContenderStore
{
    private readonly Func<DbConnection> _open;
    private readonly SqlStoreSession _main;
    private readonly bool _sqlite;

    private SqlStore(Contender contender, Func<DbConnection> open, bool create)
    {
        Contender = contender;
        _open = open;
        _sqlite = ContenderFacts.IsSqlite(contender);
        DbConnection first = open();
        try
        {
            if (create)
            {
                Execute(first, KvSchema.CreateTableSql);
                Execute(first, KvSchema.CreateIndexSql);
            }
        }
        catch
        {
            first.Dispose();
            throw;
        }

        // For SQLite in memory this first connection is also what keeps the shared-cache database alive.
        _main = new SqlStoreSession(first, _sqlite);
    }

    /// <inheritdoc />
    public override Contender Contender { get; }

    /// <summary>Creates the database of a SQLite or SharpCoreDB contender.</summary>
    /// <param name="contender">The contender.</param>
    /// <param name="directory">The benchmark folder.</param>
    /// <param name="cacheBytes">The page cache in bytes.</param>
    /// <param name="create">True to create the table and index.</param>
    /// <param name="pooling">True to open connections with the provider's pooling on (file databases only).</param>
    /// <returns>The store.</returns>
    public static SqlStore Create(Contender contender, BenchmarkDirectory directory, long cacheBytes, bool create, bool pooling = false) =>
        new(contender, Opener(contender, directory, cacheBytes, pooling), create);

    /// <summary>
    /// What opens a new connection to the database of a SQLite or SharpCoreDB contender in <paramref name="directory"/>
    /// (each call opens one more), with the settings every suite uses.
    /// </summary>
    /// <param name="contender">A SQLite or SharpCoreDB contender.</param>
    /// <param name="directory">The benchmark folder.</param>
    /// <param name="cacheBytes">The page cache in bytes.</param>
    /// <param name="pooling">True to open with the provider's pooling on (file databases only; the suites keep it off).</param>
    /// <returns>The opener.</returns>
    public static Func<DbConnection> Opener(Contender contender, BenchmarkDirectory directory, long cacheBytes, bool pooling = false)
    {
        if (pooling && contender == Contender.SQLite_Memory)
        {
            throw new ArgumentException("The shared-cache memory database is not pooled.", nameof(pooling));
        }

        return contender switch
        {
            Contender.SQLite_WAL_Full => () => SqliteDatabase.Open(directory.File("bench.db"), cacheBytes, pooling),
            Contender.SQLite_Rollback => () => SqliteDatabase.OpenRollbackJournal(directory.File("bench.db"), cacheBytes, pooling),
            Contender.SQLite_Memory => MemoryOpener(cacheBytes),
            _ => SharpCoreDBOpener(contender, directory, cacheBytes, pooling),
        };
    }

    /// <summary>The connection string a SharpCoreDB contender opens with.</summary>
    /// <param name="contender">A SharpCoreDB contender.</param>
    /// <param name="path">The database file.</param>
    /// <param name="cacheBytes">The page cache in bytes.</param>
    /// <param name="pooling">True for the provider's pooling (the suites keep it off).</param>
    /// <returns>The connection string.</returns>
    public static string SharpCoreDBConnectionString(Contender contender, string path, long cacheBytes, bool pooling = false)
    {
        DurabilityMode durability = contender switch
        {
            Contender.SharpCoreDB_Legacy or Contender.SharpCoreDB_Legacy_Encrypted => DurabilityMode.Legacy,
            Contender.SharpCoreDB_FullSync or Contender.SharpCoreDB_FullSync_Encrypted => DurabilityMode.FullSync,
            Contender.SharpCoreDB_Async or Contender.SharpCoreDB_Async_Encrypted => DurabilityMode.Async,
            _ => throw new ArgumentOutOfRangeException(nameof(contender), contender, "Not a SharpCoreDB contender."),
        };
        return SharpCoreDBDatabase.ConnectionString(path, durability, cacheBytes, ContenderFacts.IsEncrypted(contender), pooling);
    }

    /// <inheritdoc />
    public override IStoreSession Main => _main;

    /// <inheritdoc />
    public override IStoreSession OpenSession() => new SqlStoreSession(_open(), _sqlite);

    /// <inheritdoc />
    public override void Dispose() => _main.Dispose();

    private static Func<DbConnection> SharpCoreDBOpener(Contender contender, BenchmarkDirectory directory, long cacheBytes, bool pooling)
    {
        string connectionString = SharpCoreDBConnectionString(contender, directory.File("bench.scdb"), cacheBytes, pooling);
        return () => SharpCoreDBDatabase.Open(connectionString);
    }

    private static Func<DbConnection> MemoryOpener(long cacheBytes)
    {
        // A unique name per store: shared-cache memory databases are process-wide by name.
        string name = $"sharpcoredb-bench-{Guid.NewGuid():N}";
        return () => SqliteDatabase.OpenMemory(name, cacheBytes);
    }

    private static void Execute(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
