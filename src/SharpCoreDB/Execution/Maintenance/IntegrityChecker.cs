using System.Buffers;
using System.Globalization;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Execution.Maintenance;

/// <summary>
/// PRAGMA integrity_check and quick_check: every page below the page count verifies (checksum or authentication tag),
/// every tree (catalog, tables, indexes) is ordered and sound, the free list is consistent, and every page is used by
/// exactly one tree or the free list; then, per row, NOT NULL holds; integrity_check also matches every index against
/// its table (each row's entry is there, no entry is extra) and checks that UNIQUE indexes hold no duplicate. As SQLite,
/// it reports one line per problem, up to a limit, and quick_check leaves out the index/table cross-check.
/// </summary>
/// <remarks>
/// CHECK constraints are not evaluated here (they need the binder), and foreign keys are left to
/// PRAGMA foreign_key_check, as in SQLite.
/// </remarks>
internal sealed class IntegrityChecker
{
    private readonly Execution.ExecutionContext _context;
    private readonly TransactionContext _transaction;
    private readonly IReadOnlyDictionary<string, TableWriter> _writers;
    private readonly ITransactionPageAccess _access;
    private readonly int _limit;
    private readonly List<string> _problems = [];
    private readonly HashSet<uint> _used = [];

    private IntegrityChecker(Execution.ExecutionContext context, int limit, IReadOnlyDictionary<string, TableWriter> writers)
    {
        _context = context;
        _transaction = context.Transaction;
        _writers = writers;
        // Every store transaction reads raw pages; one that could not would be a bug, not a database without a free list.
        _access = (ITransactionPageAccess)_transaction.Pages;
        _limit = limit;
    }

    private bool Full => _problems.Count >= _limit;

