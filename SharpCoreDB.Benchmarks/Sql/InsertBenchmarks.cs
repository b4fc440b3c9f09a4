using System.Data.Common;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Sql;

/// <summary>
/// Bulk insert through the ADO.NET providers: each invocation inserts 1,000 rows (id, name, value, 100-byte blob)
/// in one transaction with one prepared, parameterized command, into a file-backed database, and commits durably.
/// Figures are per inserted row (OperationsPerInvoke): Mean is the time of one row including its share of the
/// commit, Allocated is managed bytes per row.
/// </summary>
/// <remarks>
/// <para>
/// SQLite (Microsoft.Data.Sqlite) runs in WAL mode with <c>synchronous=FULL</c>, SharpCoreDB with
/// <c>Durability=FullSync</c>; both use 4 KiB pages and an 8 MiB page cache. The table keeps growing across
/// invocations (ids ascend, so every insert appends), the same way for both engines.
/// </para>
/// <para>
/// Both sides bind values the way application code does: the id and the value are boxed into
/// <see cref="DbParameter.Value"/> (48 bytes per row on either engine); the names and blobs are made up front.
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
public class InsertBenchmarks
{
    private const int RowsPerTransaction = 1000;
    private const long CacheBytes = 8L * 1024 * 1024;

    private readonly string[] _names = BenchmarkRows.Names(RowsPerTransaction);
    private readonly byte[][] _payloads = BenchmarkRows.Payloads(256, BenchmarkRows.PayloadLength, seed: 1);
    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private DbCommand? _insert;
    private DbParameter? _id;
    private DbParameter? _name;
    private DbParameter? _value;
    private DbParameter? _payload;
    private long _nextId = 1;

    /// <summary>Creates the SQLite database and its prepared insert.</summary>
    [GlobalSetup(Target = nameof(SQLite_WAL_FullSync))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("insert-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("insert.db"), CacheBytes);
        Prepare();
    }

    /// <summary>Creates the SharpCoreDB database and its prepared insert.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_FullSync))]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("insert-sharpcoredb");
        _connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("insert.scdb"), DurabilityMode.FullSync, CacheBytes));
        Prepare();
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _insert?.Dispose();
        _connection?.Dispose();
        _directory?.Dispose();
        _insert = null;
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite, WAL, synchronous=FULL: 1,000 inserts and one commit.</summary>
    /// <returns>The next id, so the work cannot be optimized away.</returns>
    [Benchmark(Baseline = true, OperationsPerInvoke = RowsPerTransaction)]
    public long SQLite_WAL_FullSync() => InsertTransaction();

    /// <summary>SharpCoreDB, FullSync: 1,000 inserts and one commit.</summary>
    /// <returns>The next id, so the work cannot be optimized away.</returns>
    [Benchmark(OperationsPerInvoke = RowsPerTransaction)]
    public long SharpCoreDB_FullSync() => InsertTransaction();

    private long InsertTransaction()
    {
        DbConnection connection = _connection!;
        DbCommand insert = _insert!;
        DbParameter id = _id!;
        DbParameter name = _name!;
        DbParameter value = _value!;
        DbParameter payload = _payload!;
        long next = _nextId;
        using (DbTransaction transaction = connection.BeginTransaction())
        {
            insert.Transaction = transaction;
            for (int i = 0; i < RowsPerTransaction; i++)
            {
                long row = next + i;
                id.Value = row;
                name.Value = _names[i];
                value.Value = BenchmarkRows.ValueOf(row);
                payload.Value = _payloads[row & 255];
                if (insert.ExecuteNonQuery() != 1)
                {
                    throw new InvalidOperationException($"Inserting row {row} did not report one row affected.");
                }
            }

            transaction.Commit();
        }

        _nextId = next + RowsPerTransaction;
        return _nextId;
    }

    private void Prepare()
    {
        using (DbCommand create = _connection!.CreateCommand())
        {
            create.CommandText = BenchmarkRows.CreateTableSql;
            create.ExecuteNonQuery();
        }

        _insert = _connection.CreateCommand();
        _insert.CommandText = BenchmarkRows.InsertSql;
        _id = BenchmarkRows.AddParameter(_insert, "@id");
        _name = BenchmarkRows.AddParameter(_insert, "@name");
        _value = BenchmarkRows.AddParameter(_insert, "@value");
        _payload = BenchmarkRows.AddParameter(_insert, "@payload");
        _insert.Prepare();
    }
}
