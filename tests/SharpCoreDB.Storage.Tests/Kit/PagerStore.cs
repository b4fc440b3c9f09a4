using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Kit;

/// <summary>
/// The simple page store of the test kit: one writer whose dirty pages are written back in place at commit,
/// protected by a rollback journal, and readers that read committed pages through the page cache.
/// </summary>
/// <remarks>
/// <para>
/// Not shipped: the engine opens only the WAL store. It lives here because it is the smallest real
/// <see cref="IPageStore"/> over a <see cref="PageFile"/> — the B+tree, allocator and fault tests run on it —
/// and the only writer of rollback journals, whose recovery (<see cref="RollbackJournal.RecoverIfHot"/>) still
/// ships for databases last written by versions that used this store.
/// </para>
/// <para>
/// Commit: wait until no read transaction is open (new ones wait meanwhile), save the original images of
/// the pages about to be overwritten in the journal and flush it, write every dirty page sealed (page 0,
/// the header, last), flush the database, zero the journal header and flush. A failure or crash at any
/// step before the database flush completes leaves the old state: the next open rolls the hot journal
/// back. The one ambiguous step is the last: if zeroing the journal header fails to flush, the commit
/// reports failure although the new state is already durable in the database file, and which state the
/// next open sees depends on whether the zeroed header reached the disk; either state is whole. Waiting out the readers is what gives them snapshot semantics here — the price is
/// that a commit can time out (Busy) behind a long reader, which the WAL store does not have.
/// </para>
/// <para>
/// Any I/O failure during commit latches the store: every later transaction fails with
/// <see cref="SharpCoreDBErrorCode.DatabaseFailed"/> until the database is reopened (and rolled back),
/// because after a failed write or flush nobody can say what the file holds.
/// </para>
/// </remarks>
internal sealed class PagerStore : IPageStore
{
    private readonly PageFile _file;
    private readonly RollbackJournal? _journal;
    private readonly PageCache _cache;
    private readonly bool _ownsDatabase;
    private readonly SemaphoreSlim _writer = new(1, 1);
    private readonly object _readerGate = new();
    private readonly List<uint> _commitPages = new();
    private TransactionPageSet? _spareSet;
    private int _activeReaders;
    private bool _commitPending;
    private uint _pageCount;
    private ulong _changeCounter;
    private volatile Exception? _failure;
    private volatile bool _disposed;

    private PagerStore(PageFile file, RollbackJournal? journal, PageCache cache, uint pageCount, ulong changeCounter, bool ownsDatabase)
    {
        _file = file;
        _ownsDatabase = ownsDatabase;
        _journal = journal;
        _cache = cache;
        _pageCount = pageCount;
        _changeCounter = changeCounter;
    }

    /// <inheritdoc />
    public int PageSize => _file.PageSize;

    /// <inheritdoc />
    public int UsableSize => _file.UsableSize;

    /// <inheritdoc />
    public bool IsReadOnly => _file.IsReadOnly;

    /// <summary>The database name for messages.</summary>
    public string Name => _file.Name;

    /// <summary>The page file underneath.</summary>
    public PageFile File => _file;

    /// <summary>The shared page cache.</summary>
    public PageCache Cache => _cache;

    /// <summary>The committed page count (page 0 included).</summary>
    public uint CommittedPageCount => Volatile.Read(ref _pageCount);

