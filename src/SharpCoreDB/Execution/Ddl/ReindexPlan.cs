using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>REINDEX [name]: empties each chosen index tree and rebuilds it from its table.</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="indexes">The indexes to rebuild, each with the WHERE of a partial index and the key expressions bound against the row in its slot (or nulls and -1).</param>
internal sealed class ReindexPlan(Schema schema, int[] slotWidths, IReadOnlyList<(IndexSchema Index, Expr? Predicate, Expr?[]? Keys, int RowSlot)> indexes) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override int Execute()
    {
        TransactionContext transaction = Context.Transaction;
        foreach ((IndexSchema index, Expr? predicate, Expr?[]? keyExpressions, int rowSlot) in indexes)
        {
            TableSchema table = transaction.Schema.FindTable(index.TableName)
                ?? throw ExecutionErrors.NoSuchTable(index.TableName);

            // Read every key first: deleting through the tree invalidates its cursors.
            var keys = new List<byte[]>();
            using (BTreeCursor cursor = transaction.Tree(index.RootPage).OpenCursor())
            {
                for (bool more = cursor.First(); more; more = cursor.MoveNext())
                {
                    Context.CheckCancellation();
                    keys.Add(cursor.Key.ToArray());
                }
            }

            foreach (byte[] key in keys)
            {
                Context.CheckCancellation();
                transaction.Delete(index.RootPage, key);
            }

            CreateIndexPlan.Populate(Context, transaction, table, index, predicate, keyExpressions, rowSlot);
        }

        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string>(indexes.Count);
        foreach ((IndexSchema index, _, _, _) in indexes)
        {
            lines.Add("Reindex " + index.Name);
        }

        return lines;
    }
}
