using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// Opens the SQLite side of every comparison with the same settings: WAL journal, <c>synchronous=FULL</c>
/// (an fsync of the log at every commit, the like-for-like partner of SharpCoreDB's durable modes), 4 KiB pages,
/// a page cache of the same size in bytes as SharpCoreDB's, a busy timeout for concurrent writers, and no
/// connection pooling, so closing a connection really closes the file and a new one starts with a cold cache.
/// </summary>
internal static class SqliteDatabase
{
    /// <summary>Opens (creating when missing) a SQLite database configured as described on the type.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="cacheBytes">The page cache size in bytes.</param>
    /// <param name="pooling">True for Microsoft.Data.Sqlite's pooling; false (the comparisons' setting) as described on the type.</param>
    /// <returns>The open connection.</returns>
    /// <exception cref="InvalidOperationException">SQLite did not switch to WAL mode.</exception>
    public static SqliteConnection Open(string path, long cacheBytes, bool pooling = false) => OpenFile(path, cacheBytes, "wal", pooling);

    /// <summary>
    /// Opens (creating when missing) a SQLite database as <see cref="Open"/> does but with the rollback journal
    /// (<c>journal_mode=DELETE</c>): every commit writes and syncs the journal, the database and the directory.
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="cacheBytes">The page cache size in bytes.</param>
    /// <param name="pooling">True for Microsoft.Data.Sqlite's pooling; false (the comparisons' setting) as described on the type.</param>
    /// <returns>The open connection.</returns>
    /// <exception cref="InvalidOperationException">SQLite did not switch to the rollback journal.</exception>
    public static SqliteConnection OpenRollbackJournal(string path, long cacheBytes, bool pooling = false) => OpenFile(path, cacheBytes, "delete", pooling);

    /// <summary>
    /// Opens a connection to the in-memory database <paramref name="name"/> with a shared cache, so every connection
    /// with that name sees one database (it lives while one of them is open).
    /// </summary>
    /// <param name="name">The database name, unique in the process.</param>
    /// <param name="cacheBytes">The page cache size in bytes.</param>
    /// <returns>The open connection.</returns>
    public static SqliteConnection OpenMemory(string name, long cacheBytes)
    {
        var builder = new SqliteConnectionStringBuilder
        {
            DataSource = name,
            Mode = SqliteOpenMode.Memory,
            Cache = SqliteCacheMode.Shared,
            Pooling = false,
            DefaultTimeout = 30,
        };
        var connection = new SqliteConnection(builder.ToString());
        connection.Open();
        try
        {
            Execute(connection, string.Create(CultureInfo.InvariantCulture, $"PRAGMA cache_size = -{cacheBytes / 1024}"));
            return connection;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    private static SqliteConnection OpenFile(string path, long cacheBytes, string journalMode, bool pooling)
    {
        var builder = new SqliteConnectionStringBuilder
        {
            DataSource = path,
            Mode = SqliteOpenMode.ReadWriteCreate,
            Pooling = pooling,
            DefaultTimeout = 30,
        };
        var connection = new SqliteConnection(builder.ToString());
        connection.Open();
        try
        {
            // page_size only takes effect before the first table exists, which is when this first runs.
            Execute(connection, "PRAGMA page_size = 4096");
            string mode = Convert.ToString(Scalar(connection, $"PRAGMA journal_mode = {journalMode}"), CultureInfo.InvariantCulture) ?? string.Empty;
            if (!string.Equals(mode, journalMode, StringComparison.OrdinalIgnoreCase))
            {
                throw new InvalidOperationException($"SQLite stayed in journal mode '{mode}' for '{path}'; the comparison needs '{journalMode}'.");
            }

            Execute(connection, "PRAGMA synchronous = FULL");
            Execute(connection, string.Create(CultureInfo.InvariantCulture, $"PRAGMA cache_size = -{cacheBytes / 1024}"));
            Execute(connection, "PRAGMA busy_timeout = 30000");
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
    public static void Execute(SqliteConnection connection, string sql)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <summary>Runs a query without parameters and returns its first value.</summary>
    /// <param name="connection">The connection.</param>
    /// <param name="sql">The SQL.</param>
    /// <returns>The first column of the first row, or null.</returns>
    public static object? Scalar(SqliteConnection connection, string sql)
    {
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
