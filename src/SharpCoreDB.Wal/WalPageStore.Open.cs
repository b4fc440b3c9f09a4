using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal.Checkpoint;
using SharpCoreDB.Wal.Format;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Transactions;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal;

/// <content>Opening (with recovery) and closing.</content>
internal sealed partial class WalPageStore
{
    /// <summary>
    /// Opens or creates the database file at <paramref name="path"/> with its log <c>&lt;path&gt;-wal</c>, both
    /// locked against other processes, and recovers.
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="options">The options (<see cref="WalStoreOptions.LeaveDevicesOpen"/> is ignored: the store owns the files).</param>
    /// <returns>The open store.</returns>
    /// <exception cref="SharpCoreDBException">Locked when another process has the database open; every error of <see cref="Open(IStorageDevice, IStorageDevice, WalStoreOptions)"/>.</exception>
    public static WalPageStore Open(string path, WalStoreOptions options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(options);
        bool readOnly = options.ReadOnly;
        FileDeviceMode mode = readOnly ? FileDeviceMode.OpenExisting : options.File.CreateMode switch
        {
            PageFileCreateMode.OpenExisting => FileDeviceMode.OpenExisting,
            PageFileCreateMode.CreateNew => FileDeviceMode.CreateNew,
            _ => FileDeviceMode.OpenOrCreate,
        };

        // The database file's lock is the one that keeps other processes out; the log is locked too so that
        // nobody can open it on its own.
        FileStorageDevice database = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = mode, ReadOnly = readOnly, Observer = options.FileObserver });
        IStorageDevice? wal = null;
        try
        {
            RollBackPagerJournal(database, readOnly);
            string walPath = database.Name + WalStoreOptions.WalSuffix;
            if (!readOnly)
            {
                wal = FileStorageDevice.Open(walPath, new FileDeviceOptions { Mode = FileDeviceMode.OpenOrCreate, Observer = options.FileObserver });
            }
            else if (System.IO.File.Exists(walPath))
            {
                wal = FileStorageDevice.Open(walPath, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true });
            }
            else
            {
                wal = new MemoryStorageDevice(walPath);
            }

            return Open(database, wal, new WalStoreOptions
            {
                File = options.File,
                Durability = options.Durability,
                CachePages = options.CachePages,
                Events = options.Events,
            });
        }
        catch
        {
            wal?.Dispose();
            database.Dispose();
            throw;
        }
    }

    // A database last written by the pager store (rollback journal instead of a log) may have been left with a
    // hot journal by a crash: the database file is then half-written and only the journal can restore it.
    private static void RollBackPagerJournal(FileStorageDevice database, bool readOnly)
    {
        string journalPath = database.Name + RollbackJournal.FileSuffix;
        if (!System.IO.File.Exists(journalPath))
        {
            return;
        }

        using FileStorageDevice journal = FileStorageDevice.Open(
            journalPath,
            new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = readOnly });
        RollbackJournal.RecoverIfHot(journal, database, readOnly);
    }

    /// <summary>A private in-memory database: both files are <see cref="MemoryStorageDevice"/>s.</summary>
    /// <param name="options">The options.</param>
    /// <returns>The open store.</returns>
    public static WalPageStore OpenMemory(WalStoreOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return Open(new MemoryStorageDevice(), new MemoryStorageDevice(MemoryStorageDevice.DefaultName + WalStoreOptions.WalSuffix), new WalStoreOptions
        {
            File = options.File,
            Durability = options.Durability,
            CachePages = options.CachePages,
            Events = options.Events,
        });
    }

    /// <summary>
    /// Opens or creates a database on a device pair and recovers: every complete transaction in the log is
    /// copied into the database file (read-write opens) or indexed (read-only opens); a torn tail is discarded.
    /// </summary>
    /// <param name="database">The database device.</param>
    /// <param name="wal">The log device.</param>
    /// <param name="options">The options.</param>
    /// <returns>The open store; it owns both devices unless <see cref="WalStoreOptions.LeaveDevicesOpen"/>.</returns>
    /// <exception cref="SharpCoreDBException">
    /// Every error of opening the database file (NotADatabase, WrongPassword, ...); Corrupt when the log is damaged
    /// inside its synced part or belongs to another database; UnsupportedFormat; IoError.
    /// </exception>
    public static WalPageStore Open(IStorageDevice database, IStorageDevice wal, WalStoreOptions options)
    {
        ArgumentNullException.ThrowIfNull(database);
        ArgumentNullException.ThrowIfNull(wal);
        ArgumentNullException.ThrowIfNull(options);
        bool readOnly = options.ReadOnly;
        PageFileOptions fileOptions = options.File.ReadOnly == readOnly ? options.File : new PageFileOptions
        {
            PageSize = options.File.PageSize,
            Password = options.File.Password,
            RawKey = options.File.RawKey,
            KdfIterations = options.File.KdfIterations,
            ReadOnly = readOnly,
            CreateMode = PageFileCreateMode.OpenExisting,
        };

        // A log only means something beside an existing database; beside a new one it is a stale leftover.
        bool databaseExisted = database.Length > 0;
        if (databaseExisted && !readOnly && fileOptions.CreateMode == PageFileCreateMode.OpenOrCreate && IsUnfinishedCreation(database, wal))
        {
            // A crash while the database was being created: no commit can exist yet (the first one needs the log's
            // header, which is written only after the header page is synced), so start again from an empty file.
            database.SetLength(0);
            databaseExisted = false;
        }

        bool identified = false;
        byte[]? replacementHeader = databaseExisted ? FindReplacementHeader(database, wal, out identified) : null;
        PageFile file = replacementHeader is null
            ? PageFile.Open(database, fileOptions, leaveOpen: true)
            : PageFile.OpenWithReplacementHeader(database, fileOptions, leaveOpen: true, replacementHeader);
        WalPageStore? store = null;
        try
        {
            if (replacementHeader is not null && !identified && !HoldsPageOf(file))
            {
                throw WalErrors.HeaderNotRebuilt(file.Name, wal.Name);
            }

            WalScanResult? scan = null;
            LogVerdict verdict = LogVerdict.Ignore(file.CheckpointRecord);
            if (databaseExisted)
            {
                scan = WalRecovery.Scan(wal, new WalScanExpectation(file.Name, file.DatabaseId.ToArray(), file.PageSize, file.Codec.Authenticator));
                verdict = LogAdmission.Decide(file, wal, scan);
                if (replacementHeader is not null && !verdict.ReplayLog)
                {
                    throw WalErrors.WrongLogForHeaderRepair(file.Name, wal.Name);
                }
            }

            ulong lastSequence = verdict.LastSequence;
            WalIndex index;
            WalLogFile log;
            ulong backfilled;
            if (readOnly)
            {
                // Nothing is written: a log to replay is indexed instead, so its pages are read from it.
                index = verdict.ReplayLog ? WalIndex.From(scan!.Frames) : new WalIndex();
                log = verdict.ReplayLog
                    ? WalLogFile.Resume(wal, scan!.Header, scan.End, scan.Chain, scan.MacChain, scan.Batch, file.Codec.Authenticator)
                    : WalLogFile.Empty(wal, file.PageSize, file.DatabaseId);
                backfilled = verdict.ReplayLog ? scan!.Header.CheckpointSequence : lastSequence;
            }
            else
            {
                log = Recover(file, wal, verdict.ReplayLog ? scan : null, verdict);
                index = new WalIndex();
                backfilled = lastSequence;
            }

            store = new WalPageStore(file, wal, log, index, lastSequence, backfilled, options);
            store.LoadPageCount(verifyFileLength: index.IsEmpty);
            return store;
        }
        catch
        {
            if (store is not null)
            {
                store.DisposeResources();
            }
            else
            {
                file.Dispose();
            }

            throw;
        }
    }

    /// <summary>Closes the store: drains the log, checkpoints everything and empties the log (unless read-only or failed).</summary>
    /// <exception cref="SharpCoreDBException">IoError when the final checkpoint fails; the log still holds every commit and the next open recovers them.</exception>
    public void Dispose()
    {
        lock (_snapshotLock)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
        }

        // A write transaction still open now is misuse; give it the busy timeout to end, then close regardless.
        bool haveWriter = _writerSlot.Enter(_durability.BusyTimeout);
        try
        {
            _writer?.Dispose();
            if (!IsReadOnly && Failure is null)
            {
                CloseLog();
            }
        }
        finally
        {
            // No background checkpoint may still be touching the files when they close.
            _checkpointSlot.Wait();
            DisposeResources();
            _checkpointSlot.Release();
            if (haveWriter)
            {
                _writerSlot.Release();
            }
        }
    }

    // Copies every complete transaction of a log to replay into the database file, records the generation it came
    // from, and starts a fresh, empty log generation; a log to ignore (scan null) is overwritten by the new generation.
    private static WalLogFile Recover(PageFile file, IStorageDevice wal, WalScanResult? scan, LogVerdict verdict)
    {
        Storage.Encryption.Authenticator? authenticator = file.Codec.Authenticator;
        if (scan is { HasHeader: true } && scan.Frames.Count == 0 && !scan.DiscardsOwnFrames)
        {
            // A clean log of the file's own history: nothing to replay, and nothing after the header of its generation
            // (only zeros or an earlier generation's frames, as a close leaves them), so appending may go on from it.
            return WalLogFile.Resume(wal, scan.Header, scan.End, scan.Chain, scan.MacChain, scan.Batch, authenticator);
        }

        if (scan is { HasHeader: true } && scan.Frames.Count > 0)
        {
            WalLogFile old = WalLogFile.Resume(wal, scan.Header, scan.End, scan.Chain, scan.MacChain, scan.Batch, authenticator);
            var newest = new Dictionary<uint, WalFrameRef>();
            foreach (WalFrameRef frame in scan.Frames)
            {
                newest[frame.PageNumber] = frame;
            }

            var frames = new List<WalFrameRef>(newest.Values);
            FrameCopier.SortByPage(frames);
            FrameCopier.CopyAndSync(frames, old, file, verify: true, new CheckpointStamp(verdict.Salt1, verdict.Salt2, verdict.LastSequence));
        }
        else if (file.CheckpointRecord is not { } record || record.Salt1 != verdict.Salt1 || record.Salt2 != verdict.Salt2 || record.Sequence != verdict.LastSequence)
        {
            // The generation about to start must follow the record: make the record say where the file stands.
            file.WriteCheckpointRecord(verdict.Salt1, verdict.Salt2, verdict.LastSequence);
            file.Flush();
        }

        // Only now, with the database file synced, may the old frames be forgotten: a new header with new salts
        // invalidates them, and cutting the file keeps it small.
        WalLogFile log = WalLogFile.Start(wal, file.PageSize, verdict.LastSequence, verdict.Salt1, file.DatabaseId, authenticator);
        log.Shrink();
        return log;
    }

    // A crash while a checkpoint rewrote page 0 can leave the database header torn or garbled, and opening the
    // file checks that header before the log could repair it. The log's newest page 0 is the committed header:
    // when the file's copy fails verification, the damaged copy still names the log's database (the id is in the
    // first sector, which every version of page 0 shares), and the logged one verifies, the logged one is used in
    // its place, with the file's checkpoint record slots (checked on their own). It is only read here; the open
    // verifies it (key, MAC) and recovery writes it back as it copies the log.
    private static byte[]? FindReplacementHeader(IStorageDevice database, IStorageDevice wal, out bool identified)
    {
        identified = false;
        Span<byte> headerBytes = stackalloc byte[WalHeader.SizeOf];
        if (wal.Length < WalHeader.SizeOf || wal.Read(0, headerBytes) != WalHeader.SizeOf
            || WalHeader.TryRead(headerBytes, out WalHeader header) != WalHeaderStatus.Valid
            || !Storage.Format.DatabaseHeader.IsValidPageSize(header.PageSize))
        {
            return null;
        }

        int pageSize = header.PageSize;
        byte[] current = new byte[pageSize];
        int read = database.Read(0, current);
        if (read == pageSize && IsSoundHeaderPage(current, pageSize))
        {
            return null;
        }

        // The damaged copy still names the log's database (the id sits in the first sector, which every version of
        // page 0 shares, so a torn write keeps it); otherwise another page must prove it (HoldsPageOf).
        identified = read == pageSize && DatabaseHeader.HasMagic(current)
            && DatabaseHeader.GetDatabaseId(current).SequenceEqual(header.DatabaseId)
            && DatabaseHeader.GetPageSize(current) == pageSize;

        WalScanResult scan = WalRecovery.Scan(wal, expected: null);
        long offset = -1;
        foreach (WalFrameRef frame in scan.Frames)
        {
            if (frame.PageNumber == 0)
            {
                offset = frame.Offset;
            }
        }

        byte[] logged = new byte[pageSize];
        if (offset < 0 || wal.Read(offset + WalFrameHeader.SizeOf, logged) != pageSize
            || !IsSoundHeaderPage(logged, pageSize)
            || !DatabaseHeader.GetDatabaseId(logged).SequenceEqual(header.DatabaseId))
        {
            return null;
        }

        CheckpointRecord.CopySlots(current, logged);
        return logged;
    }

    // True when the database file is what a crash during its creation leaves and nothing else: at most one page,
    // starting with the magic (a torn write of the header page keeps its first sector) or all zeros, a header page
    // that does not verify, and an empty log (a finished creation has synced its header page before the log's first
    // header, and a clean close leaves that header). Anything else, even a file that is not a database, is left to the
    // open to report; nothing but this file's own unfinished header is ever discarded.
    private static bool IsUnfinishedCreation(IStorageDevice database, IStorageDevice wal)
    {
        long length = database.Length;
        if (wal.Length != 0 || length > DatabaseHeader.MaxPageSize)
        {
            return false;
        }

        byte[] bytes = new byte[length];
        if (database.Read(0, bytes) != length)
        {
            return false;
        }

        if (!bytes.AsSpan().ContainsAnyExcept((byte)0))
        {
            return true;
        }

        if (!DatabaseHeader.HasMagic(bytes) || length < DatabaseHeader.SizeOf)
        {
            return false;
        }

        uint pageSize = DatabaseHeader.GetPageSize(bytes);
        if (!DatabaseHeader.IsValidPageSize(pageSize) || length > pageSize)
        {
            return false;
        }

        return length < pageSize || !IsSoundHeaderPage(bytes, (int)pageSize);
    }

    // True when some page of the file after page 0 verifies as this database's (its checksum or tag binds the
    // database id, and encrypted the key): proof that a header rebuilt from the log is the file's own. A checkpoint
    // writes page 0 only after the pages copied with it are synced, or when a page it leaves alone already proves
    // it, so when page 0 is lost to a crash such a page is durable and verifies.
    private static bool HoldsPageOf(PageFile file) =>
        FrameCopier.HoldsIdentityPage(file, file.StoredPageCount, written: null, maxTried: int.MaxValue);

    private static bool IsSoundHeaderPage(ReadOnlySpan<byte> page, int pageSize)
    {
        if (!DatabaseHeader.HasMagic(page) || DatabaseHeader.GetPageSize(page) != pageSize)
        {
            return false;
        }

        int reserved = DatabaseHeader.GetReservedBytes(page);
        if (reserved is not (PageTrailer.PlainSize or PageTrailer.EncryptedSize))
        {
            return false;
        }

        int usable = pageSize - reserved;
        uint stored = BinaryPrimitives.ReadUInt32LittleEndian(page[(usable + PageTrailer.ChecksumOffset)..]);
        return stored == PageCodec.ComputeChecksum(page[..usable], DatabaseHeader.GetDatabaseId(page), 0);
    }

    private void LoadPageCount(bool verifyFileLength)
    {
        uint pageCount;
        using (PageLease header = ReadVersion(0, _visible, _index))
        {
            pageCount = DatabaseHeader.GetPageCount(header.Data);
        }

        if (pageCount == 0 || (verifyFileLength && _file.StoredPageCount < pageCount))
        {
            throw StorageErrors.TruncatedDatabase(_file.Name, pageCount, _file.StoredPageCount);
        }

        _enqueuedPageCount = _visiblePageCount = pageCount;
    }

    private void CloseLog()
    {
        Backfill(closing: true);
        lock (_snapshotLock)
        {
            if (_backfilled != _enqueued || _readers.LogReaders != 0)
            {
                // Snapshots left open keep some frames needed; the next open replays them.
                return;
            }
        }

        _log.EndForClose(_backfilled);
    }

    private void DisposeResources()
    {
        _cache.Dispose();
        _file.Dispose();
        if (_ownsDevices)
        {
            _file.Device.Dispose();
            _walDevice.Dispose();
        }

        // The two slots are not disposed: a background checkpoint may still try the checkpoint slot (and then
        // sees the store closed), and a write transaction left open may still give the writer slot back.
    }
}
