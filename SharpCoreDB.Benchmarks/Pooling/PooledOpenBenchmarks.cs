using BenchmarkDotNet.Attributes;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Pooling;

/// <summary>
/// Open + close of a file database with pooling on (the default of both providers), as an application that opens a
/// connection per unit of work does: each invocation creates a connection from the same connection string, opens it
/// and disposes it. The database was opened once in setup, so every measured open is served by the pool. Targets
/// (issue 21): SharpCoreDB at most twice SQLite's time and at most 1 KB allocated per cycle, with a password too.
/// Runs in process like the workload suites: the generated project's build timed out under load.
/// </summary>
[Config(typeof(SuiteConfig))]
public class PooledOpenBenchmarks
{
    private BenchmarkDirectory? _directory;
    private string _sqlite = string.Empty;
    private string _plain = string.Empty;
    private string _encrypted = string.Empty;

    /// <summary>Creates the three databases and opens each once, so the pools hold them.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = BenchmarkDirectory.Create("pooled-open");
        _sqlite = new SqliteConnectionStringBuilder { DataSource = _directory.File("pool.db"), Pooling = true }.ConnectionString;
        _plain = $"Data Source={_directory.File("pool.scdb")}";
        _encrypted = $"Data Source={_directory.File("pool-encrypted.scdb")};Password=correct horse battery staple";
        using (var connection = new SqliteConnection(_sqlite))
        {
            connection.Open();
            SqliteDatabase.Execute(connection, "PRAGMA journal_mode = WAL; CREATE TABLE t(x)");
        }

        foreach (var connectionString in new[] { _plain, _encrypted })
        {
            using var connection = new SharpCoreDBConnection(connectionString);
            connection.Open();
            using var command = new SharpCoreDBCommand("CREATE TABLE t(x)", connection);
            command.ExecuteNonQuery();
        }
    }

    /// <summary>Closes the pooled databases and deletes the files.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
        _directory?.Dispose();
    }

    /// <summary>Microsoft.Data.Sqlite, default pooling.</summary>
    [Benchmark(Baseline = true)]
    public void SQLite_pooled()
    {
        using var connection = new SqliteConnection(_sqlite);
        connection.Open();
    }

    /// <summary>SharpCoreDB, default pooling.</summary>
    [Benchmark]
    public void SharpCoreDB_pooled()
    {
        using var connection = new SharpCoreDBConnection(_plain);
        connection.Open();
    }

    /// <summary>SharpCoreDB with a password: the pool keeps the derived keys, so no key derivation runs.</summary>
    [Benchmark]
    public void SharpCoreDB_pooled_with_password()
    {
        using var connection = new SharpCoreDBConnection(_encrypted);
        connection.Open();
    }
}
