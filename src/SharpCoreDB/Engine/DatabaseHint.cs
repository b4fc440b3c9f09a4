namespace SharpCoreDB.Engine;

/// <summary>
/// Where the last open of one connection string found its database: the next open of the same string asks it first
/// and skips the registry lookup by path (hashing the whole path on every pooled open). Read and cleared under the
/// registry lock only: a database clears its hint as it closes (and leaves the registry at the same moment), so a hint
/// that still names a database names the registry's open instance for that path. Holding the hint keeps nothing alive
/// once the database closes.
/// </summary>
internal sealed class DatabaseHint
{
    /// <summary>Creates the hint of an open database.</summary>
    /// <param name="database">The database.</param>
    public DatabaseHint(Database database) => Database = database;

    /// <summary>The database while it is open and registered; null once it closed.</summary>
    public Database? Database { get; private set; }

    /// <summary>Called as the database closes, under the registry lock.</summary>
    public void Clear() => Database = null;
}
