using System.Buffers;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>
/// The lookups foreign keys need: a parent by its key (the row id, or a seek in the parent key's unique index) and
/// the children of a parent key (a seek in an index on the child columns, else a scan of the child table, as SQLite
/// does). Reuses its buffers, so one probe serves one statement at a time.
/// </summary>
internal sealed class ForeignKeyProbe
{
    private readonly ArrayBufferWriter<byte> _probeKey = new(64);
    private readonly byte[] _rowIdKey = new byte[KeyEncoder.RowIdSize];
    private SqlValue[] _probeRow = [];
    private readonly Dictionary<ForeignKeyLink, TableRowDecoder> _decoders = [];
    private SqlValue[] _keyScratch = [];
    private SqlValue[] _entryValues = [];

    /// <summary>
    /// True when the parent table has a row whose key equals the child columns of <paramref name="row"/>, each taken
    /// to the parent column's affinity first (SQLite's OP_Affinity before the seek).
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="link">The constraint.</param>
    /// <param name="row">The child row (slot layout of the child).</param>
    /// <returns>True when the parent exists.</returns>
    public bool ParentExists(ExecutionContext context, ForeignKeyLink link, SqlValue[] row)
    {
        TransactionContext transaction = context.Transaction;
        if (link.ParentIndex is null)
        {
            SqlValue id = AffinityRules.ApplyAffinity(row[link.ChildColumns[0]].WithDeclaredType(SqlDeclaredType.None), Affinity.Integer);
            if (id.StorageClass != SqlStorageClass.Integer)
            {
                return false;
            }

            KeyEncoder.WriteRowId(id.RawBits, _rowIdKey);
            return transaction.Tree(link.Parent.RootPage).ContainsKey(_rowIdKey);
        }

        SqlValue[] probe = ProbeRow(link.Parent.Columns.Length + 1);
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            probe[link.ParentColumns[i]] = AffinityRules.ApplyAffinity(row[link.ChildColumns[i]], link.ParentAffinities[i]);
        }

        _probeKey.ResetWrittenCount();
        IndexKeys.WritePrefix(link.ParentIndex, probe, _probeKey);
        BTree tree = transaction.Tree(link.ParentIndex.RootPage);

