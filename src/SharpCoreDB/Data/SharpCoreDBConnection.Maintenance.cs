using SharpCoreDB.Engine;
using SharpCoreDB.Engine.Maintenance;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB;

/// <content>Online backup and rekeying (VACUUM and integrity checks are SQL: see docs/MAINTENANCE.md).</content>
public sealed partial class SharpCoreDBConnection
{
    /// <summary>
    /// Copies a consistent snapshot of this database into <paramref name="destination"/>, replacing its content (as
    /// Microsoft.Data.Sqlite's <c>BackupDatabase</c>). Writers on this database go on meanwhile; the copy is the state
    /// of the moment the backup began. The destination keeps its own password or key, and must be a read-write
    /// connection that is the only one open to its database, with no transaction or reader open (Busy otherwise).
    /// </summary>
    /// <param name="destination">An open connection to another database.</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> is null.</exception>
    /// <exception cref="InvalidOperationException">Either connection is not open, or both are the same connection.</exception>
    /// <exception cref="SharpCoreDBException">Busy, ReadOnly, TransactionState, IoError, Corrupt.</exception>
    public void BackupDatabase(SharpCoreDBConnection destination) => BackupInto(destination, progress: null, CancellationToken.None);

    /// <summary>Like <see cref="BackupDatabase(SharpCoreDBConnection)"/>, on a thread-pool thread, with progress and cancellation.</summary>
    /// <param name="destination">An open connection to another database.</param>
    /// <param name="progress">Told how far the copy has got, or null.</param>
    /// <param name="cancellationToken">Stops the copy before the destination is replaced (it is then unchanged).</param>
    /// <returns>A task that completes when the destination holds the copy.</returns>
    /// <exception cref="SharpCoreDBException">As the synchronous method, and Cancelled.</exception>
    public Task BackupDatabaseAsync(SharpCoreDBConnection destination, IProgress<SharpCoreDBBackupProgress>? progress = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);
        return Task.Run(() => BackupInto(destination, progress, cancellationToken), cancellationToken);
    }

    /// <summary>
    /// Writes a consistent snapshot of this database to a new file, compact (as VACUUM INTO), while writers go on. The
    /// copy opens on its own (no log of this database ever applies to it), with this database's password or key unless
    /// <see cref="SharpCoreDBBackupOptions.Encryption"/> says otherwise. An existing non-empty file is never overwritten.
    /// </summary>
    /// <param name="path">The new file.</param>
    /// <param name="options">Encryption and progress, or null for the defaults.</param>
    /// <exception cref="ArgumentException"><paramref name="path"/> is null or empty.</exception>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    /// <exception cref="SharpCoreDBException">AlreadyExists ("output file already exists"), IoError, Corrupt.</exception>
    public void BackupDatabase(string path, SharpCoreDBBackupOptions? options = null) => BackupToFile(path, options, CancellationToken.None);

    /// <summary>Like <see cref="BackupDatabase(string, SharpCoreDBBackupOptions?)"/>, on a thread-pool thread, with cancellation.</summary>
    /// <param name="path">The new file.</param>
    /// <param name="options">Encryption and progress, or null for the defaults.</param>
    /// <param name="cancellationToken">Stops the copy; the partial file is removed.</param>
    /// <returns>A task that completes when the copy is written and synced.</returns>
    /// <exception cref="SharpCoreDBException">As the synchronous method, and Cancelled.</exception>
    public Task BackupDatabaseAsync(string path, SharpCoreDBBackupOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        return Task.Run(() => BackupToFile(path, options, cancellationToken), cancellationToken);
    }

    /// <summary>
    /// Changes how the database is encrypted: a new password, a raw key, encryption of a plain database, or none
    /// (<see cref="SharpCoreDBEncryption.None"/>, asked for explicitly). The database is rebuilt into a new file that
    /// replaces it atomically, so a crash leaves it under the old key or the new one, never a mix. Afterwards only the
    /// new password or key opens it; connections and pooled instances holding the old one are not reused.
    /// </summary>
    /// <param name="encryption">The new encryption.</param>
    /// <exception cref="ArgumentNullException"><paramref name="encryption"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    /// <exception cref="SharpCoreDBException">
    /// TransactionState inside a transaction; Busy while other connections use the database or a reader is open;
    /// ReadOnly; IoError.
    /// </exception>
    public void Rekey(SharpCoreDBEncryption encryption)
    {
        ArgumentNullException.ThrowIfNull(encryption);
        Database database = _database ?? throw NotOpen();
        MaintenanceRunner.RequireIdle(Session, "rekey");
        MaintenanceRunner.RequireWritable(Session, "rekey");

        database.Rebuild(encryption, CancellationToken.None);
    }

    private void BackupToFile(string path, SharpCoreDBBackupOptions? options, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        Database database = _database ?? throw NotOpen();
        using IReadTransaction snapshot = database.BeginStoreRead();
        database.CopyTo(snapshot, path, options?.Encryption, Report(options?.Progress), cancellationToken);
    }

    private void BackupInto(SharpCoreDBConnection destination, IProgress<SharpCoreDBBackupProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(destination);
        if (ReferenceEquals(destination, this))
        {
            throw new InvalidOperationException("A database cannot be backed up into its own connection.");
        }

        Database source = _database ?? throw NotOpen();
        Database target = destination._database ?? throw new InvalidOperationException("The destination connection is not open; call Open first.");
        MaintenanceRunner.RequireIdle(destination.Session, "back up into a database");
        MaintenanceRunner.RequireWritable(destination.Session, "a backup into it");

        target.Rebuild(encryption: null, cancellationToken, source, Report(progress));
    }

    private static Action<long, long>? Report(IProgress<SharpCoreDBBackupProgress>? progress) =>
        progress is null ? null : (copied, total) => progress.Report(new SharpCoreDBBackupProgress(copied, total));

    private static InvalidOperationException NotOpen() => new("The connection is not open; call Open first.");
}
