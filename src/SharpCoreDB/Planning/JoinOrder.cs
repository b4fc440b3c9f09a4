using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>
/// Chooses the order in which the inner-joined FROM items of a SELECT are joined. The first is the first table
/// pinned by an equality on its row id or an index's leading column with a value from outside the join (else the
/// first written); then the written order is kept as long as each next item is linked to the items joined so far by
/// a WHERE conjunct; when it is not, the first later item that is linked goes next. Without this,
/// <c>FROM t1, t3, t2 WHERE t2.a = t1.b AND t3.a = t2.b</c> would join t3 as a cross product of t1 (every row of t3
/// for every row of t1) and only then filter, and each such unlinked step multiplies the rows by a whole table: a
/// chain of 20 ten-row tables written out of order takes ten to the power of the unlinked steps. Joined in a linked
/// order, every step is an index seek or a hash probe.
/// </summary>
/// <remarks>
/// Only the run of inner joins before the first LEFT, RIGHT or FULL JOIN is reordered: an outer join's rows depend on
/// which tables precede it, so it and everything after it keep their places. Inner joins are commutative, so the result is the
/// same set of rows; only the order of rows of a query without ORDER BY can differ, which SQL leaves undefined.
/// </remarks>
internal static class JoinOrder
{
    /// <summary>Returns the FROM items in join order.</summary>
    /// <param name="from">The FROM items as written.</param>
    /// <param name="conjuncts">The WHERE conjuncts with the slots each one reads.</param>
    /// <param name="local">The slots of this SELECT's own FROM items (other slots belong to enclosing queries).</param>
    /// <returns><paramref name="from"/> itself when the written order is kept, else a reordered copy.</returns>
    public static IReadOnlyList<FromItem> Choose(IReadOnlyList<FromItem> from, List<(Expr Conjunct, HashSet<int> Slots)> conjuncts, HashSet<int> local)
    {
        int reorderable = 0;
        while (reorderable < from.Count && from[reorderable].Kind == JoinKind.Inner)
        {
            reorderable++;
        }

        if (reorderable < 2 || conjuncts.Count == 0)
        {
            return from;
        }

        int first = FirstPinned(from, reorderable, conjuncts, local);
        var ordered = new List<FromItem>(from.Count) { from[first] };
        var joined = new HashSet<int> { from[first].Source.Slot };
        var remaining = new List<FromItem>(reorderable - 1);
        for (int i = 0; i < reorderable; i++)
        {
            if (i != first)
            {
                remaining.Add(from[i]);
            }
        }

        bool reordered = first != 0;
        var reads = new HashSet<int>();
        while (remaining.Count > 0)
        {
            // A table-valued function reading earlier items (json_each(t.doc)) can only follow them; its arguments
            // link it to them. The first remaining item is always ready: it reads only items written before it.
            int pick = 0;
            for (int i = 0; i < remaining.Count; i++)
            {
                if (!IsReady(remaining[i], joined, local, reads, out bool readsJoined))
                {
                    continue;
                }

                if (readsJoined || IsLinked(remaining[i].Source.Slot, joined, conjuncts, local))
                {
                    pick = i;
                    break;
                }
            }

            // With nothing linked a cross product cannot be avoided: the written order is as good as any.
            reordered |= pick != 0;
            ordered.Add(remaining[pick]);
            joined.Add(remaining[pick].Source.Slot);
            remaining.RemoveAt(pick);
        }

        if (!reordered)
        {
            return from;
        }

        for (int i = reorderable; i < from.Count; i++)
        {
            ordered.Add(from[i]);
        }

        return ordered;
    }

    // The first table (in written order) pinned by an equality of its row id or the leading column of one of its
    // indexes with a value that reads no table of this SELECT: a seek that yields a row or a few, from which the
    // links lead on. Without one, the first written table.
    private static int FirstPinned(IReadOnlyList<FromItem> from, int count, List<(Expr Conjunct, HashSet<int> Slots)> conjuncts, HashSet<int> local)
    {
        for (int i = 0; i < count; i++)
        {
            TableSchema? table = from[i].Source.Table;
            if (table is null)
            {
                continue;
            }

            int slot = from[i].Source.Slot;
            foreach ((Expr conjunct, HashSet<int> slots) in conjuncts)
            {
                if (conjunct is ComparisonExpr { Operator: BinaryOperator.Equal } equal
                    && ReadsOnly(slots, slot, local)
                    && (SeekColumn(equal.Left, equal.Right, slot, table) || SeekColumn(equal.Right, equal.Left, slot, table)))
                {
                    return i;
                }
            }
        }

        return 0;
    }

    // True for "column = value" where the column is the table's row id or leads one of its indexes and the value
    // does not read the table.
    private static bool SeekColumn(Expr side, Expr other, int slot, TableSchema table)
    {
        if (side is not ColumnExpr column || column.Slot != slot)
        {
            return false;
        }

        if (AccessPathSelector.Reads(other, slot, []))
        {
            return false;
        }

        if (AccessPathSelector.IsRowId(table, column.Column))
        {
            return true;
        }

        foreach (IndexSchema index in table.Indexes)
        {
            if (index.Where is null && index.Columns.Length > 0 && index.Columns[0].Ordinal == column.Column)
            {
                return true;
            }
        }

        return false;
    }

    // True when the only table of this SELECT the conjunct reads is the one in the slot.
    private static bool ReadsOnly(HashSet<int> slots, int slot, HashSet<int> local)
    {
        bool readsSlot = false;
        foreach (int read in slots)
        {
            if (read == slot)
            {
                readsSlot = true;
            }
            else if (local.Contains(read))
            {
                return false;
            }
        }

        return readsSlot;
    }

    // True unless the item is a table-valued function whose arguments read an item of this SELECT not joined yet;
    // readsJoined tells whether they read one that is.
    private static bool IsReady(FromItem item, HashSet<int> joined, HashSet<int> local, HashSet<int> reads, out bool readsJoined)
    {
        readsJoined = false;
        if (item.TableFunction is null)
        {
            return true;
        }

        reads.Clear();
        item.TableFunction.CollectSlots(reads);
        foreach (int slot in reads)
        {
            if (!local.Contains(slot))
            {
                continue;
            }

            if (!joined.Contains(slot))
            {
                return false;
            }

            readsJoined = true;
        }

        return true;
    }

    // True when some conjunct reads the candidate and at least one joined item, and nothing of this SELECT beyond them:
    // joined next, the candidate is then filtered (seek, hash probe or filter) by what is already there.
    private static bool IsLinked(int candidate, HashSet<int> joined, List<(Expr Conjunct, HashSet<int> Slots)> conjuncts, HashSet<int> local)
    {
        foreach ((_, HashSet<int> slots) in conjuncts)
        {
            if (!slots.Contains(candidate))
            {
                continue;
            }

            bool readsJoined = false;
            bool readsOthers = false;
            foreach (int slot in slots)
            {
                if (slot == candidate || !local.Contains(slot))
                {
                    continue;
                }

                if (joined.Contains(slot))
                {
                    readsJoined = true;
                }
                else
                {
                    readsOthers = true;
                    break;
                }
            }

            if (readsJoined && !readsOthers)
            {
                return true;
            }
        }

        return false;
    }
}
