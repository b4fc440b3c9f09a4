using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>
/// Chooses how to read one table given the conjuncts usable at its place in the join: a row-id seek or range, an
/// index seek or range (equality prefix, then a range on the next key column), or a full scan. It also says
/// whether the path delivers a requested ORDER BY, so the sort can be skipped.
/// </summary>
/// <remarks>
/// Access paths narrow what is read: a seek has to include every row that could qualify, and the conjuncts are
/// evaluated on the rows it returns. An index is used for <c>col op value</c> only when SQLite's comparison
/// affinity converts the value to the column's form (never the column's values), so index order is the comparison
/// order. A caller that asks for it gets back the equality and IN terms an index seek reproduces exactly (the
/// key's collation, the term's own conversion of its values, a plain column key): those need no filter, as in
/// SQLite, and a column read only by them need not come from the row, so the index alone may cover the query.
/// </remarks>
internal static class AccessPathSelector
{
    /// <summary>Chooses the access operator.</summary>
    /// <param name="source">The table source.</param>
    /// <param name="conjuncts">The conjuncts available at this level.</param>
    /// <param name="order">The ORDER BY this table could deliver, or null.</param>
    /// <param name="orderDelivered">True when the returned operator delivers <paramref name="order"/>.</param>
    /// <returns>The access operator.</returns>
    public static Operator Choose(SourceBinding source, IReadOnlyList<Expr> conjuncts, OrderRequest? order, out bool orderDelivered) =>
        Choose(source, conjuncts, order, false, out orderDelivered, out _);