    /// <summary>Opens or creates a database on a device pair, rolling back a hot journal first.</summary>
    /// <param name="database">The database device.</param>
    /// <param name="journal">The rollback journal device (<c>&lt;database&gt;-journal</c>); null only for read-only opens.</param>
    /// <param name="options">The options.</param>
    /// <returns>The open store; it owns both devices unless <see cref="PagerStoreOptions.LeaveDevicesOpen"/>.</returns>
    /// <exception cref="SharpCoreDBException">Every error of <see cref="PageFile.Open"/>; Corrupt when the file is shorter than its page count; ReadOnly when a read-only open finds a hot journal.</exception>
    public static PagerStore Open(IStorageDevice database, IStorageDevice? journal, PagerStoreOptions options)
    {
        ArgumentNullException.ThrowIfNull(database);
        ArgumentNullException.ThrowIfNull(options);
        if (journal is null && !options.File.ReadOnly)
        {
            throw new ArgumentNullException(nameof(journal), "A writable pager store needs a journal device.");
        }

        if (journal is not null && database.Length > 0)
        {
            RollbackJournal.RecoverIfHot(journal, database, options.File.ReadOnly);
        }

        PageFile file = PageFile.Open(database, options.File, leaveOpen: true);
        PageCache? cache = null;
        RollbackJournal? rollbackJournal = null;
        try
        {
            cache = new PageCache(file.PageSize, file.UsableSize, options.CachePages, clearOnDispose: file.IsEncrypted);
            uint pageCount;
            ulong changeCounter;
            using (PageLease header = cache.Read(0, 0, file))
            {
                pageCount = DatabaseHeader.GetPageCount(header.Data);
                changeCounter = DatabaseHeader.GetChangeCounter(header.Data);
            }

            if (pageCount == 0 || file.StoredPageCount < pageCount)
            {
                throw StorageErrors.TruncatedDatabase(file.Name, pageCount, file.StoredPageCount);
            }

            if (journal is not null)
            {
                rollbackJournal = new RollbackJournal(journal, file.PageSize, file.DatabaseId, options.LeaveDevicesOpen);
            }

            return new PagerStore(file, rollbackJournal, cache, pageCount, changeCounter, ownsDatabase: !options.LeaveDevicesOpen);
        }
        catch
        {
            cache?.Dispose();
            file.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Opens or creates the database file at <paramref name="path"/> with its journal <c>&lt;path&gt;-journal</c>,
    /// both locked against other processes.
    /// </summary>
    /// <param name="path">The database file.</param>
    /// <param name="options">The options (<see cref="PagerStoreOptions.LeaveDevicesOpen"/> is ignored: the store owns the files).</param>
    /// <returns>The open store.</returns>
    /// <exception cref="SharpCoreDBException">Locked, IoError, and every error of <see cref="Open(IStorageDevice, IStorageDevice?, PagerStoreOptions)"/>.</exception>
    public static PagerStore Open(string path, PagerStoreOptions options)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        ArgumentNullException.ThrowIfNull(options);
        bool readOnly = options.File.ReadOnly;
        FileDeviceMode mode = readOnly ? FileDeviceMode.OpenExisting : options.File.CreateMode switch
        {
            PageFileCreateMode.OpenExisting => FileDeviceMode.OpenExisting,
            PageFileCreateMode.CreateNew => FileDeviceMode.CreateNew,
            _ => FileDeviceMode.OpenOrCreate,
        };

        FileStorageDevice database = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = mode, ReadOnly = readOnly });
        FileStorageDevice? journal = null;
        try
        {
            string journalPath = database.Name + RollbackJournal.FileSuffix;
            if (!readOnly)
            {
                journal = FileStorageDevice.Open(journalPath, new FileDeviceOptions { Mode = FileDeviceMode.OpenOrCreate });
            }
            else if (System.IO.File.Exists(journalPath))
            {
                journal = FileStorageDevice.Open(journalPath, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true });
            }

