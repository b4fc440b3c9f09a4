using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>CREATE [UNIQUE] INDEX [IF NOT EXISTS]: creates the index tree and fills it from the table, failing
/// cleanly when a UNIQUE index meets duplicate keys.</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="statement">The statement.</param>
/// <param name="predicate">The WHERE of a partial index bound against the row in <paramref name="rowSlot"/>, or null.</param>
/// <param name="keys">The key expressions of an index on expressions bound against the row in <paramref name="rowSlot"/> (null for a plain column), or null.</param>
/// <param name="rowSlot">The slot the predicate and key expressions read, or -1.</param>
internal sealed class CreateIndexPlan(Schema schema, int[] slotWidths, CreateIndexStatement statement, Expr? predicate = null, Expr?[]? keys = null, int rowSlot = -1)
    : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override bool ChangesSchema => true;

    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        string name = statement.Name.Name;
        if (SchemaChange.NameTaken(transaction.Schema, name) is { } taken)
        {
            if (statement.IfNotExists)
            {
                return 0;
            }

            throw taken;
        }

        TableSchema table = transaction.Schema.FindTable(statement.Table.Name)
            ?? throw ExecutionErrors.NoSuchTable(statement.Table.Name);
        uint root = transaction.CreateTree();
        IndexSchema index = IndexSchemaBuilder.Build(statement, table, root);
        Populate(Context, transaction, table, index, predicate, keys, rowSlot);
        CatalogStore.PutIndex(transaction, index);
        SchemaChange.Apply(transaction, transaction.Schema.WithIndex(index));
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => ["CreateIndex " + statement.Name.Name + " ON " + statement.Table.Name];

    /// <summary>Fills an empty index tree from its table (REINDEX reuses it after clearing the tree).</summary>
    /// <param name="context">The execution context (a large table takes long: the loops check for cancellation).</param>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="table">The table.</param>
    /// <param name="index">The index.</param>
    /// <param name="predicate">The WHERE of a partial index bound against the row in <paramref name="rowSlot"/>: only rows it is true for get an entry. Null for a full index.</param>
    /// <param name="keys">The key expressions of an index on expressions bound against the row in <paramref name="rowSlot"/>, or null.</param>
    /// <param name="rowSlot">The slot the predicate and key expressions read.</param>
    /// <exception cref="SharpCoreDBException">UniqueViolation when a UNIQUE index meets duplicate keys.</exception>
    internal static void Populate(ExecutionContext context, TransactionContext transaction, TableSchema table, IndexSchema index, Expr? predicate, Expr?[]? keys, int rowSlot)
    {
        // Read every row first: the table tree must not change under its cursor, and the index tree is new.
        var entries = new List<(byte[] Key, int PrefixLength)>();
        int[] ordinals;
        if (predicate is null && keys is null)
        {
            ordinals = new int[index.Columns.Length];
            for (int i = 0; i < ordinals.Length; i++)
            {
                ordinals[i] = index.Columns[i].Ordinal;
            }
        }
        else
        {
            // The WHERE and the key expressions may read any column.
            ordinals = new int[table.Columns.Length];
            for (int i = 0; i < ordinals.Length; i++)
            {
                ordinals[i] = i;
            }
        }

        var decoder = new Operators.TableRowDecoder(table, ordinals);
        SqlValue[] row = predicate is null && keys is null ? new SqlValue[table.Columns.Length + 1] : context.Slots[rowSlot];

        // An expression's value goes past the row id, at its key column's ordinal (see IndexColumn).
        SqlValue[] keyRow = keys is null ? row : new SqlValue[table.RowIdSlot + 1 + index.Columns.Length];
        var scratch = new SqlValue[index.Columns.Length];
        var locator = new System.Buffers.ArrayBufferWriter<byte>(32);
        using var writer = new PooledBufferWriter();
        using (BTreeCursor cursor = transaction.Tree(table.RootPage).OpenCursor())
        {
            for (bool more = cursor.First(); more; more = cursor.MoveNext())
            {
                context.CheckCancellation();
                decoder.Decode(cursor, row);
                if (predicate is not null && predicate.EvaluateTruth(context) != true)
                {
                    continue;
                }

                if (keys is not null)
                {
                    Array.Copy(row, keyRow, table.RowIdSlot + 1);
                    for (int j = 0; j < keys.Length; j++)
                    {
                        if (keys[j] is { } key)
                        {
                            keyRow[table.RowIdSlot + 1 + j] = key.Evaluate(context);
                        }
                    }
                }

                writer.Reset();
                bool hasNull = false;
                foreach (IndexColumn column in index.Columns)
                {
                    hasNull |= keyRow[column.Ordinal].IsNull;
                }

                IndexKeys.WritePrefix(index, keyRow, writer);
                int prefixLength = hasNull ? -1 : writer.WrittenCount;
                writer.Reset();
                IndexKeys.WriteEntry(index, table, keyRow, writer, scratch, locator);
                entries.Add((writer.WrittenSpan.ToArray(), prefixLength));
            }
        }

        // The tree is opened with the index's order before the schema holds the index; entries go in in that order, so
        // duplicates of a UNIQUE index (equal bytes, or equal under a user collation) end up side by side.
        BTreeKeyComparer? order = transaction.Tree(index).Comparer;
        if (order is null)
        {
            entries.Sort(static (a, b) => a.Key.AsSpan().SequenceCompareTo(b.Key));
        }
        else
        {
            entries.Sort((a, b) => order.Compare(a.Key, b.Key));
        }

        for (int i = 0; i < entries.Count; i++)
        {
            context.CheckCancellation();
            (byte[] key, int prefixLength) = entries[i];
            if (index.IsUnique && prefixLength >= 0 && i > 0 && IsDuplicate(order, entries[i - 1], key, prefixLength, index.Columns.Length))
            {
                if (index.HasExpression)
                {
                    throw ExecutionErrors.UniqueIndexFailed(index.Name);
                }

                var columns = new System.Text.StringBuilder();
                foreach (IndexColumn column in index.Columns)
                {
                    columns.Append(columns.Length > 0 ? ", " : string.Empty).Append(table.Name).Append('.').Append(table.Columns[column.Ordinal].Name);
                }

                throw ExecutionErrors.UniqueIndexFailed(columns.ToString(), index.Name);
            }

            transaction.TryInsert(index.RootPage, key, default);
        }
    }

    // True when the key columns of an entry equal those of the entry before it (which has no NULL: PrefixLength ≥ 0).
    private static bool IsDuplicate(BTreeKeyComparer? order, (byte[] Key, int PrefixLength) previous, byte[] key, int prefixLength, int columns)
    {
        if (previous.PrefixLength < 0)
        {
            return false;
        }

        if (order is null)
        {
            return previous.PrefixLength == prefixLength && previous.Key.AsSpan(0, prefixLength).SequenceEqual(key.AsSpan(0, prefixLength));
        }

        return IndexKeys.CompareColumns(order, previous.Key, key, columns) == 0;
    }
}
