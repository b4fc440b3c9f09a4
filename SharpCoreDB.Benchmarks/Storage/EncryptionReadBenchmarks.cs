using System.Data.Common;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Storage;

/// <summary>
/// Cold-cache read throughput, encrypted against plain: a 20,000-row table (200-byte blobs, about 5 MB) is written
/// once; each invocation opens a new connection — the only one, so the engine starts with an empty page cache —
/// runs <c>SELECT count(*), sum(length(payload)) FROM items</c> over every row, checks the answer and closes.
/// SharpCoreDB's encrypted/plain ratio is the cost of verifying and decrypting every page (AES-256-GCM) against
/// verifying a CRC32C; compare the two SharpCoreDB means (target: encrypted throughput at least 85% of plain).
/// </summary>
/// <remarks>
/// <para>
/// "Cold" means the engine's cache, not the operating system's: the files stay in the OS page cache, so this
/// measures page decoding and the scan, not the disk. The encrypted database uses a raw 256-bit key
/// (<c>Encryption Key</c>), so no password key derivation is timed. SQLite (no encryption available in
/// Microsoft.Data.Sqlite) is the baseline for the same open-scan-close, in WAL mode with <c>synchronous=FULL</c>
/// and its log checkpointed into the database file before timing; all use 4 KiB pages and a 16 MiB cache.
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
public class EncryptionReadBenchmarks
{
    private const int Rows = 20_000;
    private const int PayloadLength = 200;
    private const long CacheBytes = 16L * 1024 * 1024;
    private const string ScanSql = "SELECT count(*), sum(length(payload)) FROM items";

    private BenchmarkDirectory? _directory;
    private string _sqlitePath = string.Empty;
    private string _plainConnectionString = string.Empty;
    private string _encryptedConnectionString = string.Empty;

    /// <summary>Writes the SQLite database.</summary>
    [GlobalSetup(Target = nameof(SQLite_Plain))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("encryption-sqlite");
        _sqlitePath = _directory.File("scan.db");
        using var connection = SqliteDatabase.Open(_sqlitePath, CacheBytes);
        BenchmarkRows.CreateAndFill(connection, Rows, PayloadLength, seed: 4);
        SqliteDatabase.Execute(connection, "PRAGMA wal_checkpoint(TRUNCATE)");
    }

    /// <summary>Writes the plain SharpCoreDB database.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_Plain))]
    public void SetupPlain()
    {
        _directory = BenchmarkDirectory.Create("encryption-plain");
        _plainConnectionString = Fill(_directory.File("plain.scdb"), encrypted: false);
    }

    /// <summary>Writes the encrypted SharpCoreDB database.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_Encrypted))]
    public void SetupEncrypted()
    {
        _directory = BenchmarkDirectory.Create("encryption-encrypted");
        _encryptedConnectionString = Fill(_directory.File("encrypted.scdb"), encrypted: true);
    }

    /// <summary>Deletes the folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>SQLite: open, scan every row, close.</summary>
    /// <returns>The total payload length.</returns>
    [Benchmark(Baseline = true)]
    public long SQLite_Plain()
    {
        using var connection = SqliteDatabase.Open(_sqlitePath, CacheBytes);
        return Scan(connection);
    }

    /// <summary>SharpCoreDB without encryption (CRC32C per page): open, scan every row, close.</summary>
    /// <returns>The total payload length.</returns>
    [Benchmark]
    public long SharpCoreDB_Plain()
    {
        using var connection = SharpCoreDBDatabase.Open(_plainConnectionString);
        return Scan(connection);
    }

    /// <summary>SharpCoreDB with AES-256-GCM pages: open, scan every row, close.</summary>
    /// <returns>The total payload length.</returns>
    [Benchmark]
    public long SharpCoreDB_Encrypted()
    {
        using var connection = SharpCoreDBDatabase.Open(_encryptedConnectionString);
        return Scan(connection);
    }

    private static string Fill(string path, bool encrypted)
    {
        string connectionString = SharpCoreDBDatabase.ConnectionString(path, DurabilityMode.FullSync, CacheBytes, encrypted);
        using var connection = SharpCoreDBDatabase.Open(connectionString);
        BenchmarkRows.CreateAndFill(connection, Rows, PayloadLength, seed: 4);
        return connectionString;
    }

    private static long Scan(DbConnection connection)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = ScanSql;
        using DbDataReader reader = command.ExecuteReader();
        if (!reader.Read() || reader.GetInt64(0) != Rows || reader.GetInt64(1) != (long)Rows * PayloadLength)
        {
            throw new InvalidOperationException($"The scan did not see {Rows} rows of {PayloadLength}-byte payloads.");
        }

        return reader.GetInt64(1);
    }
}