            return Open(database, journal, new PagerStoreOptions { File = options.File, CachePages = options.CachePages });
        }
        catch
        {
            journal?.Dispose();
            database.Dispose();
            throw;
        }
    }

    /// <inheritdoc />
    public IReadTransaction BeginRead()
    {
        lock (_readerGate)
        {
            // A write-back in progress must finish before a reader may look, or it would see half of it.
            while (_commitPending)
            {
                Monitor.Wait(_readerGate);
            }

            ThrowIfUnusable();
            _activeReaders++;
            return new PagerReadTransaction(this, _pageCount);
        }
    }

    /// <inheritdoc />
    public IWriteTransaction BeginWrite(TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        ThrowIfCannotWrite();
        if (!_writer.Wait(timeout, cancellationToken))
        {
            throw Busy(timeout);
        }

        return StartWrite(timeout);
    }

    /// <inheritdoc />
    public async ValueTask<IWriteTransaction> BeginWriteAsync(TimeSpan timeout, CancellationToken cancellationToken = default)
    {
        ThrowIfCannotWrite();
        if (!await _writer.WaitAsync(timeout, cancellationToken).ConfigureAwait(false))
        {
            throw Busy(timeout);
        }

        return StartWrite(timeout);
    }

    /// <summary>Closes the store. Open transactions must have ended.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        lock (_readerGate)
        {
            Monitor.PulseAll(_readerGate);
        }

        _cache.Dispose();
        _file.Dispose();
        _journal?.Dispose();
        if (_ownsDatabase)
        {
            _file.Device.Dispose();
        }

        _writer.Dispose();
    }

    /// <summary>Checks a page number against the page count a transaction sees.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="pageCount">The page count.</param>
    internal void CheckPageNumber(uint pageNumber, uint pageCount)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (pageNumber >= pageCount)
        {
            ThrowBeyondPageCount(pageNumber, pageCount);
        }
    }

    /// <summary>A read lease on the committed copy of a page, through the cache.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <returns>The pinned lease.</returns>
    internal PageLease ReadCommitted(uint pageNumber) => _cache.Read(pageNumber, 0, _file);

    /// <summary>Called when a read transaction ends.</summary>
    internal void EndRead()
    {
        lock (_readerGate)
        {
            if (--_activeReaders == 0)
            {
                Monitor.PulseAll(_readerGate);
            }
        }
    }

    /// <summary>Called when the write transaction ends (commit, rollback or failure): recycles its pages and frees the writer slot.</summary>
    /// <param name="transaction">The transaction.</param>
    internal void EndWrite(PagerWriteTransaction transaction)
    {
        if (transaction.Pages.End())
        {
            _spareSet = transaction.Pages;
        }

        if (!_disposed)
        {
            _writer.Release();
        }
    }

    /// <summary>Writes a transaction's dirty pages back (see the type remarks for the order and why).</summary>
    /// <param name="transaction">The committing transaction.</param>
    internal void Commit(PagerWriteTransaction transaction)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        TransactionPageSet pages = transaction.Pages;
        if (pages.Count == 0)
        {
            return;
        }

        EnterWriteBack(transaction.Timeout);
        byte[] stored = ArrayPool<byte>.Shared.Rent(PageSize);
        try
        {
            ThrowIfUnusable();
            using (PageLease header = transaction.WritePage(0))
            {
                DatabaseHeader.SetChangeCounter(header.Writable, _changeCounter + 1);
            }

            pages.GetPageNumbers(_commitPages);
            ReadOnlySpan<byte> newHeader = pages.GetPage(0);
            uint newPageCount = DatabaseHeader.GetPageCount(newHeader);
            try
            {
                WriteBack(pages, stored);
            }
            catch (Exception ex)
            {
                _failure = ex;
                throw;
            }

            // Durable: publish. Cached copies are refreshed (or detached if a lease still reads them).
            foreach (uint pageNumber in _commitPages)
            {
                _cache.Update(pageNumber, 0, pages.GetPage(pageNumber));
            }

            Volatile.Write(ref _pageCount, newPageCount);
            _changeCounter++;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(stored);
            ExitWriteBack();
        }
    }

    private void WriteBack(TransactionPageSet pages, byte[] stored)
    {
        RollbackJournal journal = _journal!;
        journal.Begin(_pageCount, _changeCounter);
        Span<byte> image = stored.AsSpan(0, PageSize);
        foreach (uint pageNumber in _commitPages)
        {
            if (pageNumber < _pageCount)
            {
                _file.ReadStoredPage(pageNumber, image);
                journal.Append(pageNumber, image);
            }
        }

        journal.MakeHot();

        // Page 0 last: until it lands, the old header still describes a consistent (journaled) file.
        foreach (uint pageNumber in _commitPages)
        {
            if (pageNumber != 0)
            {
                _file.WritePage(pageNumber, pages.GetPage(pageNumber));
            }
        }

        _file.WritePage(0, pages.GetPage(0));
        _file.Flush();
        journal.Clear();
    }

    private PagerWriteTransaction StartWrite(TimeSpan timeout)
    {
        try
        {
            ThrowIfCannotWrite();
            TransactionPageSet pages = _spareSet ?? new TransactionPageSet(PageSize, UsableSize, clearOnReturn: _file.IsEncrypted);
            _spareSet = null;
            return new PagerWriteTransaction(this, pages, CommittedPageCount, timeout);
        }
        catch
        {
            _writer.Release();
            throw;
        }
    }

    private void EnterWriteBack(TimeSpan timeout)
    {
        lock (_readerGate)
        {
            _commitPending = true;
            long deadline = timeout == System.Threading.Timeout.InfiniteTimeSpan ? long.MaxValue : Environment.TickCount64 + (long)timeout.TotalMilliseconds;
            while (_activeReaders > 0)
            {
                long remaining = deadline - Environment.TickCount64;
                if (remaining <= 0 || !Monitor.Wait(_readerGate, deadline == long.MaxValue ? System.Threading.Timeout.Infinite : (int)Math.Min(remaining, int.MaxValue)))
                {
                    if (_activeReaders == 0)
                    {
                        break;
                    }

                    _commitPending = false;
                    Monitor.PulseAll(_readerGate);
                    throw new SharpCoreDBException(
                        SharpCoreDBErrorCode.Busy,
                        $"'{Name}' could not commit: {_activeReaders} read transaction(s) stayed open for {timeout.TotalMilliseconds:0} ms. Retry the commit or roll back.");
                }
            }
        }
    }

    private void ExitWriteBack()
    {
        lock (_readerGate)
        {
            _commitPending = false;
            Monitor.PulseAll(_readerGate);
        }
    }

    private void ThrowIfCannotWrite()
    {
        ThrowIfUnusable();
        if (IsReadOnly)
        {
            throw StorageErrors.ReadOnly(Name);
        }
    }

    private void ThrowIfUnusable()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_failure is { } failure)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.DatabaseFailed,
                $"'{Name}' failed to commit earlier ({failure.Message}); reopen it to roll the unfinished commit back.",
                failure);
        }
    }

    private SharpCoreDBException Busy(TimeSpan timeout) =>
        StorageErrors.Busy(Name, timeout);

    [DoesNotReturn]
    private void ThrowBeyondPageCount(uint pageNumber, uint pageCount) =>
        throw StorageErrors.PageBeyondCount(Name, pageNumber, pageCount);
}
