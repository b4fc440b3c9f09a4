using System.Buffers;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine.Maintenance;

/// <summary>
/// Writes a compact copy of a database snapshot into a new, empty store: every tree is rebuilt entry by entry in key
/// order (appends fill each page before the next, so the copy has no free pages and full leaves), then the catalog
/// with the new roots. The core of VACUUM, VACUUM INTO, backups and rekeying.
/// </summary>
/// <remarks>
/// It streams: the copy commits every <see cref="BatchBytes"/> of entries, so at most one batch of dirty pages is held
/// in memory whatever the size of the database, and it reads the source through its snapshot, so writers go on.
/// </remarks>
internal sealed class DatabaseCopier
{
    /// <summary>Bytes of keys and values written between two commits of the copy.</summary>
    internal const long BatchBytes = 4L << 20;

    private readonly IPageTransaction _source;
    private readonly WalPageStore _target;
    private readonly Action<long, long>? _progress;
    private readonly CancellationToken _cancellationToken;
    private readonly long _totalPages;
    private IWriteTransaction? _transaction;
    private long _pendingBytes;

    private DatabaseCopier(IPageTransaction source, WalPageStore target, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        _source = source;
        _target = target;
        _progress = progress;
        _cancellationToken = cancellationToken;
        _totalPages = UsedPages(source);
    }

    /// <summary>Copies <paramref name="source"/> into the empty <paramref name="target"/> and commits; the caller closes the target.</summary>
    /// <param name="source">The snapshot to copy (a read transaction, or the caller's own transaction).</param>
    /// <param name="target">A new, empty, writable store.</param>
    /// <param name="bumpVersion">True to store the schema version plus one (the copy replaces the database: VACUUM, rekey).</param>
    /// <param name="progress">Called with (pages written, pages to write) after every batch, or null.</param>
    /// <param name="cancellationToken">Stops the copy between entries (Cancelled); the target is then incomplete.</param>
    /// <exception cref="SharpCoreDBException">Corrupt when the source is damaged; IoError from the target; Cancelled.</exception>
    public static void Copy(IPageTransaction source, WalPageStore target, bool bumpVersion, Action<long, long>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(target);
        var copier = new DatabaseCopier(source, target, progress, cancellationToken);
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
                Catalog.CatalogStore.CopyEntries(
                    _source,
                    CopyTree,
                    (key, value) =>
                    {
                        new BTree(_transaction, catalog).TryInsert(key, value);
                        Written(key.Length + value.Length);
                    },
                    bumpVersion);
            }

            _transaction.Commit();
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
        byte[] buffer = ArrayPool<byte>.Shared.Rent(4096);
        try
        {
            using BTreeCursor cursor = new BTree(_source, sourceRoot).OpenCursor();
            var tree = new BTree(_transaction!, root);
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

                if (!tree.TryInsert(cursor.Key, value))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"the tree at page {sourceRoot} of '{SourceName}' holds one key twice");
                }

                if (Written(cursor.Key.Length + length))
                {
                    tree = new BTree(_transaction!, root);
                }
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return root;
    }

    // Counts bytes written; past a batch, commits and starts the next transaction (true: trees must be reopened on it).
    private bool Written(int bytes)
    {
        if (_cancellationToken.IsCancellationRequested)
        {
            throw Execution.ExecutionContext.Cancelled();
        }

        _pendingBytes += bytes;
        if (_pendingBytes < BatchBytes)
        {
            return false;
        }

        IWriteTransaction finished = _transaction!;
        finished.Commit();
        finished.Dispose();
        _transaction = Begin();
        _pendingBytes = 0;
        _progress?.Invoke(Math.Min(_totalPages, _target.File.StoredPageCount), _totalPages);
        return true;
    }

    private IWriteTransaction Begin() => _target.BeginWrite(TimeSpan.FromSeconds(30), _cancellationToken);

    private string SourceName => _source is ITransactionPageAccess access ? access.SourceName : "the database";

    // The pages in use in the source (all but the free ones): what the copy will hold, for progress.
    private static long UsedPages(IPageTransaction source)
    {
        if (source is not ITransactionPageAccess access)
        {
            return 1;
        }

        using PageLease header = access.ReadPage(0);
        return Math.Max(1, (long)DatabaseHeader.GetPageCount(header.Data) - DatabaseHeader.GetFreePageCount(header.Data));
    }
}
