using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning;

/// <summary>
/// Chooses the order in which the inner-joined FROM items of a SELECT are joined. The written order is kept as long
/// as each next item is linked to the items before it by a WHERE conjunct; when it is not, the first later item that
/// is linked goes first. Without this, <c>FROM t1, t3, t2 WHERE t2.a = t1.b AND t3.a = t2.b</c> would join t3 as a
/// cross product of t1 (every row of t3 for every row of t1) and only then filter, and each such unlinked step
/// multiplies the rows by a whole table: a chain of 20 ten-row tables written out of order takes ten to the power of
/// the unlinked steps. Joined in a linked order, every step is an index seek or a hash probe.
/// </summary>
/// <remarks>
/// Only the run of inner joins before the first LEFT JOIN is reordered: a LEFT JOIN's rows depend on which tables
/// precede it, so it and everything after it keep their places. Inner joins are commutative, so the result is the
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
        while (reorderable < from.Count && !from[reorderable].LeftJoin)
        {
            reorderable++;
        }

        if (reorderable < 3 || conjuncts.Count == 0)
        {
            // Two items joined either way round are the same cross product or the same linked join.
            return from;
        }

        var joined = new HashSet<int> { from[0].Source.Slot };
        var remaining = new List<FromItem>(reorderable - 1);
        for (int i = 1; i < reorderable; i++)
        {
            remaining.Add(from[i]);
        }

        List<FromItem>? ordered = null;
        while (remaining.Count > 0)
        {
            int pick = 0;
            for (int i = 0; i < remaining.Count; i++)
            {
                if (IsLinked(remaining[i].Source.Slot, joined, conjuncts, local))
                {
                    pick = i;
                    break;
                }
            }

            // With nothing linked a cross product cannot be avoided: the written order is as good as any.
            FromItem next = remaining[pick];
            if (ordered is null && pick != 0)
            {
                ordered = new List<FromItem>(from.Count);
                for (int i = 0; i < joined.Count; i++)
                {
                    ordered.Add(from[i]);
                }
            }

            ordered?.Add(next);
            joined.Add(next.Source.Slot);
            remaining.RemoveAt(pick);
        }

        if (ordered is null)
        {
            return from;
        }

        for (int i = reorderable; i < from.Count; i++)
        {
            ordered.Add(from[i]);
        }

        return ordered;
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
