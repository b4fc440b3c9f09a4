namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// The engines and settings every workload suite compares. Each one is opened by <see cref="ContenderStore.Open"/>;
/// figures in the summaries are given as ratios to <see cref="SQLite_WAL_Full"/>.
/// </summary>
public enum Contender
{
    /// <summary>SQLite (Microsoft.Data.Sqlite), WAL journal, <c>synchronous=FULL</c>: one fsync of the log per commit. The baseline.</summary>
    SQLite_WAL_Full,

    /// <summary>SQLite with the rollback journal (<c>journal_mode=DELETE</c>, <c>synchronous=FULL</c>): several fsyncs per commit.</summary>
    SQLite_Rollback,

    /// <summary>SQLite in memory (shared cache, one database for all connections): no disk at all.</summary>
    SQLite_Memory,

    /// <summary>SharpCoreDB, <c>Durability=Legacy</c>: one fsync per commit.</summary>
    SharpCoreDB_Legacy,

    /// <summary>SharpCoreDB, <c>Durability=FullSync</c>: group commit, durable when the commit returns.</summary>
    SharpCoreDB_FullSync,

    /// <summary>SharpCoreDB, <c>Durability=Async</c>: acknowledged when queued, flushed in the background (not durable at return).</summary>
    SharpCoreDB_Async,

    /// <summary>SharpCoreDB, Legacy, AES-GCM encrypted pages (raw key, no key derivation).</summary>
    SharpCoreDB_Legacy_Encrypted,

    /// <summary>SharpCoreDB, FullSync, AES-GCM encrypted pages (raw key, no key derivation).</summary>
    SharpCoreDB_FullSync_Encrypted,

    /// <summary>SharpCoreDB, Async, AES-GCM encrypted pages (raw key, no key derivation).</summary>
    SharpCoreDB_Async_Encrypted,

    /// <summary>
    /// LiteDB 5.0.21, <c>BsonDocument</c> API, one shared <c>LiteDatabase</c> (connection type Direct). A commit hands
    /// its pages to LiteDB's writer thread, which writes the log file and flushes it; Commit does not wait for that flush.
    /// </summary>
    LiteDB,

    /// <summary>LiteDB 5.0.21 as <see cref="LiteDB"/>, with a password (LiteDB's AES encryption of the data file).</summary>
    LiteDB_Encrypted,
}
