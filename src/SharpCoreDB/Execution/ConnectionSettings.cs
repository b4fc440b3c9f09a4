namespace SharpCoreDB.Execution;

/// <summary>
/// The per-connection settings SQLite keeps on the connection rather than in the database: <c>PRAGMA foreign_keys</c>
/// (off by default, or as the connection string's <c>Foreign Keys</c> keyword says) and <c>PRAGMA defer_foreign_keys</c>.
/// </summary>
internal sealed class ConnectionSettings
{
    /// <summary>True when foreign keys are enforced for this connection's statements.</summary>
    public bool ForeignKeys { get; set; }

    /// <summary>True while immediate foreign keys are checked at COMMIT instead (reset when the transaction ends).</summary>
    public bool DeferForeignKeys { get; set; }
}