    /// <summary>Chooses the access operator and says which conjuncts it makes redundant.</summary>
    /// <param name="source">The table source.</param>
    /// <param name="conjuncts">The conjuncts available at this level.</param>
    /// <param name="order">The ORDER BY this table could deliver, or null.</param>
    /// <param name="dropImplied">
    /// True when the caller drops the <paramref name="implied"/> conjuncts from its filter: then a column read only
    /// by them is not needed from the row.
    /// </param>
    /// <param name="orderDelivered">True when the returned operator delivers <paramref name="order"/>.</param>
    /// <param name="implied">The conjuncts every row the operator returns satisfies (empty unless <paramref name="dropImplied"/>).</param>
    /// <returns>The access operator.</returns>
    public static Operator Choose(SourceBinding source, IReadOnlyList<Expr> conjuncts, OrderRequest? order, bool dropImplied, out bool orderDelivered, out IReadOnlyList<Expr> implied)
    {
        implied = [];
        TableSchema table = source.Table!;
        var decoder = new TableRowDecoder(table, source.UsedOrdinals());
        List<Sargable> sargables = FindSargables(source.Slot, conjuncts);

        Operator? best = null;
        int bestScore = 0;
        bool bestOrdered = false;

        // Row id: the table tree itself.
        Sargable? rowIdEqual = Find(sargables, table, IsRowId, SargableKind.Equal) ?? Find(sargables, table, IsRowId, SargableKind.In);
        if (rowIdEqual is not null)
        {
            best = new RowIdSeekOperator(decoder, source.Slot, rowIdEqual.Values);
            bestScore = rowIdEqual.Kind == SargableKind.Equal ? 1000 : 900;
            bestOrdered = order is null || rowIdEqual.Values.Count == 1 || IsRowIdOrder(table, order, out bool descending) && !descending;
        }
        else
        {
            Sargable? low = Find(sargables, table, IsRowId, SargableKind.Lower);
            Sargable? high = Find(sargables, table, IsRowId, SargableKind.Upper);
            if (low is not null || high is not null)
            {
                bool descending = false;
                bestOrdered = order is not null && IsRowIdOrder(table, order, out descending);
                best = new RowIdRangeOperator(decoder, source.Slot, low?.Values[0], low?.Inclusive ?? false, high?.Values[0], high?.Inclusive ?? false, descending);
                bestScore = low is not null && high is not null ? 60 : 50;
                implied = dropImplied ? RowIdBoundsImplied(low, high) : [];
            }
        }

        // WITHOUT ROWID: the table tree is the PRIMARY KEY, sought like an index whose entries are the rows.
        if (table.PrimaryKey is { } primaryKey && Match(primaryKey, table, sargables, null) is { } keyed && keyed.Score > bestScore)
        {
            bool descending = false;
            bestOrdered = order is not null && !keyed.HasInList && IndexDelivers(primaryKey, null, keyed.Prefix.Count, order, out descending);
            best = keyed.Build(decoder, source.Slot, descending, covering: false);
            bestScore = keyed.Score;
            implied = dropImplied ? keyed.Implied() : [];
        }

        for (int i = 0; i < table.Indexes.Length; i++)
        {
            IndexSchema index = table.Indexes[i];
            if (!Usable(source, i, conjuncts))
            {
                continue;
            }

            Expr?[]? keys = source.IndexExpressions?[i];
            IndexCandidate? candidate = Match(index, table, keys is null ? sargables : WithExpressionSargables(sargables, source.Slot, index, keys, conjuncts), keys);
            if (candidate is null || candidate.Score <= bestScore)
            {
                continue;
            }

            bool descending = false;
            bool ordered = order is not null && !candidate.HasInList && IndexDelivers(index, keys, candidate.Prefix.Count, order, out descending);
            IReadOnlyList<Expr> dropped = dropImplied ? candidate.Implied() : [];
            bool covering = Covers(index, table, source, dropped, out bool[]? unreadKeys);
            best = candidate.Build(decoder, source.Slot, descending, covering, unreadKeys);
            bestScore = candidate.Score;
            bestOrdered = ordered;
            implied = dropped;
        }

        if (best is not null)
        {
            orderDelivered = order is not null && bestOrdered;
            return best;
        }

        // No usable predicate: scan in row-id order, or in an index's order when that saves the sort.
        if (order is not null)
        {
            if (IsRowIdOrder(table, order, out bool descending))
            {
                orderDelivered = true;
                return new TableScanOperator(decoder, source.Slot, descending);
            }

            if (table.PrimaryKey is { } key && IndexDelivers(key, null, 0, order, out descending))
            {
                orderDelivered = true;
                return new TableScanOperator(decoder, source.Slot, descending);
            }

            for (int i = 0; i < table.Indexes.Length; i++)
            {
                IndexSchema index = table.Indexes[i];
                if (Usable(source, i, conjuncts) && IndexDelivers(index, source.IndexExpressions?[i], 0, order, out descending))
                {
                    orderDelivered = true;
                    var conversions = new Affinity[index.Columns.Length];
                    return new IndexScanOperator(index, decoder, source.Slot, [], conversions, null, false, null, false, descending, Covers(index, table, source, [], out _));
                }
            }
        }

        orderDelivered = false;
        return new TableScanOperator(decoder, source.Slot, false);
    }

    // A full index holds every row; a partial one only when the conjuncts imply its WHERE (SQLite's rules).
    private static bool Usable(SourceBinding source, int index, IReadOnlyList<Expr> conjuncts) =>
        source.IndexPredicates?[index] is not { } predicate || PartialIndexImplication.Implies(predicate, conjuncts);

    /// <summary>
    /// Whether an index can serve <c>column op value</c>: the comparison affinity of the two may convert the value,
    /// but must leave the column's stored values as they are (numeric affinity on a numeric column, TEXT affinity
    /// on a TEXT column, or no conversion at all).
    /// </summary>
    /// <param name="column">The column's affinity.</param>
    /// <param name="value">The value expression's affinity.</param>
    /// <param name="conversion">The conversion to apply to seek values.</param>
    /// <returns>Whether the index order is the comparison order.</returns>
    public static bool CanSeek(Affinity column, Affinity value, out Affinity conversion)
    {
        Affinity comparison = AffinityRules.ForComparison(column, value);
        conversion = ConversionOf(comparison);

        // The stored values must not be converted by the comparison: then the index order is the comparison order.
        return comparison switch
        {
            Affinity.Decimal => column == Affinity.Decimal,
            >= Affinity.Numeric => column >= Affinity.Numeric,
            Affinity.Text => column == Affinity.Text,
            _ => true,
        };
    }

