using System.Buffers;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Engine.Maintenance;

/// <summary>
/// Writes a compact copy of a database snapshot into a new, empty store: every tree is rebuilt entry by entry in key
/// order (appends fill each page before the next, so the copy has no free pages and full leaves), then the catalog
/// with the new roots. The core of VACUUM, VACUUM INTO, backups and rekeying.
/// </summary>
/// <remarks>
/// <para>
/// It streams: the copy commits whenever its dirty pages would no longer fit one frame buffer of the log writer
/// (<see cref="WalWriter.KeptBufferBytes"/>, about 250 pages of 4 KiB), so at most a few batches of pages are held in
/// memory whatever the size of the database, and it reads the source through its snapshot, so writers go on.
/// </para>
/// <para>
/// It also allocates a fixed amount, not one buffer per page: before each commit it waits until the previous batch
/// is durable (<see cref="WalPageStore.Flush"/>), so the log writer writes one batch per group, within the frame
/// buffer it keeps, and the pages in flight (the batch being written and the one being built) stay far below what
/// the log's page pool keeps (<see cref="WalBuffers"/>). Without the wait the copy outran the writer, groups of
/// thousands of pages grew a new frame buffer each and ran the pool dry, and the copy allocated about what it copied.
/// Building one batch while the previous one is written keeps the disk busy all the same.
/// </para>
/// </remarks>
internal sealed class DatabaseCopier
{
    // Small pages give many frames per frame buffer: a batch stays at a quarter of what the log's page pool keeps
    // (1,024 buffers per size), so the two or three batches in flight are always served from it.
    private const int MaxBatchPages = 256;

    // Pages an insert dirties besides its overflow pages: the leaf, a split's new page, parents up a few levels, the header.
    private const int EntryPageMargin = 6;

    private readonly IPageTransaction _source;
    private readonly ITransactionPageAccess _access;
    private readonly WalPageStore _target;
    private readonly Action<long, long>? _progress;
    private readonly Func<uint, BTreeKeyComparer?> _keyOrder;
    private readonly CancellationToken _cancellationToken;
    private readonly long _totalPages;
    private readonly int _batchPages;
    private readonly int _usableSize;
    private IWriteTransaction? _transaction;

    private DatabaseCopier(IPageTransaction source, WalPageStore target, Func<uint, BTreeKeyComparer?> keyOrder, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        _source = source;
        _keyOrder = keyOrder;

        // Every store transaction reads raw pages (the header's counts, the source's name); one that could not is a bug.
        _access = (ITransactionPageAccess)source;
        _target = target;
        _progress = progress;
        _cancellationToken = cancellationToken;
        _totalPages = UsedPages(_access);
        _batchPages = Math.Min(MaxBatchPages, WalWriter.KeptBufferBytes / target.Log.FrameSize);
        _usableSize = target.UsableSize;
    }

    /// <summary>Copies <paramref name="source"/> into the empty <paramref name="target"/> and commits; the caller closes the target.</summary>
    /// <param name="source">The snapshot to copy (a read transaction, or the caller's own transaction).</param>
    /// <param name="target">A new, empty, writable store.</param>
    /// <param name="bumpVersion">True to store the schema version plus one (the copy replaces the database: VACUUM, rekey).</param>
    /// <param name="keyOrder">
    /// The key order of a source tree by its root (a comparer for an index on a user collation, else null): the copy
    /// inserts in that order and builds its separators as the order needs.
    /// </param>
    /// <param name="progress">Called with (pages written, pages to write) after every batch, or null.</param>
    /// <param name="cancellationToken">Stops the copy between entries (Cancelled); the target is then incomplete.</param>
    /// <exception cref="SharpCoreDBException">Corrupt when the source is damaged; IoError from the target; Cancelled.</exception>
    public static void Copy(IPageTransaction source, WalPageStore target, bool bumpVersion, Func<uint, BTreeKeyComparer?> keyOrder, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(target);
        ArgumentNullException.ThrowIfNull(keyOrder);
        var copier = new DatabaseCopier(source, target, keyOrder, progress, cancellationToken);
        copier.Run(bumpVersion);
    }

