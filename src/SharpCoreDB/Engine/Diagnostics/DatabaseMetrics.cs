using System.Diagnostics;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine.Diagnostics;

/// <summary>
/// One database's <see cref="IWalEvents"/>: records the log's groups and checkpoints into <see cref="EngineMetrics"/>
/// with the database's db.namespace tag. The tag is made once per open, so a record allocates nothing, and a
/// histogram nobody listens to returns at its first check.
/// </summary>
/// <param name="dataSource">The database's data source.</param>
internal sealed class DatabaseMetrics(string dataSource) : IWalEvents
{
    private readonly KeyValuePair<string, object?> _namespace = new("db.namespace", dataSource);

    /// <inheritdoc />
    public void GroupSynced(int commits, long syncTicks)
    {
        EngineMetrics.GroupSize.Record(commits, _namespace);
        if (EngineMetrics.SyncDuration.Enabled)
        {
            EngineMetrics.SyncDuration.Record((double)syncTicks / Stopwatch.Frequency, _namespace);
        }
    }

    /// <inheritdoc />
    public void Checkpointed(int pages)
    {
        EngineMetrics.Checkpoints.Add(1, _namespace);
        EngineMetrics.CheckpointPages.Add(pages, _namespace);
    }
}
