using System.Data.Common;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Types;

/// <summary>
/// Binding and reading the fixed-size types that are not plain integers and doubles, against SQLite in the same run:
/// a point select returning a DateTime and a decimal (<c>SELECT at, price FROM events WHERE id = @id</c>, read with
/// GetDateTime and GetDecimal), and a 1,000-row insert whose rows carry a DateTime parameter. Figures are per lookup
/// and per inserted row (OperationsPerInvoke).
/// </summary>
/// <remarks>
/// Same settings as the other SQL suites: SQLite in WAL mode with <c>synchronous=FULL</c>, SharpCoreDB with
/// <c>Durability=FullSync</c>, 64 MiB page caches, warm tables. Both providers store the DateTime as the same ISO-8601
/// text and the decimal as text. Per lookup both sides allocate the boxed key; per insert the boxed id and DateTime.
/// </remarks>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class TypeBenchmarks
{
    private const int Rows = 10_000;
    private const int OperationsPerInvoke = 1000;
    private const long CacheBytes = 64L * 1024 * 1024;
    private static readonly DateTime s_start = new(2024, 1, 1, 8, 30, 0, 123);

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private DbCommand? _select;
    private DbParameter? _selectId;
    private DbCommand? _insert;
    private DbParameter? _insertId;
    private DbParameter? _insertAt;
    private long _nextKey = 1;
    private long _nextInsert = 1;

    /// <summary>Creates the SQLite database, fills and warms it.</summary>
    [GlobalSetup(Targets = [nameof(SQLite_point_select_DateTime_decimal), nameof(SQLite_insert_DateTime)])]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("types-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("types.db"), CacheBytes);
        Prepare();
    }

    /// <summary>Creates the SharpCoreDB database, fills and warms it.</summary>
    [GlobalSetup(Targets = [nameof(SharpCoreDB_point_select_DateTime_decimal), nameof(SharpCoreDB_insert_DateTime)])]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("types-sharpcoredb");
        _connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("types.scdb"), DurabilityMode.FullSync, CacheBytes));
        Prepare();
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _select?.Dispose();
        _insert?.Dispose();
        _connection?.Dispose();
        _directory?.Dispose();
        _select = null;
        _insert = null;
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: 1,000 point lookups reading a DateTime and a decimal.</summary>
    /// <returns>A checksum of what was read.</returns>
    [BenchmarkCategory("PointSelect"), Benchmark(Baseline = true, OperationsPerInvoke = OperationsPerInvoke)]
    public long SQLite_point_select_DateTime_decimal() => Lookups();

    /// <summary>SharpCoreDB: 1,000 point lookups reading a DateTime and a decimal.</summary>
    /// <returns>A checksum of what was read.</returns>
    [BenchmarkCategory("PointSelect"), Benchmark(OperationsPerInvoke = OperationsPerInvoke)]
    public long SharpCoreDB_point_select_DateTime_decimal() => Lookups();

    /// <summary>SQLite: 1,000 inserts with a DateTime parameter and one commit.</summary>
    /// <returns>The next id.</returns>
    [BenchmarkCategory("Insert"), Benchmark(Baseline = true, OperationsPerInvoke = OperationsPerInvoke)]
    public long SQLite_insert_DateTime() => InsertTransaction();

    /// <summary>SharpCoreDB: 1,000 inserts with a DateTime parameter and one commit.</summary>
    /// <returns>The next id.</returns>
    [BenchmarkCategory("Insert"), Benchmark(OperationsPerInvoke = OperationsPerInvoke)]
    public long SharpCoreDB_insert_DateTime() => InsertTransaction();

    private long Lookups()
    {
        DbCommand select = _select!;
        DbParameter id = _selectId!;
        long key = _nextKey;
        long checksum = 0;
        for (int i = 0; i < OperationsPerInvoke; i++)
        {
            id.Value = key;
            using DbDataReader reader = select.ExecuteReader();
            if (!reader.Read())
            {
                throw new InvalidOperationException($"Row {key} was not found.");
            }

            checksum += reader.GetDateTime(0).Ticks + (long)reader.GetDecimal(1);
            key = key % Rows + 1;
        }

        _nextKey = key;
        return checksum;
    }

    private long InsertTransaction()
    {
        DbConnection connection = _connection!;
        DbCommand insert = _insert!;
        long next = _nextInsert;
        using (DbTransaction transaction = connection.BeginTransaction())
        {
            insert.Transaction = transaction;
            for (int i = 0; i < OperationsPerInvoke; i++)
            {
                long row = next + i;
                _insertId!.Value = row;
                _insertAt!.Value = s_start.AddSeconds(row);
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        _nextInsert = next + OperationsPerInvoke;
        return _nextInsert;
    }

    private void Prepare()
    {
        DbConnection connection = _connection!;
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE events (id INTEGER PRIMARY KEY, at DATETIME NOT NULL, price DECIMAL NOT NULL);"
                + "CREATE TABLE log (id INTEGER PRIMARY KEY, at DATETIME NOT NULL)";
            create.ExecuteNonQuery();
        }

        using (DbTransaction transaction = connection.BeginTransaction())
        using (DbCommand fill = connection.CreateCommand())
        {
            fill.Transaction = transaction;
            fill.CommandText = "INSERT INTO events (id, at, price) VALUES (@id, @at, @price)";
            DbParameter id = BenchmarkRows.AddParameter(fill, "@id");
            DbParameter at = BenchmarkRows.AddParameter(fill, "@at");
            DbParameter price = BenchmarkRows.AddParameter(fill, "@price");
            for (long row = 1; row <= Rows; row++)
            {
                id.Value = row;
                at.Value = s_start.AddMinutes(row);
                price.Value = row * 1.25m;
                fill.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        _select = connection.CreateCommand();
        _select.CommandText = "SELECT at, price FROM events WHERE id = @id";
        _selectId = BenchmarkRows.AddParameter(_select, "@id");
        _select.Prepare();
        _insert = connection.CreateCommand();
        _insert.CommandText = "INSERT INTO log (id, at) VALUES (@id, @at)";
        _insertId = BenchmarkRows.AddParameter(_insert, "@id");
        _insertAt = BenchmarkRows.AddParameter(_insert, "@at");
        _insert.Prepare();

        // Warm, and check what comes back against what was written.
        for (long row = 1; row <= Rows; row += 997)
        {
            _selectId.Value = row;
            using DbDataReader reader = _select.ExecuteReader();
            if (!reader.Read() || reader.GetDateTime(0) != s_start.AddMinutes(row) || reader.GetDecimal(1) != row * 1.25m)
            {
                throw new InvalidOperationException($"Row {row} did not read back as written.");
            }
        }

        Lookups();
        _nextKey = 1;
    }
}
