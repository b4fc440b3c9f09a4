using System.Diagnostics;
using System.Diagnostics.Metrics;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine.Diagnostics;

/// <summary>
/// The <see cref="Meter"/> "SharpCoreDB" and its instruments. The storage layers stay free of it: the log reports
/// each synced group and checkpoint through <see cref="IWalEvents"/> (<see cref="DatabaseMetrics"/>), and the
/// observable instruments read counters the stores keep anyway (durable commits, page-cache hits and misses, log
/// size) from the open databases when a listener collects. Every measurement carries db.namespace (the data source).
/// </summary>
internal static class EngineMetrics
{
    private static readonly Meter s_meter = new(SharpCoreDBDiagnostics.MeterName, typeof(EngineMetrics).Assembly.GetName().Version?.ToString());
    private static readonly Lock s_openLock = new();
    private static readonly List<Database> s_open = [];

    /// <summary>Commits per synced group.</summary>
    internal static readonly Histogram<int> GroupSize = s_meter.CreateHistogram<int>(
        "sharpcoredb.wal.group.size", "{commit}", "Transactions made durable by one write and sync of the log (group commit).");

    /// <summary>Write-and-sync time of a group.</summary>
    internal static readonly Histogram<double> SyncDuration = s_meter.CreateHistogram<double>(
        "sharpcoredb.wal.sync.duration", "s", "Time to write one commit group to the log and fsync it.");

    /// <summary>Checkpoints that copied pages.</summary>
    internal static readonly Counter<long> Checkpoints = s_meter.CreateCounter<long>(
        "sharpcoredb.checkpoints", "{checkpoint}", "Checkpoints that copied pages from the log into the database file.");

    /// <summary>Pages copied by checkpoints.</summary>
    internal static readonly Counter<long> CheckpointPages = s_meter.CreateCounter<long>(
        "sharpcoredb.checkpoint.pages", "{page}", "Pages checkpoints copied from the log into the database file.");

    static EngineMetrics()
    {
        s_meter.CreateObservableCounter("sharpcoredb.commits", () => Each(static store => store.LogSyncs.Commits), "{commit}", "Write transactions made durable in the log.");
        s_meter.CreateObservableCounter("sharpcoredb.page_cache.hits", () => Each(static store => store.Cache.Hits), "{lookup}", "Page lookups answered from the page cache.");
        s_meter.CreateObservableCounter("sharpcoredb.page_cache.misses", () => Each(static store => store.Cache.Misses), "{lookup}", "Page lookups that read the page from the file.");
        s_meter.CreateObservableGauge("sharpcoredb.wal.size", () => Each(static store => store.WalSize), "By", "Size of the write-ahead log.");
        s_meter.CreateObservableGauge("sharpcoredb.databases.open", OpenDatabases, "{database}", "Databases open in the process (files shared by connections count once).");
        s_meter.CreateObservableGauge("sharpcoredb.pool.idle", static () => Database.IdleCount, "{database}", "Pooled databases kept open with no connection using them (Pooling=True).");
    }

    /// <summary>A database opened: its counters are observed from now on.</summary>
    /// <param name="database">The database.</param>
    public static void Opened(Database database)
    {
        lock (s_openLock)
        {
            s_open.Add(database);
        }
    }

    /// <summary>A database closed.</summary>
    /// <param name="database">The database.</param>
    public static void Closed(Database database)
    {
        lock (s_openLock)
        {
            s_open.Remove(database);
        }
    }

    private static int OpenDatabases()
    {
        lock (s_openLock)
        {
            return s_open.Count;
        }
    }

    // One measurement per open database (with a log), tagged with its data source. Runs only when a listener
    // collects, so allocating here costs nothing on the paths that do the work.
    private static List<Measurement<long>> Each(Func<WalPageStore, long> read)
    {
        var measurements = new List<Measurement<long>>();
        lock (s_openLock)
        {
            foreach (Database database in s_open)
            {
                if (database.Store is WalPageStore store)
                {
                    measurements.Add(new Measurement<long>(read(store), new KeyValuePair<string, object?>("db.namespace", database.Options.DataSource)));
                }
            }
        }

        return measurements;
    }
}
