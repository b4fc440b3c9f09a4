using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.EfCore;

/// <summary>
/// Entity Framework Core on SharpCoreDB's provider against EF's own SQLite provider, in the same run: SaveChanges of
/// 1,000 new entities (one invocation), a tracked query materializing 1,000 rows in a fresh context, and a
/// no-tracking point query by key (per lookup, 1,000 per invocation on one context).
/// </summary>
/// <remarks>
/// SQLite in WAL mode (as EnsureCreated leaves it) with its default <c>synchronous=FULL</c>; SharpCoreDB with
/// <c>Durability=FullSync</c>. Both start from the same 10,000 rows; the SaveChanges benchmark adds rows as it runs.
/// In process, like the other workload suites (no generated project to build).
/// </remarks>
[Config(typeof(SuiteConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class EfCoreBenchmarks
{
    private const int Rows = 10_000;
    private const int Batch = 1000;
    private const int Lookups = 1000;
    private static readonly DateTime s_start = new(2024, 1, 1, 8, 0, 0);

    private BenchmarkDirectory? _directory;
    private DbContextOptions<BenchContext>? _options;
    private BenchContext? _lookupContext;
    private int _nextId;
    private int _nextKey = 1;

    /// <summary>Creates and fills the SQLite database.</summary>
    [GlobalSetup(Targets = [nameof(SQLite_SaveChanges_1000_new), nameof(SQLite_tracked_query_1000_rows), nameof(SQLite_no_tracking_point_query)])]
    public void SetupSqlite()
    {
        _directory = BenchmarkDirectory.Create("efcore-sqlite");
        Prepare(new DbContextOptionsBuilder<BenchContext>().UseSqlite($"Data Source={_directory.File("ef.db")}").Options);
    }

    /// <summary>Creates and fills the SharpCoreDB database.</summary>
    [GlobalSetup(Targets = [nameof(SharpCoreDB_SaveChanges_1000_new), nameof(SharpCoreDB_tracked_query_1000_rows), nameof(SharpCoreDB_no_tracking_point_query)])]
    public void SetupSharpCoreDB()
    {
        _directory = BenchmarkDirectory.Create("efcore-sharpcoredb");
        var connectionString = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = _directory.File("ef.scdb"),
            Durability = DurabilityMode.FullSync,
        }.ConnectionString;
        Prepare(new DbContextOptionsBuilder<BenchContext>().UseSharpCoreDB(connectionString).Options);
    }

    /// <summary>Closes the contexts and deletes the database folder.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _lookupContext?.Dispose();
        _lookupContext = null;
        SharpCoreDBConnection.ClearAllPools();
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        _directory?.Dispose();
        _directory = null;
    }

    /// <summary>SQLite provider: 1,000 new entities added and saved.</summary>
    /// <returns>The rows written.</returns>
    [BenchmarkCategory("SaveChanges"), Benchmark(Baseline = true)]
    public int SQLite_SaveChanges_1000_new() => SaveNew();

    /// <summary>SharpCoreDB provider: 1,000 new entities added and saved.</summary>
    /// <returns>The rows written.</returns>
    [BenchmarkCategory("SaveChanges"), Benchmark]
    public int SharpCoreDB_SaveChanges_1000_new() => SaveNew();

    /// <summary>SQLite provider: a tracked query of 1,000 rows in a fresh context.</summary>
    /// <returns>A checksum.</returns>
    [BenchmarkCategory("TrackedQuery"), Benchmark(Baseline = true)]
    public long SQLite_tracked_query_1000_rows() => TrackedQuery();

    /// <summary>SharpCoreDB provider: a tracked query of 1,000 rows in a fresh context.</summary>
    /// <returns>A checksum.</returns>
    [BenchmarkCategory("TrackedQuery"), Benchmark]
    public long SharpCoreDB_tracked_query_1000_rows() => TrackedQuery();

    /// <summary>SQLite provider: no-tracking lookups by key.</summary>
    /// <returns>A checksum.</returns>
    [BenchmarkCategory("PointQuery"), Benchmark(Baseline = true, OperationsPerInvoke = Lookups)]
    public long SQLite_no_tracking_point_query() => PointQueries();

    /// <summary>SharpCoreDB provider: no-tracking lookups by key.</summary>
    /// <returns>A checksum.</returns>
    [BenchmarkCategory("PointQuery"), Benchmark(OperationsPerInvoke = Lookups)]
    public long SharpCoreDB_no_tracking_point_query() => PointQueries();

    private void Prepare(DbContextOptions<BenchContext> options)
    {
        _options = options;
        int rows = BenchScale.Records(Rows);
        using (var context = new BenchContext(options))
        {
            context.Database.EnsureCreated();
            for (int i = 1; i <= rows; i++)
            {
                context.Items.Add(NewItem(i));
            }

            context.SaveChanges();
        }

        _nextId = rows + 1;
        _lookupContext = new BenchContext(options);
        PointQueries();
    }

    private static BenchItem NewItem(int id) => new()
    {
        Id = id,
        Name = "item " + id,
        Price = id * 0.25m + 0.99m,
        CreatedAt = s_start.AddSeconds(id),
        Group = id % 17,
    };

    private int SaveNew()
    {
        using var context = new BenchContext(_options!);
        int count = BenchScale.Tiny ? 10 : Batch;
        for (int i = 0; i < count; i++)
        {
            context.Items.Add(NewItem(_nextId++));
        }

        return context.SaveChanges();
    }

    private long TrackedQuery()
    {
        using var context = new BenchContext(_options!);
        int last = BenchScale.Tiny ? 100 : Batch;
        long checksum = 0;
        foreach (var item in context.Items.Where(i => i.Id <= last))
        {
            checksum += item.Id + item.CreatedAt.Ticks;
        }

        return checksum;
    }

    private long PointQueries()
    {
        BenchContext context = _lookupContext!;
        int rows = BenchScale.Records(Rows);
        int count = BenchScale.Tiny ? 10 : Lookups;
        int key = _nextKey;
        long checksum = 0;
        for (int i = 0; i < count; i++)
        {
            int id = key;
            checksum += context.Items.AsNoTracking().Single(x => x.Id == id).Group;
            key = key % rows + 1;
        }

        _nextKey = key;
        return checksum;
    }
}
