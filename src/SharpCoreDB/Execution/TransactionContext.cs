using System.Buffers;
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Execution;

/// <summary>
/// One storage transaction as the SQL layer sees it: its pages, the schema it runs against, one shared
/// <see cref="BTree"/> per tree (so cursors learn about changes made through it), and, for the writer, every
/// change routed through here so the statement's <see cref="UndoLog"/> can take it back.
/// </summary>
internal sealed class TransactionContext : IDisposable
{
    private Dictionary<uint, BTree>? _trees;
    private BTree? _firstTree;
    private readonly IReadTransaction? _read;
    private readonly IWriteTransaction? _write;
    private byte[] _valueScratch = [];
    private ArrayBufferWriter<byte>? _deletedValue;
    private bool _completed;

    /// <summary>Wraps a read snapshot.</summary>
    /// <param name="read">The snapshot.</param>
    /// <param name="schema">The schema it sees.</param>
    public TransactionContext(IReadTransaction read, Schema schema)
    {
        _read = read;
        Pages = read;
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>Wraps the write transaction.</summary>
    /// <param name="write">The transaction.</param>
    /// <param name="schema">The schema it starts from.</param>
    public TransactionContext(IWriteTransaction write, Schema schema)
    {
        _write = write;
        Pages = write;
        Schema = schema;
        CommittedSchema = schema;
        Undo = UndoLog.Rent();
    }

    /// <summary>The counters of the connection running in this transaction (none for internal work such as loading the schema).</summary>
    public Engine.ConnectionCounters? Counters { get; set; }

    /// <summary>The settings of the connection running in this transaction (none for internal work: foreign keys are then off).</summary>
    public Engine.ConnectionSettings? Settings { get; set; }

    /// <summary>The foreign-key violation counters of this transaction.</summary>
    public ForeignKeys.ForeignKeyCounters ForeignKeys { get; } = new();

    /// <summary>
    /// The database's collations, which order the trees of indexes on user collations (see
    /// <see cref="IndexKeys.KeyOrder"/>); null for internal work that opens no such tree (loading the schema).
    /// </summary>
    public Records.CollationRegistry? Collations { get; set; }

    /// <summary>The largest TEXT or BLOB, in bytes, statements in this transaction may build or bind (the database's setting).</summary>
    public long MaxLength { get; set; } = Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>The pages.</summary>
    public IPageTransaction Pages { get; }

    /// <summary>True for the write transaction.</summary>
    public bool IsWritable => _write is not null;

    /// <summary>The schema statements in this transaction bind against; DDL replaces it.</summary>
    public Schema Schema { get; set; }

    /// <summary>The schema the transaction started from.</summary>
    public Schema CommittedSchema { get; private set; }

    /// <summary>The statement undo log of the writer (null for readers).</summary>
    public UndoLog? Undo { get; private set; }

    /// <summary>True once committed or rolled back.</summary>
    public bool IsCompleted => _completed;

    /// <summary>Sets the schema the transaction sees, once the catalog version has been read in it.</summary>
    /// <param name="schema">The schema.</param>
    public void StartWith(Schema schema)
    {
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>The shared tree object for a root page.</summary>
    /// <param name="root">The root page.</param>
    /// <returns>The tree.</returns>
    public BTree Tree(uint root)
    {
        // Most statements touch one tree: keep it in a field before paying for a dictionary.
        if (_firstTree is not null && _firstTree.RootPage == root)
        {
            return _firstTree;
        }

        if (_firstTree is null)
        {
            return _firstTree = new BTree(Pages, root, KeyOrder(root));
        }

        _trees ??= [];
        if (!_trees.TryGetValue(root, out BTree? tree))
        {
            tree = new BTree(Pages, root, KeyOrder(root));
            _trees.Add(root, tree);
        }

        return tree;
    }

    /// <summary>
    /// The shared tree object of an index, opened with the index's key order even before the schema holds the index
    /// (CREATE INDEX fills a new tree first): call this before the first write to a new index tree.
    /// </summary>
    /// <param name="index">The index.</param>
    /// <returns>The tree.</returns>
    public BTree Tree(IndexSchema index)
    {
        BTree tree = Tree(index.RootPage);
        if (tree.Comparer is null && index.HasUserCollation)
        {
            // Opened before the schema knew the index: reopen it with its order (a new tree, so no cursor is open on it).
            tree = new BTree(Pages, index.RootPage, CheckedKeyOrder(index));
            if (_firstTree?.RootPage == index.RootPage)
            {
                _firstTree = tree;
            }
            else
            {
                _trees![index.RootPage] = tree;
            }
        }

        return tree;
    }

    /// <summary>
    /// The key order of the tree at <paramref name="root"/> as the schema knows it: a comparer for an index on a user
    /// collation, else null (bytes). For code that opens a tree object of its own.
    /// </summary>
    /// <param name="root">The root page.</param>
    /// <returns>The order, or null.</returns>
    /// <exception cref="SharpCoreDBException">The index's collation is not registered ("no such collation sequence").</exception>
    public BTreeKeyComparer? KeyOrder(uint root) =>
        Schema.UserOrderedIndex(root) is { } index ? CheckedKeyOrder(index) : null;

    // As SQLite, an index on a collation no connection registered cannot be used at all (not only when two TEXT
    // values meet): every statement that would read or write it fails.
    private Records.CollatedKeyComparer CheckedKeyOrder(IndexSchema index)
    {
        Records.CollatedKeyComparer order = IndexKeys.KeyOrder(index, Collations)!;
        foreach (IndexColumn column in index.Columns)
        {
            if (column.Collation is { Kind: Records.CollationKind.User } named && Collations?.Find(named.Name) is null)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Unsupported,
                    $"no such collation sequence: {named.Name} (index {index.Name} on table {index.TableName} needs it; register it with CreateCollation)");
            }
        }

        return order;
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
        BTree? open = _firstTree?.RootPage == root ? _firstTree : _trees?.GetValueOrDefault(root);
        (open ?? new BTree(Pages, root)).Drop();
        if (_firstTree?.RootPage == root)
        {
            _firstTree = null;
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

    /// <summary>Commits the write transaction.</summary>
    public void Commit()
    {
        CheckWritable();
        _completed = true;
        _write!.Commit();
    }

    /// <summary>Commits the write transaction without blocking a thread on the log flush.</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>A task that completes when the commit is done.</returns>
    public ValueTask CommitAsync(CancellationToken cancellationToken)
    {
        CheckWritable();
        _completed = true;
        return _write!.CommitAsync(cancellationToken);
    }

    /// <summary>
    /// Waits until the commits this transaction builds on are durable, before a statement hands out rows read in it.
    /// A read snapshot only ever sees durable commits, so it never waits.
    /// </summary>
    public void WaitUntilReadsDurable() => _write?.WaitUntilReadsDurable();

    /// <summary>Like <see cref="WaitUntilReadsDurable"/>, without blocking a thread.</summary>
    /// <returns>A task that completes when they are durable.</returns>
    public ValueTask WaitUntilReadsDurableAsync() => _write?.WaitUntilReadsDurableAsync() ?? ValueTask.CompletedTask;

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
        _firstTree = null;
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
