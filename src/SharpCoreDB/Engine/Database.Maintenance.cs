using System.Security.Cryptography;
using SharpCoreDB.Catalog;
using SharpCoreDB.Engine.Maintenance;
using SharpCoreDB.Execution;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine;

/// <content>
/// VACUUM, VACUUM INTO, backups and rekeying: a compact copy of a snapshot written to a new file beside the database
/// (<see cref="DatabaseCopier"/>), and for VACUUM and rekey the atomic replacement of the file by that copy.
/// </content>
internal sealed partial class Database
{
    /// <summary>The suffix of the file VACUUM and rekey build beside the database before it takes the database's place.</summary>
    internal const string RebuildSuffix = "-vacuum";

    // Set (under s_registryLock) while VACUUM or rekey replaces the file: no other connection may join meanwhile, and
    // no transaction may start (Database.StoreGate.cs).
    private bool _replacing;

    /// <summary>
    /// Writes a compact copy of <paramref name="source"/> (a snapshot of this database) to a new file: VACUUM INTO and
    /// backups. The copy is a database of its own: its log starts empty, and no log of this database applies to it.
    /// </summary>
    /// <param name="source">The snapshot to copy.</param>
    /// <param name="path">The new file; it must not exist or be empty.</param>
    /// <param name="encryption">The copy's encryption, or null for the same password or key as this database.</param>
    /// <param name="progress">Called with (pages written, pages to write), or null.</param>
    /// <param name="cancellationToken">Stops the copy (Cancelled); the partial file is removed.</param>
    /// <exception cref="SharpCoreDBException">AlreadyExists ("output file already exists"), IoError, Corrupt, Cancelled.</exception>
    internal void CopyTo(IPageTransaction source, string path, SharpCoreDBEncryption? encryption, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentException.ThrowIfNullOrEmpty(path);
        string fullPath = Path.GetFullPath(path);
        if (string.Equals(fullPath, _registryKey, StringComparison.Ordinal))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.AlreadyExists, $"output file already exists: '{path}' is this database's own file");
        }

        if (Directory.Exists(fullPath))
        {
            // SQLite's "unable to open database file": a directory can be neither a copy nor overwritten by one.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"unable to open database file: '{path}' is a directory, so the copy cannot be written there");
        }

        FileInfo info = new(fullPath);
        if (info.Exists && info.Length > 0)
        {
            // SQLite's words for VACUUM INTO a non-empty file; a copy never overwrites a file.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.AlreadyExists, $"output file already exists: '{path}'");
        }

        WriteCopy(source, KeyOrder, fullPath, encryption, bumpVersion: false, progress, cancellationToken);
    }

    /// <summary>
    /// VACUUM (<paramref name="encryption"/> null) or rekey: rebuilds the database into a new file beside it, then puts
    /// that file in its place atomically, and reopens. Other connections of the process may be open, but idle: none in
    /// a transaction or with a statement reading (Busy otherwise, as SQLite); they use the new file afterwards, and
    /// while the rebuild runs their new transactions get Busy. The caller must be outside any transaction.
    /// </summary>
    /// <param name="encryption">The new encryption (rekey), or null to keep it (VACUUM).</param>
    /// <param name="cancellationToken">Stops the rebuild before the file is replaced (Cancelled); the database is unchanged.</param>
    /// <param name="from">
    /// The database whose snapshot becomes this one's content (a backup into this database), or null for this one's own.
    /// </param>
    /// <param name="progress">Called with (pages written, pages to write), or null.</param>
    /// <exception cref="SharpCoreDBException">Busy, ReadOnly, IoError, Corrupt, Cancelled.</exception>
    internal void Rebuild(SharpCoreDBEncryption? encryption, CancellationToken cancellationToken, Database? from = null, Action<long, long>? progress = null)
    {
        if (IsReadOnly)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ReadOnly, $"attempt to write a readonly database: '{Options.DataSource}' is open read-only, so it cannot be {(encryption is null ? "vacuumed" : "rekeyed")}");
        }

        lock (s_registryLock)
        {
            var current = (WalPageStore)Store;
            if (!TryStartReplacing(current))
            {
                ThrowIfReading(current, encryption);
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Busy,
                    $"database is locked: another connection to '{Options.DataSource}' is in a write transaction; {(encryption is null ? "VACUUM" : "rekey")} needs every connection idle");
            }
        }

        try
        {
            var old = (WalPageStore)Store;
            ThrowIfReading(old, encryption);
            if (old.Failure is { } failure)
            {
                // A failed store skips its final checkpoint on close, so its file lacks the commits only its log holds:
                // the rebuild would have to delete that log before the copy takes the name, and a failure then loses them.
                throw new SharpCoreDBException(
                    failure.ErrorCode,
                    $"cannot {(encryption is null ? "VACUUM" : "rekey")} '{Options.DataSource}': an earlier write to it failed ({failure.Message}); close every connection to it and open it again, which recovers it from its log",
                    failure);
            }

            if (_registryKey is null)
            {
                RebuildInMemory(old, encryption, from ?? this, progress, cancellationToken);
            }
            else
            {
                RebuildFile(old, _registryKey, encryption, from ?? this, progress, cancellationToken);
            }

            AdoptReplacement(encryption);
        }
        finally
        {
            lock (s_registryLock)
            {
                _replacing = false;
            }
        }
    }

    private void RebuildFile(WalPageStore old, string path, SharpCoreDBEncryption? encryption, Database source, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        string temp = path + RebuildSuffix;
        DeleteFiles(temp);
        using (IReadTransaction read = SnapshotOf(source))
        {
            WriteCopy(read, source.KeyOrder, temp, encryption, bumpVersion: true, progress, cancellationToken);
        }

        using DatabaseKeys oldKeys = DatabaseKeys.Of(old.File);
        ThrowIfReading(old, encryption);

        // The copy stays locked until it has taken the database's name: once the old store closes, another process
        // may open the database, and it removes a rebuild file only when nobody holds it (RemoveAbandonedRebuild).
        // Windows cannot rename a file open without delete sharing, so there the copy goes unguarded for that instant.
        FileStorageDevice? guard = OperatingSystem.IsWindows() ? null : FileStorageDevice.Open(temp, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting });
        bool replaced = false;
        try
        {
            // From here the order is what makes a crash safe: the old file holds every commit before its log goes (a
            // clean close checkpoints everything; a close that fails throws before the log is touched, and the log then
            // still holds them), and the log goes before the new file takes the name, so a log of the old file never
            // meets the new one. A crash leaves the old database (with or without its emptied log) or the new one, and
            // perhaps an unlocked rebuild file that the next open removes.
            old.Dispose();
            File.Delete(_walPath!);
            FileStorageDevice.SyncDirectory(path, Options.StoreObserver);
            Options.BeforeReplace?.Invoke();
            File.Move(temp, path, overwrite: true);
            replaced = true;
            FileStorageDevice.SyncDirectory(path, Options.StoreObserver);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or SharpCoreDBException)
        {
            throw RecoverFromFailedReplace(ex, path, temp, guard, replaced, encryption, oldKeys);
        }

        // The guard now holds the new database file itself: the store's own lock needs it released.
        guard?.Dispose();
        Store = Reopen(path, encryption, oldKeys);
        _files!.RecordAgain();
    }

    // After a failed close, rename or directory sync: whichever file has the database's name is opened again (the old
    // one recovers from its log when its close failed), the copy goes unless it is that file, and the error says which
    // file is in use. The old store is closed by now: its Dispose releases the files even when its checkpoint fails.
    private SharpCoreDBException RecoverFromFailedReplace(Exception cause, string path, string temp, FileStorageDevice? guard, bool replaced, SharpCoreDBEncryption? encryption, DatabaseKeys oldKeys)
    {
        guard?.Dispose();
        string leftOver = string.Empty;
        if (!replaced)
        {
            try
            {
                DeleteFiles(temp);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // The next VACUUM or open removes it; the failure the caller must hear of is the one that stopped the rebuild.
                leftOver = $"; the copy '{temp}' could not be removed either ({ex.Message})";
            }
        }

        string outcome = replaced
            ? $"the rebuilt copy of '{path}' is in place, but the directory could not be synced, so a power loss may bring back the old file: {cause.Message}"
            : $"Could not put the rebuilt copy of '{path}' in its place; the database is unchanged: {cause.Message}{leftOver}";
        try
        {
            Store = Reopen(path, replaced ? encryption : null, oldKeys);
        }
        catch (SharpCoreDBException reopen)
        {
            // Neither file can be opened now: every later transaction of this instance fails with this error, and the
            // instance closes with its last connection, so the next open tries the files afresh.
            var lost = new SharpCoreDBException(reopen.ErrorCode, $"{outcome}; and '{path}' could not be opened again: {reopen.Message}", reopen);
            lock (s_registryLock)
            {
                _storeLost = lost;
                _clearOnRelease = true;
            }

            return lost;
        }

        _files!.RecordAgain();
        if (replaced)
        {
            AdoptReplacement(encryption);
        }

        return new SharpCoreDBException(SharpCoreDBErrorCode.IoError, outcome, cause);
    }

    // The file in place is the rebuilt one: its secret and its schema (with the bumped version) are this instance's now.
    private void AdoptReplacement(SharpCoreDBEncryption? encryption)
    {
        if (encryption is not null)
        {
            // Connections offering the old secret no longer join this instance, and a pooled one is not reused for them.
            _secretVerifier = SecretVerifier(Options with { Password = encryption.Password, EncryptionKey = encryption.Key, SecretVerifier = null });
        }

        ReloadSchema();
    }

    private void RebuildInMemory(WalPageStore old, SharpCoreDBEncryption? encryption, Database source, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        using DatabaseKeys? keys = encryption is null ? DatabaseKeys.Of(old.File) : null;
        WalPageStore rebuilt = WalPageStore.OpenMemory(StoreOptions(Options, memory: true, TargetFile(old.PageSize, encryption, keys, PageFileCreateMode.OpenOrCreate)));
        try
        {
            using IReadTransaction read = SnapshotOf(source);
            DatabaseCopier.Copy(read, rebuilt, bumpVersion: true, source.KeyOrder, progress, cancellationToken);
        }
        catch
        {
            rebuilt.Dispose();
            throw;
        }

        Store = rebuilt;
        old.Dispose();
    }

    // This database's own store is read past the gate it holds shut; another's (a backup into this one) through its gate.
    private IReadTransaction SnapshotOf(Database source) => ReferenceEquals(source, this) ? Store.BeginRead() : source.BeginStoreRead();

    // SQLite's refusal while a statement of the connection still reads: its snapshot would outlive the file it reads.
    private void ThrowIfReading(WalPageStore store, SharpCoreDBEncryption? encryption)
    {
        if (store.OpenSnapshots > 0)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Busy,
                $"cannot {(encryption is null ? "VACUUM" : "rekey")} - SQL statements in progress: close the data readers and end the transactions of the connections to '{Options.DataSource}' first");
        }
    }

    // Reopens the file at the path: with the new secret after a rekey, else with the keys the old file had.
    private WalPageStore Reopen(string path, SharpCoreDBEncryption? encryption, DatabaseKeys oldKeys)
    {
        PageFileOptions file = encryption is null
            ? new PageFileOptions { KeysFrom = oldKeys, CreateMode = PageFileCreateMode.OpenExisting }
            : TargetFile(Options.PageSize, encryption, keys: null, PageFileCreateMode.OpenExisting);
        return WalPageStore.Open(path, StoreOptions(Options, memory: false, file));
    }

    // The key order of a tree of this database by its root (see TransactionContext.KeyOrder), for copies that open
    // trees of their own. The schema is the one the copy's snapshot was taken under: copies run with no statement
    // in progress, so no schema change can come between.
    private Storage.BTree.BTreeKeyComparer? KeyOrder(uint root)
    {
        if (Schema.UserOrderedIndex(root) is not { } index)
        {
            return null;
        }

        Storage.BTree.BTreeKeyComparer? order = Execution.IndexKeys.KeyOrder(index, Collations);
        foreach (Catalog.IndexColumn column in index.Columns)
        {
            if (column.Collation is { Kind: Records.CollationKind.User } named && Collations.Find(named.Name) is null)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"no such collation sequence: {named.Name} (index {index.Name} needs it to be copied)");
            }
        }

        return order;
    }

    private void ReloadSchema()
    {
        using IReadTransaction read = Store.BeginRead();
        using var context = new TransactionContext(read, Schema.Empty);
        Schema loaded = CatalogStore.Load(context);
        lock (_schemaLock)
        {
            Volatile.Write(ref _schema, loaded);
        }
    }

    // Builds the copy in a new file and closes it; on any failure the partial file is removed.
    private void WriteCopy(IPageTransaction source, Func<uint, Storage.BTree.BTreeKeyComparer?> keyOrder, string fullPath, SharpCoreDBEncryption? encryption, bool bumpVersion, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        var store = (WalPageStore)Store;
        using DatabaseKeys? keys = encryption is null ? DatabaseKeys.Of(store.File) : null;
        var options = new WalStoreOptions
        {
            File = TargetFile(store.PageSize, encryption, keys, PageFileCreateMode.OpenOrCreate),

            // The copy is synced once, by the checkpoint of its close; until then a crash leaves a file nobody uses.
            Durability = new DurabilityOptions { Mode = DurabilityMode.Async },
            CachePages = 256,
            FileObserver = Options.CopyObserver,
        };

        bool complete = false;
        try
        {
            WalPageStore target = WalPageStore.Open(fullPath, options);
            DatabaseKeys written;
            try
            {
                DatabaseCopier.Copy(source, target, bumpVersion, keyOrder, progress, cancellationToken);
                written = DatabaseKeys.Of(target.File);
            }
            finally
            {
                target.Dispose();
            }

            // A log write that failed after the last commit returned (Async) latches the store, whose close then
            // skips the final checkpoint: the file lacks those commits, and its log must not be deleted as if it were
            // complete. The copy failed.
            if (target.Failure is { } failure)
            {
                throw new SharpCoreDBException(failure.ErrorCode, $"Could not write the copy '{fullPath}': {failure.Message}", failure);
            }

            // Everything is in the file (a clean close checkpoints and syncs it): the copy needs no log.
            File.Delete(fullPath + WalStoreOptions.WalSuffix);
            using (written)
            {
                BindToNewLog(fullPath, written);
            }

            complete = true;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Could not write the copy '{fullPath}': {ex.Message}", ex);
        }
        finally
        {
            if (!complete)
            {
                RemovePartialCopy(fullPath);
            }
        }
    }

    // After a failed copy: its file and log go, so no partial file is left. The path may never have been created (a
    // missing folder) or may not be removable; the latter is reported, as the caller would otherwise find a partial file.
    private static void RemovePartialCopy(string fullPath)
    {
        try
        {
            foreach (string file in (string[])[fullPath, fullPath + WalStoreOptions.WalSuffix])
            {
                if (File.Exists(file))
                {
                    File.Delete(file);
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"The copy '{fullPath}' failed, and its partial file could not be removed: {ex.Message}", ex);
        }
    }

    // A copy that keeps the key keeps the database id too (the keys are derived from it), so a log of the source could
    // pass the id check beside the copy. The copy's checkpoint record therefore names a log generation and a
    // transaction sequence drawn at random: a log of the source is then never of the copy's generation, never its
    // successor starting at its sequence (recovery refuses both with Corrupt), and an older one is ignored.
    private static void BindToNewLog(string fullPath, DatabaseKeys keys)
    {
        FileStorageDevice device = FileStorageDevice.Open(fullPath, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting });
        using PageFile file = PageFile.Open(device, new PageFileOptions { KeysFrom = keys, CreateMode = PageFileCreateMode.OpenExisting });
        uint salt1 = (uint)RandomNumberGenerator.GetInt32(int.MaxValue);
        uint salt2 = (uint)RandomNumberGenerator.GetInt32(int.MaxValue);
        ulong sequence = ((ulong)(uint)RandomNumberGenerator.GetInt32(int.MaxValue) << 16) + 1;
        file.WriteCheckpointRecord(salt1, salt2, sequence);
        file.Flush();
    }

    private PageFileOptions TargetFile(int pageSize, SharpCoreDBEncryption? encryption, DatabaseKeys? keys, PageFileCreateMode mode) => new()
    {
        PageSize = pageSize,
        KeysFrom = encryption is null ? keys : null,
        Password = encryption?.Password,
        RawKey = encryption?.Key is { } key ? new ReadOnlyMemory<byte>(key) : (ReadOnlyMemory<byte>?)null,
        KdfIterations = Options.KdfIterations ?? Storage.Encryption.KeyDerivation.DefaultIterations,
        CreateMode = mode,
    };

    /// <summary>
    /// Removes <c>&lt;file&gt;-vacuum</c> left by a VACUUM or rekey that crashed before its copy took the database's
    /// name (the old database is then whole, and the copy is of no use). Called right after a read-write open, with
    /// the database's lock held, so no VACUUM of another process can be copying; one that has closed its old file and
    /// is about to rename its copy holds the copy's lock, and its file is left alone.
    /// </summary>
    /// <param name="path">The database file's full path.</param>
    internal static void RemoveAbandonedRebuild(string path)
    {
        string temp = path + RebuildSuffix;
        if (!File.Exists(temp))
        {
            return;
        }

        FileStorageDevice guard;
        try
        {
            guard = FileStorageDevice.Open(temp, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting });
        }
        catch (SharpCoreDBException ex) when (ex.ErrorCode is SharpCoreDBErrorCode.Locked or SharpCoreDBErrorCode.IoError)
        {
            // Locked: another process's VACUUM is renaming it this instant. IoError: gone meanwhile, or not ours to
            // open; either way the database is fine, and the next VACUUM deletes a leftover before it starts.
            return;
        }

        try
        {
            // Unix deletes a file that is open, so the lock is held until it is gone; Windows needs it closed first.
            if (OperatingSystem.IsWindows())
            {
                guard.Dispose();
            }

            DeleteFiles(temp);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // The open itself succeeded and the database is whole: a leftover that cannot be deleted now must not fail
            // it. The next VACUUM deletes it before it starts (and says so if it cannot).
            System.Diagnostics.Trace.TraceWarning($"SharpCoreDB: could not remove the abandoned rebuild file '{temp}': {ex.Message}");
        }
        finally
        {
            guard.Dispose();
        }
    }

    // A file and its log, left by a copy that failed or a crash during one.
    private static void DeleteFiles(string path)
    {
        File.Delete(path);
        File.Delete(path + WalStoreOptions.WalSuffix);
    }
}
