using System.Buffers.Binary;
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
        string journalPath = database.Name + PagerStore.JournalSuffix;
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
        WalScanResult? scan = databaseExisted ? WalRecovery.Scan(wal, expectedPageSize: null) : null;
        if (scan is not null && !readOnly)
        {
            RepairHeaderPage(database, wal, scan);
        }

        PageFile file = PageFile.Open(database, fileOptions, leaveOpen: true);
        WalPageStore? store = null;
        try
        {
            if (scan is { HasHeader: true } && scan.Header.PageSize != file.PageSize)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Corrupt,
                    $"The write-ahead log '{wal.Name}' holds {scan.Header.PageSize}-byte pages but '{file.Name}' uses {file.PageSize}-byte pages; it belongs to another database.");
            }

            ulong lastSequence = scan is { HasHeader: true } ? scan.LastSequence : 0;
            WalIndex index;
            WalLogFile log;
            if (readOnly)
            {
                index = scan is null ? new WalIndex() : WalIndex.From(scan.Frames);
                log = scan is { HasHeader: true }
                    ? WalLogFile.Resume(wal, scan.Header, scan.End, scan.Chain, scan.Batch)
                    : WalLogFile.Resume(wal, new WalHeader(file.PageSize, 0, 0, 0), WalHeader.SizeOf, 0, 0);
            }
            else
            {
                log = Recover(file, wal, scan, lastSequence);
                index = new WalIndex();
            }

            ulong backfilled = readOnly ? (scan is { HasHeader: true } ? scan.Header.CheckpointSequence : 0) : lastSequence;
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
        bool haveWriter = _writerSlot.Wait(_durability.BusyTimeout);
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

    // Copies every complete transaction into the database file and starts a fresh, empty log generation.
    private static WalLogFile Recover(PageFile file, IStorageDevice wal, WalScanResult? scan, ulong lastSequence)
    {
        if (scan is { HasHeader: true } && scan.Frames.Count == 0 && scan.DiscardedBytes == 0)
        {
            // A clean log: nothing to replay, nothing to discard.
            return WalLogFile.Resume(wal, scan.Header, scan.End, scan.Chain, scan.Batch);
        }

        if (scan is { HasHeader: true } && scan.Frames.Count > 0)
        {
            WalLogFile old = WalLogFile.Resume(wal, scan.Header, scan.End, scan.Chain, scan.Batch);
            var newest = new Dictionary<uint, WalFrameRef>();
            foreach (WalFrameRef frame in scan.Frames)
            {
                newest[frame.PageNumber] = frame;
            }

            var frames = new List<WalFrameRef>(newest.Values);
            FrameCopier.SortByPage(frames);
            FrameCopier.CopyAndSync(frames, old, file, verify: true);
        }

        // Only now, with the database file synced, may the old frames be forgotten: a new header with new salts
        // invalidates them, and cutting the file keeps it small.
        WalLogFile log = WalLogFile.Start(wal, file.PageSize, lastSequence, scan is { HasHeader: true } ? scan.Header.Salt1 : 0);
        log.Shrink();
        return log;
    }

    // A crash while a checkpoint rewrote page 0 can leave the database header torn or garbled, and opening the
    // file checks that header before the log could repair it. The log's newest page 0 is the committed header:
    // when the file's copy fails verification and the logged one verifies (page 0 is always CRC-sealed, with the
    // database id mixed in), write the logged one back first.
    private static void RepairHeaderPage(IStorageDevice database, IStorageDevice wal, WalScanResult scan)
    {
        if (!scan.HasHeader)
        {
            return;
        }

        long offset = -1;
        foreach (WalFrameRef frame in scan.Frames)
        {
            if (frame.PageNumber == 0)
            {
                offset = frame.Offset;
            }
        }

        int pageSize = scan.Header.PageSize;
        if (offset < 0)
        {
            return;
        }

        byte[] logged = new byte[pageSize];
        byte[] current = new byte[pageSize];
        if (wal.Read(offset + WalFrameHeader.SizeOf, logged) != pageSize || !IsSoundHeaderPage(logged, pageSize))
        {
            return;
        }

        if (database.Read(0, current) == pageSize && IsSoundHeaderPage(current, pageSize))
        {
            return;
        }

        database.Write(0, logged);
        database.Flush();
    }

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
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"'{_file.Name}' is truncated: its header counts {pageCount} pages but the file holds {_file.StoredPageCount}");
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

        if (_log.WrittenEnd == WalHeader.SizeOf && _walDevice.Length == WalHeader.SizeOf)
        {
            return;
        }

        _log.WriteNewHeader(_backfilled);
        _log.Shrink();
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