        // Rented, not opened: a probe per inserted row reuses the tree's one cursor instead of allocating one.
        BTreeCursor cursor = tree.RentCursor();
        try
        {
            return cursor.Seek(_probeKey.WrittenSpan, BTreeSeek.GreaterOrEqual)
                && StartsWithKey(tree, cursor.Key, _probeKey.WrittenSpan, link.ParentIndex.Columns.Length);
        }
        finally
        {
            cursor.Return();
        }
    }

    // True when an index entry begins with the probe's key columns: byte for byte, or for an index on a user collation
    // equal under it (the tree's order: equal text spelled otherwise sits at the same place).
    private static bool StartsWithKey(BTree tree, ReadOnlySpan<byte> key, ReadOnlySpan<byte> probe, int columns) =>
        tree.Comparer is null ? key.StartsWith(probe) : IndexKeys.CompareColumns(tree.Comparer, key, probe, columns) == 0;

    // A new row whose child columns equal its own parent key refers to itself: SQLite counts no violation for it
    // even though the row is not in the table yet.
    public static bool ReferencesItself(ForeignKeyLink link, SqlValue[] row)
    {
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            SqlValue value = AffinityRules.ApplyAffinity(row[link.ChildColumns[i]], link.ParentAffinities[i]);
            SqlValue key = row[link.ParentColumns[i]];
            if (key.IsNull || value.StorageClass != key.StorageClass && !(value.IsNumeric && key.IsNumeric)
                || SqlValueComparer.CompareValues(value, key) != 0)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Counts the child rows whose columns equal the parent key in <paramref name="parentRow"/> (or says whether
    /// there is one), leaving out the row <paramref name="exclude"/> of a self-referencing table.
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="link">The constraint.</param>
    /// <param name="parentRow">The parent row (slot layout of the parent).</param>
    /// <param name="exclude">The child row not to count (its row id, or its key in a WITHOUT ROWID table), or null.</param>
    /// <param name="firstOnly">True to stop at the first child.</param>
    /// <returns>The number of children (at most 1 with <paramref name="firstOnly"/>).</returns>
    public long CountChildren(ExecutionContext context, ForeignKeyLink link, SqlValue[] parentRow, RowLocator? exclude, bool firstOnly)
    {
        TableSchema child = link.Child;
        SqlValue[] probe = ChildKeyRow(link, parentRow);

        if (link.ChildIndex is not null)
        {
            return WalkChildIndex(context, link, probe, exclude, firstOnly, null, null);
        }

        // No index under the parent key's collations: scan the child, comparing as `parent.key = child.column` compares
        // (either side numeric wins).
        if (_keyScratch.Length < link.ChildColumns.Length)
        {
            _keyScratch = new SqlValue[link.ChildColumns.Length];
        }

        SqlValue[] key = _keyScratch;
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            key[i] = probe[link.ChildColumns[i]];
        }

        TransactionContext transaction = context.Transaction;
        bool keyed = child.PrimaryKey is not null;
        long count = 0;
        TableRowDecoder decoder = Decoder(link);
        using (BTreeCursor cursor = transaction.Tree(child.RootPage).OpenCursor())
        {
            bool positioned = cursor.First();
            while (positioned)
            {
                context.CheckCancellation();
                decoder.Decode(cursor, probe);
                bool excluded = keyed
                    ? exclude?.Key is { } excludedKey && cursor.Key.SequenceEqual(excludedKey)
                    : exclude is { } self && probe[child.RowIdSlot].AsInt64() == self.RowId;
                if (!excluded && Matches(link, probe, key, transaction.Collations) && ++count > 0 && firstOnly)
                {
                    return count;
                }

                positioned = cursor.MoveNext();
            }
        }

        return count;
    }

    /// <summary>
    /// Collects the locators of the child rows whose columns equal the parent key in <paramref name="parentRow"/>, in
    /// the child index's order: the rows <see cref="CountChildren"/> counts (an ON DELETE CASCADE deletes exactly
    /// these). The link must have a <see cref="ForeignKeyLink.ChildIndex"/>.
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="link">The constraint.</param>
    /// <param name="parentRow">The parent row (slot layout of the parent).</param>
    /// <param name="locators">Receives the locators (cleared first).</param>
    /// <param name="keyValues">
    /// Null, or receives (cleared first) each entry's key columns decoded, in index order, one run per locator.
    /// </param>
    public void CollectChildren(ExecutionContext context, ForeignKeyLink link, SqlValue[] parentRow, List<RowLocator> locators, List<SqlValue>? keyValues)
    {
        locators.Clear();
        keyValues?.Clear();
        WalkChildIndex(context, link, ChildKeyRow(link, parentRow), null, firstOnly: false, locators, keyValues);
    }

    // Seeks the child index to the key in `probe` (child slot layout) and walks the entries that start with it:
    // counts them (leaving out `exclude`), or with `locators` collects each entry's row locator (and with `keyValues`
    // its key columns).
    private long WalkChildIndex(ExecutionContext context, ForeignKeyLink link, SqlValue[] probe, RowLocator? exclude, bool firstOnly,
        List<RowLocator>? locators, List<SqlValue>? keyValues)
    {
        TableSchema child = link.Child;
        IndexSchema index = link.ChildIndex!;
        bool keyed = child.PrimaryKey is not null;

        // The index holds values as the child stores them: the key takes the child column's affinity. Its
        // collations are the parent key's (ForeignKeyLink chooses it so), so a seek finds every equal child.
        _probeKey.ResetWrittenCount();
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            IndexColumn column = index.Columns[i];
            SqlValue value = AffinityRules.ApplyAffinity(probe[column.Ordinal], child.Columns[column.Ordinal].Affinity);
            KeyEncoder.EncodeValue(value, column.Descending, _probeKey, column.Collation);
        }

        BTree tree = context.Transaction.Tree(index.RootPage);

        // Rented: a cascade probes once per parent row, and the tree's one cursor serves them all.
        BTreeCursor cursor = tree.RentCursor();
        try
        {
            long count = 0;
            bool positioned = cursor.Seek(_probeKey.WrittenSpan, BTreeSeek.GreaterOrEqual);
            while (positioned && StartsWithKey(tree, cursor.Key, _probeKey.WrittenSpan, link.ChildColumns.Length))
            {
                context.CheckCancellation();
                if (locators is not null)
                {
                    locators.Add(keyed
                        ? new RowLocator(0, IndexKeys.LocatorOf(index, cursor.Key, withoutRowId: true).ToArray())
                        : new RowLocator(IndexKeys.RowIdOf(index, cursor.Key), null));
                    if (keyValues is not null)
                    {
                        AddKeyValues(index, cursor.Key, keyValues);
                    }
                }
                else
                {
                    bool excluded = keyed
                        ? exclude?.Key is { } excludedKey && IndexKeys.LocatorOf(index, cursor.Key, withoutRowId: true).SequenceEqual(excludedKey)
                        : exclude is { } self && IndexKeys.RowIdOf(index, cursor.Key) == self.RowId;
                    if (!excluded && ++count > 0 && firstOnly)
                    {
                        return count;
                    }
                }

                positioned = cursor.MoveNext();
            }

            return count;
        }
        finally
        {
            cursor.Return();
        }
    }

    private void AddKeyValues(IndexSchema index, ReadOnlySpan<byte> key, List<SqlValue> keyValues)
    {
        if (_entryValues.Length < index.Columns.Length)
        {
            _entryValues = new SqlValue[index.Columns.Length];
        }

        IndexKeys.Decode(index, key, _entryValues);
        for (int i = 0; i < index.Columns.Length; i++)
        {
            keyValues.Add(_entryValues[i]);
        }
    }

    // SQLite's fkScanChildren compares `parent.key COLLATE <parent key's collation> = child.column`: the parent
    // key's collation decides, not the child column's.
    private static bool Matches(ForeignKeyLink link, SqlValue[] childRow, SqlValue[] key, CollationRegistry? collations)
    {
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            SqlValue value = childRow[link.ChildColumns[i]];
            if (value.IsNull)
            {
                return false;
            }

            Affinity affinity = AffinityRules.ForComparison(link.ParentAffinities[i], link.Child.Columns[link.ChildColumns[i]].Affinity);
            if (Comparison.Compare(key[i], value, affinity, link.ParentCollation(i, collations)) != 0)
            {
                return false;
            }
        }

        return true;
    }

    private TableRowDecoder Decoder(ForeignKeyLink link)
    {
        if (!_decoders.TryGetValue(link, out TableRowDecoder? decoder))
        {
            decoder = new TableRowDecoder(link.Child, link.ChildColumns);
            _decoders.Add(link, decoder);
        }

        return decoder;
    }

    // The parent key placed in the child columns of a scratch row in the child's slot layout.
    private SqlValue[] ChildKeyRow(ForeignKeyLink link, SqlValue[] parentRow)
    {
        SqlValue[] probe = ProbeRow(link.Child.Columns.Length + 1);
        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            probe[link.ChildColumns[i]] = parentRow[link.ParentColumns[i]];
        }

        return probe;
    }

    private SqlValue[] ProbeRow(int width)
    {
        if (_probeRow.Length < width)
        {
            _probeRow = new SqlValue[width];
        }

        return _probeRow;
    }
}
