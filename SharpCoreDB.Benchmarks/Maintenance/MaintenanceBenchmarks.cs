using System.Data.Common;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Maintenance;

/// <summary>
/// VACUUM and an online backup of a database of about 100 MB (100,000 rows of 1 KiB, with an index), against SQLite's
/// <c>VACUUM</c> and its backup API (<c>SqliteConnection.BackupDatabase</c>) on the same data in the same run. MB/s is
/// the database size (printed as a run note when the database is built) divided by the mean time; the allocation
/// column shows that the copy streams (a copy that loaded the database would allocate its size).
/// </summary>
/// <remarks>
/// VACUUM rewrites the same data each time, so every invocation does the same work. A backup first deletes the
/// previous copy, which both sides pay alike. Both engines use 4 KiB pages and the same page cache; SQLite runs in WAL
/// mode with <c>synchronous=FULL</c>, SharpCoreDB with <c>Durability=FullSync</c>.
/// </remarks>
[Config(typeof(SuiteConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class MaintenanceBenchmarks
{
    /// <summary>The page cache of both engines (also the peak-memory children's).</summary>
    internal const long CacheBytes = 64L * 1024 * 1024;
    private const int PayloadBytes = 1000;

    // The peak-memory children run once per engine and process, not once per benchmark of the engine.
    private static readonly HashSet<string> s_peaksMeasured = [];

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private string _copy = string.Empty;

    private static int Rows => BenchScale.Records(100_000);

    /// <summary>Creates and fills the SQLite database.</summary>
    [GlobalSetup(Targets = [nameof(SQLite_vacuum), nameof(SQLite_backup)])]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("maintenance-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("source.db"), CacheBytes);
        _copy = _directory.File("copy.db");
        Fill("SQLite", _directory.File("source.db"));
        MeasurePeaks("sqlite", "SQLite", path =>
        {
            using var destination = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = path, Pooling = false }.ConnectionString);
            destination.Open();
            ((SqliteConnection)_connection!).BackupDatabase(destination);
        });
    }

    /// <summary>Creates and fills the SharpCoreDB database.</summary>
    [GlobalSetup(Targets = [nameof(SharpCoreDB_vacuum), nameof(SharpCoreDB_backup)])]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("maintenance-sharpcoredb");
        string path = _directory.File("source.scdb");
        _connection = SharpCoreDBDatabase.Open(SharpCoreDBDatabase.ConnectionString(path, DurabilityMode.FullSync, CacheBytes));
        _copy = _directory.File("copy.scdb");
        Fill("SharpCoreDB", path);
        MeasurePeaks("sharpcoredb", "SharpCoreDB", copy => ((SharpCoreDBConnection)_connection!).BackupDatabase(copy));
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _connection?.Dispose();
        SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
        _directory?.Dispose();
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: <c>VACUUM</c>.</summary>
    [BenchmarkCategory("Vacuum"), Benchmark(Baseline = true)]
    public void SQLite_vacuum() => Execute("VACUUM");

    /// <summary>SharpCoreDB: <c>VACUUM</c> (rebuild beside the file, atomic rename).</summary>
    [BenchmarkCategory("Vacuum"), Benchmark]
    public void SharpCoreDB_vacuum() => Execute("VACUUM");

    /// <summary>SQLite: the backup API into a new file.</summary>
    [BenchmarkCategory("Backup"), Benchmark(Baseline = true)]
    public void SQLite_backup()
    {
        DeleteCopy();
        using var destination = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = _copy, Pooling = false }.ConnectionString);
        destination.Open();
        ((SqliteConnection)_connection!).BackupDatabase(destination);
    }

    /// <summary>SharpCoreDB: <c>BackupDatabase(path)</c>, a consistent snapshot streamed into a new file.</summary>
    [BenchmarkCategory("Backup"), Benchmark]
    public void SharpCoreDB_backup()
    {
        DeleteCopy();
        ((SharpCoreDBConnection)_connection!).BackupDatabase(_copy);
    }

    private void MeasurePeaks(string engine, string label, Action<string> copyTo)
    {
        if (s_peaksMeasured.Add(engine))
        {
            MaintenancePeak.Measure(engine, label, _directory!.Path, copyTo);
        }
    }

    private void DeleteCopy()
    {
        foreach (string file in new[] { _copy, _copy + "-wal", _copy + "-shm" })
        {
            File.Delete(file);
        }
    }

    private void Fill(string engine, string path)
    {
        Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, tag TEXT NOT NULL, payload BLOB NOT NULL)");
        Execute("CREATE INDEX t_tag ON t(tag)");
        using (DbTransaction transaction = _connection!.BeginTransaction())
        using (DbCommand insert = _connection.CreateCommand())
        {
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO t VALUES (@id, @tag, @payload)";
            DbParameter id = Add(insert, "@id");
            DbParameter tag = Add(insert, "@tag");
            DbParameter payload = Add(insert, "@payload");
            var random = new Random(42);
            byte[] bytes = new byte[PayloadBytes];
            for (int i = 0; i < Rows; i++)
            {
                random.NextBytes(bytes);
                id.Value = (long)i;
                tag.Value = "tag-" + (i % 997).ToString(CultureInfo.InvariantCulture);
                payload.Value = bytes;
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        // A first VACUUM checkpoints and compacts, so every measured one starts from the same file.
        Execute("VACUUM");
        RunNotes.Add($"maintenance: {engine} database of {Rows:N0} rows is {new FileInfo(path).Length / 1e6:F1} MB (MB/s = size / mean)");
    }

    private static DbParameter Add(DbCommand command, string name)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        command.Parameters.Add(parameter);
        return parameter;
    }

    private void Execute(string sql)
    {
        using DbCommand command = _connection!.CreateCommand();
        command.CommandText = sql;

        // No command timeout (the providers' default is 30 s): a VACUUM of this size on a busy machine can take longer.
        command.CommandTimeout = 0;
        command.ExecuteNonQuery();
    }
}