    // The range's bounds hold for every row it returns, as SQLite drops a rowid range's terms: the row id is an
    // integer and the bound goes through the numeric conversion the comparison applies (SeekValues). A DECIMAL
    // comparison compares exact decimals, which the seek does not reproduce: that term stays in the filter.
    private static List<Expr> RowIdBoundsImplied(Sargable? low, Sargable? high)
    {
        var implied = new List<Expr>(2);
        foreach (Sargable? bound in (ReadOnlySpan<Sargable?>)[low, high])
        {
            if (bound is { Conjunct: { } conjunct } && bound.EvaluationAffinity != Affinity.Decimal)
            {
                implied.Add(conjunct);
            }
        }

        return implied;
    }

    /// <summary>True when <paramref name="column"/> (a slot position) is the table's row id or its alias.</summary>
    internal static bool IsRowId(TableSchema table, int column) => column == table.RowIdSlot || column == table.RowIdAlias;

    // True when every column the statement reads from the table is a key column (or the row id). An index on
    // expressions never covers: its scan reads the row for the expressions' columns. A column whose every
    // reference is in a dropped conjunct is read by nothing.
    // unreadKeys: per key column, true when it is read by nothing (null when every key column may be read).
    private static bool Covers(IndexSchema index, TableSchema table, SourceBinding source, IReadOnlyList<Expr> dropped, out bool[]? unreadKeys)
    {
        unreadKeys = null;
        if (index.HasExpression)
        {
            return false;
        }

        int[]? unread = dropped.Count > 0 && source.UseCounts is { } counts ? UnreadColumns(source.Slot, counts, dropped) : null;
        if (unread is { Length: > 0 })
        {
            unreadKeys = new bool[index.Columns.Length];
            for (int k = 0; k < unreadKeys.Length; k++)
            {
                unreadKeys[k] = Array.IndexOf(unread, index.Columns[k].Ordinal) >= 0 && !IsPrimaryKeyColumn(table, index.Columns[k].Ordinal);
            }
        }

        // A WITHOUT ROWID row is found again by its key columns (its locator): the entry must give them too.
        IEnumerable<int> usedOrdinals = source.UsedOrdinals();
        if (table.PrimaryKey is { } primaryKey)
        {
            var withKey = new List<int>(source.UsedOrdinals());
            foreach (IndexColumn key in primaryKey.Columns)
            {
                withKey.Add(key.Ordinal);
            }

            usedOrdinals = withKey;
        }

        foreach (int used in usedOrdinals)
        {
            if (used == table.RowIdAlias || unread is not null && Array.IndexOf(unread, used) >= 0 && !IsPrimaryKeyColumn(table, used))
            {
                continue;
            }

            // A key under NOCASE or RTRIM holds the folded text, not the value: the row must be read. A user
            // collation's key holds the text itself.
            bool found = false;
            foreach (IndexColumn column in index.Columns)
            {
                found |= column.Ordinal == used && column.Collation is null or { Kind: CollationKind.User };
            }

            if (!found)
            {
                return false;
            }
        }

        return true;
    }

    // The columns of the slot that only the dropped conjuncts read: each counts as many references there as the
    // binder counted for the whole statement.
    private static int[] UnreadColumns(int slot, int[] counts, IReadOnlyList<Expr> dropped)
    {
        var inDropped = new int[counts.Length];
        foreach (Expr conjunct in dropped)
        {
            CountReferences(conjunct, slot, inDropped);
        }

        var unread = new List<int>();
        for (int i = 0; i < counts.Length; i++)
        {
            if (inDropped[i] > 0 && inDropped[i] >= counts[i])
            {
                unread.Add(i);
            }
        }

        return [.. unread];
    }

    private static void CountReferences(Expr expression, int slot, int[] counts)
    {
        if (expression is ColumnExpr column && column.Slot == slot && column.Column < counts.Length)
        {
            counts[column.Column]++;
        }

        foreach (Expr child in expression.Children)
        {
            CountReferences(child, slot, counts);
        }
    }

