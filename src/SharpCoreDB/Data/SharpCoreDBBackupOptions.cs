namespace SharpCoreDB;

/// <summary>How <see cref="SharpCoreDBConnection.BackupDatabase(string, SharpCoreDBBackupOptions?)"/> writes the copy.</summary>
public sealed class SharpCoreDBBackupOptions
{
    /// <summary>
    /// The copy's encryption; null (the default) keeps the source's password or key. A copy without encryption of an
    /// encrypted database is made only when this is <see cref="SharpCoreDBEncryption.None"/>.
    /// </summary>
    public SharpCoreDBEncryption? Encryption { get; init; }

    /// <summary>Told how far the copy has got, or null.</summary>
    public IProgress<SharpCoreDBBackupProgress>? Progress { get; init; }
}
