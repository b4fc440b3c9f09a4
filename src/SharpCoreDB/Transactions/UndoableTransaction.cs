using System.Buffers;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Transactions;

/// <summary>
/// One storage transaction with statement undo: its pages, one shared <see cref="BTree"/> per tree (so cursors learn
/// about changes made through it), and, for the writer, every change routed through here so the statement's
/// <see cref="UndoLog"/> can take it back. Below the catalog, which stores the schema through it; the SQL layer's
/// <c>TransactionContext</c> adds the schema and the connection's state.
/// </summary>
internal abstract class UndoableTransaction : IDisposable
{
    private Dictionary<uint, BTree>? _trees;
    private BTree? _firstTree;
    private BTree? _secondTree;
    private readonly IReadTransaction? _read;
    private readonly IWriteTransaction? _write;
    private byte[] _valueScratch = [];
    private ArrayBufferWriter<byte>? _deletedValue;
    private bool _completed;

    /// <summary>Wraps a read snapshot.</summary>
    /// <param name="read">The snapshot.</param>
    protected UndoableTransaction(IReadTransaction read)
    {
        _read = read;
        Pages = read;
    }

    /// <summary>Wraps the write transaction.</summary>
    /// <param name="write">The transaction.</param>
    protected UndoableTransaction(IWriteTransaction write)
    {
        _write = write;
        Pages = write;
        Undo = UndoLog.Rent();
    }

    /// <summary>The pages.</summary>
    public IPageTransaction Pages { get; }

    /// <summary>True for the write transaction.</summary>
    public bool IsWritable => _write is not null;

    /// <summary>The statement undo log of the writer (null for readers).</summary>
    public UndoLog? Undo { get; private set; }

    /// <summary>True once committed or rolled back.</summary>
    public bool IsCompleted => _completed;

    /// <summary>The shared tree object for a root page.</summary>
    /// <param name="root">The root page.</param>
    /// <returns>The tree.</returns>
    public BTree Tree(uint root)
    {
        // Most statements touch one tree, or two (an index and its table): keep them in fields before paying for a
        // dictionary. Every slot is searched before a tree object is made, so a root never gets two.
        if (_firstTree is not null && _firstTree.RootPage == root)
        {
            return _firstTree;
        }

        if (_secondTree is not null && _secondTree.RootPage == root)
        {
            return _secondTree;
        }

        if (_trees is not null && _trees.TryGetValue(root, out BTree? tree))
        {
            return tree;
        }

        // A tree object the last transaction on this thread handed back, when there is one (see Dispose).
        tree = BTree.Rent(Pages, root, KeyOrder(root));
        if (_firstTree is null)
        {
            _firstTree = tree;
        }
        else if (_secondTree is null)
        {
            _secondTree = tree;
        }
        else
        {
            (_trees ??= []).Add(root, tree);
        }

        return tree;
    }

    /// <summary>
    /// The key order of the tree at <paramref name="root"/>: null (bytes) here; the SQL layer's transaction gives the
    /// comparer of an index on a user collation. Asked once per tree object, not per operation.
    /// </summary>
    /// <param name="root">The root page.</param>
    /// <returns>The order, or null.</returns>
    public virtual BTreeKeyComparer? KeyOrder(uint root) => null;

    /// <summary>Replaces the shared tree object of a root (one reopened with another key order; no cursor is open on it).</summary>
    /// <param name="tree">The tree object to share from now on.</param>
    protected void ReplaceTree(BTree tree)
    {
        if (_firstTree?.RootPage == tree.RootPage)
        {
            _firstTree = tree;
        }
        else if (_secondTree?.RootPage == tree.RootPage)
        {
            _secondTree = tree;
        }
        else
        {
            _trees![tree.RootPage] = tree;
        }
    }

    /// <summary>Creates an empty tree (undone by dropping it).</summary>
    /// <returns>Its root page.</returns>
    public uint CreateTree()
    {
        uint root = BTree.Create(Pages);
        if (Undo is { IsRecording: true })
        {
            Undo.Record(UndoKind.CreatedTree, root, default, default);
        }

        return root;
    }

    /// <summary>Drops a tree and frees its pages. Not undoable: statements drop trees as their last step.</summary>
    /// <param name="root">The root page.</param>
    public void DropTree(uint root)
    {
        if (Undo is { IsRecording: true })
        {
            Undo.Record(UndoKind.DroppedTree, root, default, default);
        }

        // A tree already open keeps its order; one opened only to drop needs none (dropping reads no order), so an
        // index whose collation is not registered can still be dropped, as in SQLite.
        BTree? open = _firstTree?.RootPage == root ? _firstTree
            : _secondTree?.RootPage == root ? _secondTree
            : _trees?.GetValueOrDefault(root);
        (open ?? new BTree(Pages, root)).Drop();
        if (_firstTree?.RootPage == root)
        {
            _firstTree = null;
        }

        if (_secondTree?.RootPage == root)
        {
            _secondTree = null;
        }

        _trees?.Remove(root);
    }