    private static bool IsPrimaryKeyColumn(TableSchema table, int ordinal)
    {
        if (table.PrimaryKey is { } key)
        {
            foreach (IndexColumn column in key.Columns)
            {
                if (column.Ordinal == ordinal)
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static Sargable? Find(List<Sargable> sargables, TableSchema table, Func<TableSchema, int, bool> matches, SargableKind kind)
    {
        foreach (Sargable sargable in sargables)
        {
            if (sargable.Kind == kind && matches(table, sargable.Column))
            {
                return sargable;
            }
        }

        return null;
    }

    private static List<Sargable> FindSargables(int slot, IReadOnlyList<Expr> conjuncts)
    {
        var result = new List<Sargable>();
        var slots = new HashSet<int>();
        foreach (Expr conjunct in conjuncts)
        {
            switch (conjunct)
            {
                // A COLLATE on the column side only names the comparison's collation, which the sargable carries.
                case ComparisonExpr comparison when CollateExpr.Strip(comparison.Left) is ColumnExpr column && column.Slot == slot && !Reads(comparison.Right, slot, slots):
                    AddComparison(result, column.Column, comparison.Operator, comparison.Right, comparison, Exactness(comparison));
                    break;
                case ComparisonExpr comparison when CollateExpr.Strip(comparison.Right) is ColumnExpr column && column.Slot == slot && !Reads(comparison.Left, slot, slots):
                    // A join written outer-first (o.customer = c.id, planning c): commute-comparison leaves column =
                    // column alone, so mirror it here; comparison affinity does not depend on the side.
                    AddComparison(result, column.Column, ComparisonExpr.Mirror(comparison.Operator), comparison.Left, comparison, Exactness(comparison));
                    break;
                case InListExpr { Negated: false } list when CollateExpr.Strip(list.Operand) is ColumnExpr column && column.Slot == slot && list.Items.Count > 0:
                    bool independent = true;
                    foreach (Expr item in list.Items)
                    {
                        independent &= !Reads(item, slot, slots);
                    }

                    if (independent)
                    {
                        result.Add(new Sargable(column.Column, SargableKind.In, list.Items, true)
                        {
                            Collation = list.ComparisonCollation,
                            Conjunct = list,
                            EvaluationAffinity = list.Operand.Affinity,
                        });
                    }

                    break;
            }
        }

        return result;
    }

    // The affinity the comparison applies on a row (its operands' as written, wrappers included).
    private static Affinity? Exactness(ComparisonExpr comparison) =>
        AffinityRules.ForComparison(comparison.Left.Affinity, comparison.Right.Affinity);

    // The sargables on an index's expression keys: a term comparing the same expression (as the index stores it)
    // with a value, under the key column's ordinal (past the row id, so it meets no table column).
    private static List<Sargable> WithExpressionSargables(List<Sargable> sargables, int slot, IndexSchema index, Expr?[] keys, IReadOnlyList<Expr> conjuncts)
    {
        var result = new List<Sargable>(sargables);
        var slots = new HashSet<int>();
        for (int j = 0; j < keys.Length; j++)
        {
            if (keys[j] is not { } key)
            {
                continue;
            }

            int column = index.Columns[j].Ordinal;
            foreach (Expr conjunct in conjuncts)
            {
                switch (conjunct)
                {
                    case ComparisonExpr comparison when ExprEquivalence.Same(comparison.Left, key) && !Reads(comparison.Right, slot, slots):
                        AddComparison(result, column, comparison.Operator, comparison.Right, comparison, null);
                        break;
                    case ComparisonExpr comparison when ExprEquivalence.Same(comparison.Right, key) && !Reads(comparison.Left, slot, slots):
                        AddComparison(result, column, ComparisonExpr.Mirror(comparison.Operator), comparison.Left, comparison, null);
                        break;
                    case InListExpr { Negated: false } list when list.Items.Count > 0 && ExprEquivalence.Same(list.Operand, key):
                        bool independent = true;
                        foreach (Expr item in list.Items)
                        {
                            independent &= !Reads(item, slot, slots);
                        }

                        if (independent)
                        {
                            result.Add(new Sargable(column, SargableKind.In, list.Items, true) { Collation = list.ComparisonCollation });
                        }

                        break;
                }
            }
        }

        return result;
    }

    // exact: the affinity the conjunct compares with on a row, or null when a seek never reproduces it.
    private static void AddComparison(List<Sargable> result, int column, BinaryOperator comparison, Expr value, ComparisonExpr conjunct, Affinity? exact)
    {
        SargableKind? kind = comparison switch
        {
            BinaryOperator.Equal => SargableKind.Equal,
            BinaryOperator.Greater or BinaryOperator.GreaterOrEqual => SargableKind.Lower,
            BinaryOperator.Less or BinaryOperator.LessOrEqual => SargableKind.Upper,
            _ => null,
        };
        if (kind is { } k)
        {
            bool inclusive = comparison is BinaryOperator.GreaterOrEqual or BinaryOperator.LessOrEqual;
            result.Add(new Sargable(column, k, [value], inclusive)
            {
                Collation = conjunct.ComparisonCollation,
                Conjunct = exact is not null ? conjunct : null,
                EvaluationAffinity = exact ?? Affinity.None,
            });
        }
    }

    /// <summary>True when <paramref name="expression"/> reads the slot; <paramref name="scratch"/> is cleared and reused.</summary>
    internal static bool Reads(Expr expression, int slot, HashSet<int> scratch)
    {
        scratch.Clear();
        expression.CollectSlots(scratch);
        return scratch.Contains(slot);
    }

    private static IndexCandidate? Match(IndexSchema index, TableSchema table, List<Sargable> sargables, Expr?[]? keys)
    {
        var prefix = new List<IReadOnlyList<Expr>>();
        var implied = new List<Expr>();
        var conversions = new Affinity[index.Columns.Length];
        bool hasIn = false;
        for (int j = 0; j < index.Columns.Length; j++)
        {
            int ordinal = index.Columns[j].Ordinal;
            Affinity affinity = KeyAffinity(table, keys, index, j);
            Collation? collation = index.Columns[j].Collation;
            Sargable? equal = FindUsable(sargables, ordinal, SargableKind.Equal, affinity, collation, out Affinity conversion, out bool exact);
            if (equal is null && !hasIn)
            {
                equal = FindUsable(sargables, ordinal, SargableKind.In, affinity, collation, out conversion, out exact);
                hasIn |= equal is not null;
            }

            if (equal is null)
            {
                break;
            }

            prefix.Add(equal.Values);
            conversions[j] = conversion;

            // The key of a plain column holds the column's value under the term's collation and conversion: a
            // matching entry's row satisfies the term. An expression key holds what the expression gave on insert.
            if (exact && keys?[j] is null)
            {
                implied.Add(equal.Conjunct!);
            }
        }

        Sargable? low = null;
        Sargable? high = null;
        if (prefix.Count < index.Columns.Length)
        {
            int ordinal = index.Columns[prefix.Count].Ordinal;
            Affinity affinity = KeyAffinity(table, keys, index, prefix.Count);
            Collation? collation = index.Columns[prefix.Count].Collation;
            low = FindUsable(sargables, ordinal, SargableKind.Lower, affinity, collation, out Affinity lowConversion, out _);
            high = FindUsable(sargables, ordinal, SargableKind.Upper, affinity, collation, out Affinity highConversion, out _);
            conversions[prefix.Count] = low is not null ? lowConversion : highConversion;
        }

        if (prefix.Count == 0 && low is null && high is null)
        {
            return null;
        }

        int score = prefix.Count * 100 + (low is not null ? 8 : 0) + (high is not null ? 8 : 0) - (hasIn ? 50 : 0);
        if (index.IsUnique && prefix.Count == index.Columns.Length && !hasIn)
        {
            score += 500;
        }

        if (prefix.Count == 0)
        {
            score = low is not null && high is not null ? 45 : 40;
        }

        return new IndexCandidate(index, prefix, conversions, low, high, hasIn, score) { ImpliedTerms = implied };
    }

    // The affinity the j-th key's stored values carry: its column's, or its expression's (none for most).
    private static Affinity KeyAffinity(TableSchema table, Expr?[]? keys, IndexSchema index, int j) =>
        keys?[j] is { } key ? key.Affinity : table.Columns[index.Columns[j].Ordinal].Affinity;

    // exact: the seek converts every value as the conjunct does on a row (SQLite's rule for dropping the term).
    private static Sargable? FindUsable(List<Sargable> sargables, int column, SargableKind kind, Affinity affinity, Collation? collation, out Affinity conversion, out bool exact)
    {
        conversion = Affinity.None;
        exact = false;
        foreach (Sargable sargable in sargables)
        {
            // The index is in its key collation's order: it serves only comparisons under that collation (SQLite's rule).
            if (sargable.Column != column || sargable.Kind != kind || !Collation.Same(sargable.Collation, collation))
            {
                continue;
            }

            // The seek converts every value of a key column one way: an IN list whose items the comparison would
            // convert differently (1 and CAST('a' AS TEXT) against a TEXT column) is not served.
            bool usable = true;
            bool same = sargable.Conjunct is not null;
            Affinity evaluated = ConversionOf(sargable.EvaluationAffinity);
            Affinity? first = null;
            foreach (Expr value in sargable.Values)
            {
                usable &= CanSeek(affinity, value.Affinity, out conversion) && (first ??= conversion) == conversion;
                same &= conversion == evaluated;
            }

            if (usable)
            {
                exact = same;
                return sargable;
            }
        }

        return null;
    }

    // The conversion a comparison under this affinity applies to its values (Comparison.Compare's cases).
    private static Affinity ConversionOf(Affinity comparison) =>
        comparison == Affinity.Decimal ? Affinity.Decimal
            : comparison >= Affinity.Numeric ? Affinity.Numeric : comparison == Affinity.Text ? Affinity.Text : Affinity.None;

    private static bool IsRowIdOrder(TableSchema table, OrderRequest order, out bool descending)
    {
        descending = order.Descending[0];
        return order.Columns.Count == 1 && IsRowId(table, order.Columns[0]);
    }

    // True when reading the index after its equality prefix yields rows in the requested order (or its reverse).
    private static bool IndexDelivers(IndexSchema index, Expr?[]? keys, int prefixLength, OrderRequest order, out bool descending)
    {
        descending = false;
        int position = prefixLength;
        bool? reversed = null;
        for (int k = 0; k < order.Columns.Count; k++)
        {
            int column = order.Columns[k];

            // An ORDER BY column pinned by the equality prefix is constant: it orders nothing.
            bool pinned = false;
            for (int p = 0; p < prefixLength; p++)
            {
                pinned |= index.Columns[p].Ordinal == column;
            }

            if (pinned)
            {
                continue;
            }

            if (position >= index.Columns.Length || !SameKey(index, keys, position, column, order, k)
                || !Collation.Same(order.Collations?[k], index.Columns[position].Collation))
            {
                return false;
            }

            bool flip = order.Descending[k] != index.Columns[position].Descending;
            if (reversed is { } r && r != flip)
            {
                return false;
            }

            reversed = flip;
            position++;
        }

        descending = reversed ?? false;
        return true;
    }

    // The k-th ORDER BY term is the key at position: the same column, or the same expression as the index stores.
    private static bool SameKey(IndexSchema index, Expr?[]? keys, int position, int column, OrderRequest order, int k) =>
        keys?[position] is { } key
            ? order.Expressions?[k] is { } expression && ExprEquivalence.Same(expression, key)
            : column >= 0 && index.Columns[position].Ordinal == column;

    private sealed record IndexCandidate(
        IndexSchema Index,
        List<IReadOnlyList<Expr>> Prefix,
        Affinity[] Conversions,
        Sargable? Low,
        Sargable? High,
        bool HasInList,
        int Score)
    {
        /// <summary>The equality and IN conjuncts of the prefix the seek reproduces exactly.</summary>
        public List<Expr> ImpliedTerms { get; init; } = [];

        // Copied: the planner removes them from its own list of conjuncts.
        public IReadOnlyList<Expr> Implied() => [.. ImpliedTerms];

        public IndexScanOperator Build(TableRowDecoder decoder, int slot, bool descending, bool covering, bool[]? unreadKeys = null) => new(
            Index,
            decoder,
            slot,
            Prefix,
            Conversions,
            Low?.Values[0],
            Low?.Inclusive ?? false,
            High?.Values[0],
            High?.Inclusive ?? false,
            descending,
            covering)
        {
            UnreadKeys = covering ? unreadKeys : null,
        };
    }
}
