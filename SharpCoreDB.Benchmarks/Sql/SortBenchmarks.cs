using System.Data.Common;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Sql;

/// <summary>
/// Sorting and window functions over a warm 100,000-row table, every result row read through the data reader:
/// an <c>ORDER BY</c> of a scrambled integer key, <c>row_number()</c> over that order, and a running sum per
/// partition (100 partitions), the window queries returning their rows in key order. Figures are per query.
/// </summary>
/// <remarks>
/// <para>
/// The key <c>(id * 7919) % 100003</c> is a permutation of the ids, so the input is not already in order; it is
/// computed per row on both sides. Each query's rows are folded into a checksum that depends on their order, checked
/// once in the setup against the value computed here, so neither engine can skip the sort.
/// </para>
/// <para>
/// Both engines get a 64 MiB page cache, more than the whole table, and the setup reads every row once. SQLite runs
/// in WAL mode with <c>synchronous=FULL</c>, SharpCoreDB with <c>Durability=FullSync</c> (neither matters to reads).
/// </para>
/// <para>LiteDB is not available from the package registry this project builds against, so it is not compared.</para>
/// </remarks>
[MemoryDiagnoser]
public class SortBenchmarks
{
    private const int FullRows = 100_000;

    // Fewer rows only in tiny mode (the rot test), where figures do not matter.
    private static int Rows => BenchScale.Records(FullRows);
    private const long CacheBytes = 64L * 1024 * 1024;

    private BenchmarkDirectory? _directory;
    private DbConnection? _connection;

    /// <summary>The query.</summary>
    [Params("OrderBy", "RowNumber", "RunningSum")]
    public string Query { get; set; } = "OrderBy";

    /// <summary>Creates and fills the SQLite database and checks the query's answer.</summary>
    [GlobalSetup(Target = nameof(SQLite_WAL))]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("sort-sqlite");
        _connection = SqliteDatabase.Open(_directory.File("sort.db"), CacheBytes);
        Prepare();
    }

    /// <summary>Creates and fills the SharpCoreDB database and checks the query's answer.</summary>
    [GlobalSetup(Target = nameof(SharpCoreDB_FullSync))]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("sort-sharpcoredb");
        _connection = SharpCoreDBDatabase.Open(
            SharpCoreDBDatabase.ConnectionString(_directory.File("sort.scdb"), DurabilityMode.FullSync, CacheBytes));
        Prepare();
    }

    /// <summary>Closes the database and deletes its folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _connection?.Dispose();
        _directory?.Dispose();
        _connection = null;
        _directory = null;
    }

    /// <summary>SQLite: the query, every row read.</summary>
    /// <returns>The order-dependent checksum.</returns>
    [Benchmark(Baseline = true)]
    public long SQLite_WAL() => Run();

    /// <summary>SharpCoreDB: the query, every row read.</summary>
    /// <returns>The order-dependent checksum.</returns>
    [Benchmark]
    public long SharpCoreDB_FullSync() => Run();

    private string Sql => Query switch
    {
        "OrderBy" => "SELECT id FROM items ORDER BY (id * 7919) % 100003",
        "RowNumber" => "SELECT id, row_number() OVER (ORDER BY (id * 7919) % 100003) FROM items ORDER BY (id * 7919) % 100003",
        _ => "SELECT id, sum(id) OVER (PARTITION BY id % 100 ORDER BY (id * 7919) % 100003) FROM items ORDER BY (id * 7919) % 100003",
    };

    // Folds the rows in the order they come: position × value, so a different order gives a different sum.
    private long Run()
    {
        using DbCommand command = _connection!.CreateCommand();
        command.CommandText = Sql;
        using DbDataReader reader = command.ExecuteReader();
        long checksum = 0;
        long position = 0;
        int last = reader.FieldCount - 1;
        while (reader.Read())
        {
            position++;
            checksum += (position % 1024) * reader.GetInt64(last);
        }

        if (position != Rows)
        {
            throw new InvalidOperationException($"{Query} returned {position} rows, expected {Rows}.");
        }

        return checksum;
    }

    private void Prepare()
    {
        BenchmarkRows.CreateAndFill(_connection!, Rows, BenchmarkRows.PayloadLength, seed: 3);
        long actual = Run();
        long expected = Expected();
        if (actual != expected)
        {
            throw new InvalidOperationException($"{Query} gave checksum {actual}, expected {expected}.");
        }
    }

    // The same fold over the rows as the query must return them, computed here.
    private long Expected()
    {
        var ids = new long[Rows];
        for (int i = 0; i < Rows; i++)
        {
            ids[i] = i + 1;
        }

        // The key is a permutation of 0..100002 over these ids, so the order has no ties.
        Array.Sort(ids, (a, b) => ((a * 7919) % 100003).CompareTo((b * 7919) % 100003));
        var runningSums = new long[100];
        long checksum = 0;
        for (int i = 0; i < Rows; i++)
        {
            long id = ids[i];
            long value = Query switch
            {
                "OrderBy" => id,
                "RowNumber" => i + 1,
                _ => runningSums[id % 100] += id,
            };
            checksum += ((i + 1) % 1024) * value;
        }

        return checksum;
    }
}