    /// <summary>Inserts a key that must not exist yet.</summary>
    /// <param name="root">The tree.</param>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <returns>False (nothing changed) when the key exists.</returns>
    public bool TryInsert(uint root, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        if (!Tree(root).TryInsert(key, value))
        {
            return false;
        }

        if (Undo is { IsRecording: true })
        {
            Undo.Record(UndoKind.Inserted, root, key, default);
        }

        return true;
    }

    /// <summary>Inserts or replaces a key's value.</summary>
    /// <param name="root">The tree.</param>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    public void Put(uint root, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        BTree tree = Tree(root);
        if (Undo is { IsRecording: true })
        {
            if (TryReadValue(tree, key, out int length))
            {
                Undo.Record(UndoKind.Replaced, root, key, _valueScratch.AsSpan(0, length));
            }
            else
            {
                Undo.Record(UndoKind.Inserted, root, key, default);
            }
        }

        tree.Upsert(key, value);
    }

    /// <summary>Deletes a key.</summary>
    /// <param name="root">The tree.</param>
    /// <param name="key">The key.</param>
    /// <returns>True when it existed.</returns>
    public bool Delete(uint root, ReadOnlySpan<byte> key)
    {
        BTree tree = Tree(root);
        if (Undo is not { IsRecording: true } undo)
        {
            return tree.Delete(key);
        }

        // The tree hands back the value it removes, so logging a delete costs no second descent.
        ArrayBufferWriter<byte> deleted = _deletedValue ??= new ArrayBufferWriter<byte>(256);
        deleted.ResetWrittenCount();
        if (!tree.Delete(key, deleted))
        {
            return false;
        }

        undo.Record(UndoKind.Deleted, root, key, deleted.WrittenSpan);
        return true;
    }

    /// <summary>Commits the write transaction, blocking the thread or not.</summary>
    /// <param name="async">
    /// True to wait for the log flush without blocking a thread; false to wait on this thread, in which case the
    /// returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">Cancels the wait (the asynchronous path only: the store's synchronous commit takes none).</param>
    /// <returns>A task that completes when the commit is done.</returns>
    public ValueTask Commit(bool async, CancellationToken cancellationToken)
    {
        CheckWritable();
        _completed = true;
        if (async)
        {
            return _write!.CommitAsync(cancellationToken);
        }

        _write!.Commit();
        return ValueTask.CompletedTask;
    }

    /// <summary>
    /// Waits until the commits this transaction builds on are durable, before a statement hands out rows read in it.
    /// A read snapshot only ever sees durable commits, so it never waits.
    /// </summary>
    /// <param name="async">True to wait without blocking a thread; false to wait on this thread (the task is then complete).</param>
    /// <returns>A task that completes when they are durable.</returns>
    public ValueTask WaitUntilReadsDurable(bool async)
    {
        if (_write is null)
        {
            return ValueTask.CompletedTask;
        }

        if (async)
        {
            return _write.WaitUntilReadsDurableAsync();
        }

        _write.WaitUntilReadsDurable();
        return ValueTask.CompletedTask;
    }

    /// <summary>Discards the transaction's changes.</summary>
    public void Rollback()
    {
        if (_completed)
        {
            return;
        }

        _completed = true;
        _write?.Rollback();
    }

    /// <summary>Ends the transaction (rolling back an uncommitted writer) and returns buffers.</summary>
    public void Dispose()
    {
        _completed = true;

        // The transaction gave its trees out only to code running in it (statements drop them when they finish), so
        // the next transaction on this thread may take them.
        _firstTree?.Return();
        _secondTree?.Return();
        if (_trees is not null)
        {
            foreach (BTree tree in _trees.Values)
            {
                tree.Return();
            }
        }

        _firstTree = null;
        _secondTree = null;
        _trees = null;
        _read?.Dispose();
        _write?.Dispose();
        if (Undo is { } undo)
        {
            Undo = null;
            UndoLog.Return(undo);
        }
        byte[] scratch = _valueScratch;
        _valueScratch = [];
        if (scratch.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    private bool TryReadValue(BTree tree, ReadOnlySpan<byte> key, out int length)
    {
        if (!tree.TryGet(key, _valueScratch, out length))
        {
            return false;
        }

        if (length > _valueScratch.Length)
        {
            if (_valueScratch.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_valueScratch);
            }

            _valueScratch = ArrayPool<byte>.Shared.Rent(Math.Max(length, 1024));
            tree.TryGet(key, _valueScratch, out length);
        }

        return true;
    }

    private void CheckWritable()
    {
        if (_write is null)
        {
            throw new InvalidOperationException("Only the write transaction commits.");
        }

        ObjectDisposedException.ThrowIf(_completed, this);
    }
}