    /// <summary>Checks the database as the statement's transaction sees it.</summary>
    /// <param name="context">The statement's context (its transaction: a snapshot, or the caller's own transaction).</param>
    /// <param name="limit">The most problems to report (SQLite's default is 100).</param>
    /// <param name="quick">True for quick_check: no index/table cross-check, no UNIQUE check.</param>
    /// <param name="writers">
    /// Per table with a partial index or an index on expressions (by name), a writer bound to compute each row's
    /// entries as inserts do; the cross-check of such a table's indexes needs it.
    /// </param>
    /// <returns>The problems, or an empty list when the database is sound.</returns>
    public static List<string> Check(Execution.ExecutionContext context, int limit, bool quick, IReadOnlyDictionary<string, TableWriter> writers)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(writers);
        var checker = new IntegrityChecker(context, Math.Max(1, limit), writers);
        checker.Run(quick);
        return checker._problems;
    }

    private void Run(bool quick)
    {
        uint pageCount = PageCount();
        for (uint page = 1; page < pageCount && !Full; page++)
        {
            Attempt(() =>
            {
                using PageLease lease = _transaction.Pages.Read(page);
            });
        }

        uint catalogRoot = _transaction.Pages.CatalogRoot;
        if (catalogRoot != 0)
        {
            VerifyTree(catalogRoot, "the catalog");
        }

        Schema schema = _transaction.Schema;
        foreach (TableSchema table in schema.Tables.Values.OrderBy(t => t.Name, StringComparer.OrdinalIgnoreCase))
        {
            bool tableSound = VerifyTree(table.RootPage, $"table {table.Name}");
            var soundIndexes = new List<IndexSchema>();
            foreach (IndexSchema index in table.Indexes)
            {
                if (VerifyTree(index.RootPage, $"index {index.Name}"))
                {
                    soundIndexes.Add(index);
                }
            }

            if (tableSound && !Full)
            {
                Attempt(() => CheckRows(table, quick ? [] : soundIndexes));
            }

            if (!quick)
            {
                foreach (IndexSchema index in soundIndexes)
                {
                    if (index.IsUnique && !Full)
                    {
                        Attempt(() => CheckUnique(table, index));
                    }
                }
            }
        }

        if (!Full)
        {
            CheckFreeList(pageCount);
        }
    }

    private uint PageCount()
    {
        using PageLease header = _access.ReadPage(0);
        return DatabaseHeader.GetPageCount(header.Data);
    }

    // True when the tree is sound; its pages go into the used set either way, as far as the walk got.
    private bool VerifyTree(uint root, string what)
    {
        if (Full)
        {
            return false;
        }

        return Attempt(() => new BTree(_transaction.Pages, root, _transaction.KeyOrder(root)).Verify(_used), prefix: $"In {what} (root page {root}): ");
    }

    private void CheckRows(TableSchema table, List<IndexSchema> indexes)
    {
        int[] all = new int[table.Columns.Length];
        for (int i = 0; i < all.Length; i++)
        {
            all[i] = i;
        }

        var decoder = new TableRowDecoder(table, all);
        var row = new SqlValue[table.Columns.Length + 1];
        var scratch = new SqlValue[Math.Max(1, table.Columns.Length)];
        var trees = new BTree[indexes.Count];
        for (int i = 0; i < trees.Length; i++)
        {
            trees[i] = new BTree(_transaction.Pages, indexes[i].RootPage, _transaction.KeyOrder(indexes[i].RootPage));
        }

        TableWriter? writer = _writers.GetValueOrDefault(table.Name);
        int[] positions = new int[indexes.Count];
        for (int i = 0; i < positions.Length && writer is not null; i++)
        {
            // The statement is bound against this schema (a schema change re-binds it), so every index is found.
            positions[i] = -1;
            for (int j = 0; j < writer.Table.Indexes.Length; j++)
            {
                if (string.Equals(writer.Table.Indexes[j].Name, indexes[i].Name, StringComparison.OrdinalIgnoreCase))
                {
                    positions[i] = j;
                }
            }
        }

        long[] expected = new long[indexes.Count];
        using var key = new PooledBufferWriter();
        var locator = new ArrayBufferWriter<byte>(32);
        using (BTreeCursor cursor = new BTree(_transaction.Pages, table.RootPage, _transaction.KeyOrder(table.RootPage)).OpenCursor())
        {
            for (bool more = cursor.First(); more && !Full; more = cursor.MoveNext())
            {
                decoder.Decode(cursor, row);
                foreach (ColumnSchema column in table.Columns)
                {
                    if (column.NotNull && row[column.Ordinal].IsNull)
                    {
                        Report($"NULL value in {table.Name}.{column.Name} ({RowName(table, row)})");
                    }
                }

                for (int i = 0; i < trees.Length; i++)
                {
                    ReadOnlySpan<byte> entry;
                    if (writer is not null && positions[i] >= 0)
                    {
                        // A partial index holds only the rows its WHERE accepts; expressions give computed keys.
                        if (!writer.TryEncodeIndexEntry(_context, positions[i], row))
                        {
                            continue;
                        }

                        entry = writer.EncodedEntry;
                    }
                    else
                    {
                        key.Reset();
                        IndexKeys.WriteEntry(indexes[i], table, row, key, scratch, locator);
                        entry = key.WrittenSpan;
                    }

                    expected[i]++;
                    if (!trees[i].ContainsKey(entry))
                    {
                        Report($"{RowName(table, row)} missing from index {indexes[i].Name}");
                    }
                }
            }
        }

        // Every row's entry is there; an index with more entries than its rows give holds entries of no row.
        for (int i = 0; i < trees.Length && !Full; i++)
        {
            long entries = trees[i].Count();
            if (entries != expected[i])
            {
                Report($"wrong # of entries in index {indexes[i].Name}: {entries.ToString(CultureInfo.InvariantCulture)} entries for {expected[i].ToString(CultureInfo.InvariantCulture)} rows");
            }
        }
    }

    // Neighbouring entries of a UNIQUE index must differ in their encoded key columns (what the unique check on insert
    // searches by), unless one of them holds a NULL.
    private void CheckUnique(TableSchema table, IndexSchema index)
    {
        int columns = index.Columns.Length;
        var values = new SqlValue[columns];
        byte[] previous = [];
        bool previousHasNull = true;
        BTreeKeyComparer? order = _transaction.KeyOrder(index.RootPage);
        using BTreeCursor cursor = new BTree(_transaction.Pages, index.RootPage, order).OpenCursor();
        for (bool more = cursor.First(); more && !Full; more = cursor.MoveNext())
        {
            ReadOnlySpan<byte> prefix = cursor.Key[..KeyEncoder.GetPrefixLength(cursor.Key, columns)];
            IndexKeys.Decode(index, cursor.Key, values);
            bool hasNull = false;
            foreach (SqlValue value in values)
            {
                hasNull |= value.IsNull;
            }

            // Equal as the unique check on insert compares them: the bytes, or the index's collations.
            if (!hasNull && !previousHasNull && IndexKeys.CompareColumns(order, prefix, previous, columns) == 0)
            {
                string row = table.WithoutRowId
                    ? "a row of " + table.Name
                    : "row " + IndexKeys.RowIdOf(index, cursor.Key).ToString(CultureInfo.InvariantCulture);
                Report($"non-unique entry in index {index.Name} ({row})");
            }

            previous = prefix.ToArray();
            previousHasNull = hasNull;
        }
    }

    // How a report names a row: its row id, or the key of a WITHOUT ROWID row (rendered as SQLite quotes values).
    private static string RowName(TableSchema table, SqlValue[] row)
    {
        if (table.PrimaryKey is not { } primaryKey)
        {
            return "row " + row[table.RowIdSlot].AsInt64().ToString(CultureInfo.InvariantCulture);
        }

        var text = new System.Text.StringBuilder("row with key (");
        for (int i = 0; i < primaryKey.Columns.Length; i++)
        {
            text.Append(i > 0 ? ", " : string.Empty).Append(row[primaryKey.Columns[i].Ordinal].ToString());
        }

        return text.Append(')').ToString();
    }

    private void CheckFreeList(uint pageCount)
    {
        var free = new List<uint>();
        if (!Attempt(() => PageAllocator.CollectFreePages(_access, free), prefix: "In the free list: "))
        {
            return;
        }

        foreach (uint page in free)
        {
            if (!_used.Add(page))
            {
                Report($"Page {page.ToString(CultureInfo.InvariantCulture)}: is both free and in use");
            }
        }

        for (uint page = 1; page < pageCount && !Full; page++)
        {
            if (!_used.Contains(page))
            {
                Report($"Page {page.ToString(CultureInfo.InvariantCulture)}: never used");
            }
        }
    }

    private bool Attempt(Action check, string prefix = "")
    {
        try
        {
            check();
            return true;
        }
        catch (SharpCoreDBException ex) when (ex.ErrorCode == SharpCoreDBErrorCode.Corrupt)
        {
            Report(prefix + ex.Message);
            return false;
        }
    }

    private void Report(string problem)
    {
        if (!Full)
        {
            _problems.Add(problem);
        }
    }
}
