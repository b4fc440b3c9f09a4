using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>
/// A storage transaction as the SQL layer sees it: an <see cref="UndoableTransaction"/> plus the schema it runs
/// against and the state of the connection running in it.
/// </summary>
internal sealed class TransactionContext : UndoableTransaction
{
    private ForeignKeys.ForeignKeyCounters? _foreignKeys;

    /// <summary>Wraps a read snapshot.</summary>
    /// <param name="read">The snapshot.</param>
    /// <param name="schema">The schema it sees.</param>
    public TransactionContext(IReadTransaction read, Schema schema)
        : base(read)
    {
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>Wraps the write transaction.</summary>
    /// <param name="write">The transaction.</param>
    /// <param name="schema">The schema it starts from.</param>
    public TransactionContext(IWriteTransaction write, Schema schema)
        : base(write)
    {
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>The counters of the connection running in this transaction (none for internal work such as loading the schema).</summary>
    public ConnectionCounters? Counters { get; set; }

    /// <summary>The settings of the connection running in this transaction (none for internal work: foreign keys are then off).</summary>
    public ConnectionSettings? Settings { get; set; }

    /// <summary>The foreign-key violation counters of this transaction (made on first use: reads never count).</summary>
    public ForeignKeys.ForeignKeyCounters ForeignKeys => _foreignKeys ??= new();

    /// <summary>
    /// The foreign-key counters if anything has used them, else null: every count is then zero. The per-statement
    /// bookkeeping reads this, so a statement that meets no foreign key makes no counters (an autocommit write used to
    /// allocate them on every statement).
    /// </summary>
    public ForeignKeys.ForeignKeyCounters? ForeignKeysIfUsed => _foreignKeys;

    /// <summary>
    /// The database's collations, which order the trees of indexes on user collations (see
    /// <see cref="IndexKeys.KeyOrder"/>); null for internal work that opens no such tree (loading the schema).
    /// </summary>
    public Records.CollationRegistry? Collations { get; set; }

    /// <summary>The largest TEXT or BLOB, in bytes, statements in this transaction may build or bind (the database's setting).</summary>
    public long MaxLength { get; set; } = Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>The schema statements in this transaction bind against; DDL replaces it.</summary>
    public Schema Schema { get; set; }

    /// <summary>The schema the transaction started from.</summary>
    public Schema CommittedSchema { get; private set; }

    /// <summary>Sets the schema the transaction sees, once the catalog version has been read in it.</summary>
    /// <param name="schema">The schema.</param>
    public void StartWith(Schema schema)
    {
        Schema = schema;
        CommittedSchema = schema;
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
            ReplaceTree(tree);
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
    public override BTreeKeyComparer? KeyOrder(uint root) =>
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
                throw ExecutionErrors.MissingCollation(named.Name, index.Name, index.TableName);
            }
        }

        return order;
    }
}
