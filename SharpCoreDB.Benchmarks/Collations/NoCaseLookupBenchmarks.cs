using System.Data.Common;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Collations;

/// <summary>
/// A point lookup through a <c>COLLATE NOCASE</c> index, against SQLite in the same run: 10,000 rows whose names are
/// stored in mixed case, looked up in another case (<c>SELECT id FROM people WHERE name = @name</c> with
/// <c>name TEXT COLLATE NOCASE</c> and an index on it), so every lookup has to fold case to find its row. Figures are
/// per lookup (OperationsPerInvoke).
/// </summary>
/// <remarks>
/// Same settings as the other SQL suites: SQLite in WAL mode with <c>synchronous=FULL</c>, SharpCoreDB with
/// <c>Durability=FullSync</c>, 64 MiB page caches, warm tables; in process (<see cref="SuiteConfig"/>), with
/// allocations measured. The lookup keys are made once in setup, so neither
/// side pays for building strings during the measurement.
/// </remarks>
[Config(typeof(SuiteConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class NoCaseLookupBenchmarks
{
    private const int OperationsPerInvoke = 1000;
    private const long CacheBytes = 64L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private DbCommand? _select;
    private DbParameter? _selectName;
    private string[] _keys = [];
    private int _next;

    private static int Rows => BenchScale.Records(10_000);

    /// <summary>Creates the SQLite database, fills and warms it.</summary>
    [GlobalSetup(Target = nameof(SQLite_nocase_index_point_lookup))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("collation-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("collation.db"), CacheBytes);
        Prepare();
    }

    /// <summary>Creates the SharpCoreDB database, fills and warms it.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_nocase_index_point_lookup))]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("collation-sharpcoredb");
        _connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("collation.scdb"), DurabilityMode.FullSync, CacheBytes));
        Prepare();
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _select?.Dispose();
        _connection?.Dispose();
        _directory?.Dispose();
        _select = null;
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: 1,000 lookups through the NOCASE index, each key in another case than stored.</summary>
    /// <returns>A checksum of the ids found.</returns>
    [BenchmarkCategory("NoCaseLookup"), Benchmark(Baseline = true, OperationsPerInvoke = OperationsPerInvoke)]
    public long SQLite_nocase_index_point_lookup() => Lookups();

    /// <summary>SharpCoreDB: 1,000 lookups through the NOCASE index, each key in another case than stored.</summary>
    /// <returns>A checksum of the ids found.</returns>
    [BenchmarkCategory("NoCaseLookup"), Benchmark(OperationsPerInvoke = OperationsPerInvoke)]
    public long SharpCoreDB_nocase_index_point_lookup() => Lookups();

    // The stored form of row i's name: mixed case.
    private static string StoredName(long row) => string.Create(CultureInfo.InvariantCulture, $"Customer-{row:D6}-Name");

    private long Lookups()
    {
        DbCommand select = _select!;
        DbParameter name = _selectName!;
        string[] keys = _keys;
        int next = _next;
        long checksum = 0;
        int count = BenchScale.Operations(OperationsPerInvoke, 1);
        for (int i = 0; i < count; i++)
        {
            name.Value = keys[next];
            object? id = select.ExecuteScalar() ?? throw new InvalidOperationException($"'{keys[next]}' was not found.");
            checksum += (long)id;
            next = next + 1 == keys.Length ? 0 : next + 1;
        }

        _next = next;
        return checksum;
    }

    private void Prepare()
    {
        DbConnection connection = _connection!;
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL);"
                + "CREATE INDEX people_name ON people(name)";
            create.ExecuteNonQuery();
        }

        using (DbTransaction transaction = connection.BeginTransaction())
        using (DbCommand fill = connection.CreateCommand())
        {
            fill.Transaction = transaction;
            fill.CommandText = "INSERT INTO people (id, name) VALUES (@id, @name)";
            DbParameter id = BenchmarkRows.AddParameter(fill, "@id");
            DbParameter name = BenchmarkRows.AddParameter(fill, "@name");
            for (long row = 1; row <= Rows; row++)
            {
                id.Value = row;
                name.Value = StoredName(row);
                fill.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        // Keys in a scattered order and in other cases than stored (upper, then lower, alternately).
        _keys = new string[Rows];
        for (int i = 0; i < Rows; i++)
        {
            long row = (i * 7919L % Rows) + 1;
            string stored = StoredName(row);
            _keys[i] = i % 2 == 0 ? stored.ToUpperInvariant() : stored.ToLowerInvariant();
        }

        _select = connection.CreateCommand();
        _select.CommandText = "SELECT id FROM people WHERE name = @name";
        _selectName = BenchmarkRows.AddParameter(_select, "@name");
        _select.Prepare();

        // Warm, and check that every key finds its row.
        for (int i = 0; i < Rows; i += 97)
        {
            _selectName.Value = _keys[i];
            long expected = (i * 7919L % Rows) + 1;
            if (_select.ExecuteScalar() is not long found || found != expected)
            {
                throw new InvalidOperationException($"'{_keys[i]}' did not find row {expected}.");
            }
        }

        Lookups();
        _next = 0;
    }
}
