using System.Data.Common;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Sql;

/// <summary>
/// Point lookups by primary key on a warm 100,000-row table through a prepared, parameterized command:
/// <c>SELECT name, value FROM items WHERE id = @id</c>, reading both columns of the one row. Keys come from a
/// seeded random sequence that carries on across invocations. Figures are per lookup (OperationsPerInvoke).
/// </summary>
/// <remarks>
/// <para>
/// Both engines get a 64 MiB page cache, more than the whole table, and the setup reads every row once, so the
/// lookups measure the SQL path and the B+tree, not the disk. SQLite runs in WAL mode with
/// <c>synchronous=FULL</c>, SharpCoreDB with <c>Durability=FullSync</c> (neither matters to reads).
/// Per lookup, both sides allocate the boxed key and the returned name string.
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
public class PointSelectBenchmarks
{
    private const int FullRows = 100_000;

    // Fewer rows only in tiny mode (the rot test), where figures do not matter.
    private static int Rows => BenchScale.Records(FullRows);
    private const int LookupsPerInvoke = 1000;
    private const int KeyCount = 1 << 16;
    private const int Seed = 20_240_611;
    private const long CacheBytes = 64L * 1024 * 1024;
    private const string SelectSql = "SELECT name, value FROM items WHERE id = @id";

    private readonly long[] _keys = Keys();
    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;
    private DbCommand? _select;
    private DbParameter? _id;
    private int _cursor;

    /// <summary>Creates and fills the SQLite database, prepares the lookup and warms the cache.</summary>
    [GlobalSetup(Target = nameof(SQLite_WAL))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("point-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("point.db"), CacheBytes);
        Prepare();
    }

    /// <summary>Creates and fills the SharpCoreDB database, prepares the lookup and warms the cache.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_FullSync))]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("point-sharpcoredb");
        _connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("point.scdb"), DurabilityMode.FullSync, CacheBytes));
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

    /// <summary>SQLite: 1,000 point lookups.</summary>
    /// <returns>A checksum of what was read.</returns>
    [Benchmark(Baseline = true, OperationsPerInvoke = LookupsPerInvoke)]
    public double SQLite_WAL() => Lookups();

    /// <summary>SharpCoreDB: 1,000 point lookups.</summary>
    /// <returns>A checksum of what was read.</returns>
    [Benchmark(OperationsPerInvoke = LookupsPerInvoke)]
    public double SharpCoreDB_FullSync() => Lookups();

    private double Lookups()
    {
        DbCommand select = _select!;
        DbParameter id = _id!;
        long[] keys = _keys;
        int cursor = _cursor;
        double checksum = 0;
        for (int i = 0; i < LookupsPerInvoke; i++)
        {
            long key = keys[cursor];
            cursor = (cursor + 1) & (KeyCount - 1);
            id.Value = key;
            using DbDataReader reader = select.ExecuteReader();
            if (!reader.Read())
            {
                throw new InvalidOperationException($"Row {key} was not found (key seed {Seed}).");
            }

            checksum += reader.GetString(0).Length + reader.GetDouble(1);
        }

        _cursor = cursor;
        return checksum;
    }

    private void Prepare()
    {
        DbConnection connection = _connection!;
        BenchmarkRows.CreateAndFill(connection, Rows, BenchmarkRows.PayloadLength, seed: 2);
        _select = connection.CreateCommand();
        _select.CommandText = SelectSql;
        _id = BenchmarkRows.AddParameter(_select, "@id");
        _select.Prepare();

        // Warm: one pass over the table, then every key of the sequence once, and check the data came back whole.
        using (DbCommand scan = connection.CreateCommand())
        {
            scan.CommandText = "SELECT count(*), sum(length(payload)) FROM items";
            using DbDataReader reader = scan.ExecuteReader();
            if (!reader.Read() || reader.GetInt64(0) != Rows || reader.GetInt64(1) != (long)Rows * BenchmarkRows.PayloadLength)
            {
                throw new InvalidOperationException($"The filled table does not hold {Rows} rows of {BenchmarkRows.PayloadLength}-byte payloads.");
            }
        }

        // Every key of the sequence once (and a bit more), each invocation's checksum checked against the oracle.
        for (int pass = 0; pass < KeyCount / LookupsPerInvoke + 1; pass++)
        {
            int start = _cursor;
            double actual = Lookups();
            double expected = ExpectedChecksum(start);
            if (actual != expected)
            {
                throw new InvalidOperationException(
                    $"Lookups from key position {start} returned checksum {actual}, expected {expected} (key seed {Seed}).");
            }
        }

        _cursor = 0;
    }

    // Same additions in the same order as Lookups, from what the setup wrote.
    private double ExpectedChecksum(int start)
    {
        double checksum = 0;
        for (int i = 0; i < LookupsPerInvoke; i++)
        {
            long key = _keys[(start + i) & (KeyCount - 1)];
            checksum += string.Create(CultureInfo.InvariantCulture, $"item-{key:D7}").Length + BenchmarkRows.ValueOf(key);
        }

        return checksum;
    }

    private static long[] Keys()
    {
        var random = new Random(Seed);
        var keys = new long[KeyCount];
        for (int i = 0; i < keys.Length; i++)
        {
            keys[i] = random.NextInt64(1, Rows + 1);
        }

        return keys;
    }
}