    private void Run(bool bumpVersion)
    {
        _transaction = Begin();
        try
        {
            if (_source.CatalogRoot != 0)
            {
                uint catalog = BTree.Create(_transaction);
                _transaction.CatalogRoot = catalog;
                // One tree per batch: the data trees copied in between commit batches too, so the tree is reopened
                // whenever the transaction it was opened on is no longer the current one.
                IWriteTransaction catalogBatch = _transaction;
                var catalogTree = new BTree(catalogBatch, catalog);
                Catalog.CatalogStore.CopyEntries(
                    _source,
                    CopyTree,
                    (key, value) =>
                    {
                        MakeRoom(key.Length + value.Length);
                        if (!ReferenceEquals(catalogBatch, _transaction))
                        {
                            catalogBatch = _transaction!;
                            catalogTree = new BTree(catalogBatch, catalog);
                        }

                        // As for the data trees: a key met twice means the source is damaged, and the copy would lose a row.
                        if (!catalogTree.TryInsert(key, value))
                        {
                            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"the catalog of '{SourceName}' holds one key twice");
                        }
                    },
                    bumpVersion);
            }

            _transaction.Commit();

            // The commits return before the log has them (Async): a write that fails now must fail the copy here.
            _target.Flush();
            _progress?.Invoke(_totalPages, _totalPages);
        }
        finally
        {
            _transaction.Dispose();
        }
    }

    private uint CopyTree(uint sourceRoot)
    {
        uint root = BTree.Create(_transaction!);
        BTreeKeyComparer? order = _keyOrder(sourceRoot);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(4096);
        try
        {
            using BTreeCursor cursor = new BTree(_source, sourceRoot, order).OpenCursor();
            var tree = new BTree(_transaction!, root, order);
            for (bool more = cursor.First(); more; more = cursor.MoveNext())
            {
                int length = cursor.ValueLength;
                ReadOnlySpan<byte> value;
                if (cursor.IsValueInline)
                {
                    value = cursor.InlineValue;
                }
                else
                {
                    if (buffer.Length < length)
                    {
                        ArrayPool<byte>.Shared.Return(buffer);
                        buffer = ArrayPool<byte>.Shared.Rent(length);
                    }

                    cursor.CopyValueTo(buffer.AsSpan(0, length));
                    value = buffer.AsSpan(0, length);
                }

                if (MakeRoom(cursor.Key.Length + length))
                {
                    tree = new BTree(_transaction!, root, order);
                }

                if (!tree.TryInsert(cursor.Key, value))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"the tree at page {sourceRoot} of '{SourceName}' holds one key twice");
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return root;
    }

    // Before an entry of `bytes` is inserted: when the pages it may dirty (its leaf, a split, its overflow pages) would
    // take the batch past one frame buffer, commits the batch and starts the next transaction (true: trees must be
    // reopened on it). A single entry larger than a batch still goes into one commit.
    private bool MakeRoom(int bytes)
    {
        if (_cancellationToken.IsCancellationRequested)
        {
            throw Execution.ExecutionErrors.Cancelled();
        }

        int dirty = ((DirtyPageTransaction)_transaction!).Pages.Count;
        if (dirty == 0 || dirty + (bytes / _usableSize) + EntryPageMargin <= _batchPages)
        {
            return false;
        }

        // The previous batch is durable before this one is queued: the log writer then takes one batch per group.
        _target.Flush();
        IWriteTransaction finished = _transaction!;
        finished.Commit();
        finished.Dispose();
        _transaction = Begin();
        _progress?.Invoke(Math.Min(_totalPages, _target.File.StoredPageCount), _totalPages);
        return true;
    }

    private IWriteTransaction Begin() => _target.BeginWrite(TimeSpan.FromSeconds(30), _cancellationToken);

    private string SourceName => _access.SourceName;

    // The pages in use in the source (all but the free ones): what the copy will hold, for progress.
    private static long UsedPages(ITransactionPageAccess access)
    {
        using PageLease header = access.ReadPage(0);
        return Math.Max(1, (long)DatabaseHeader.GetPageCount(header.Data) - DatabaseHeader.GetFreePageCount(header.Data));
    }
}
