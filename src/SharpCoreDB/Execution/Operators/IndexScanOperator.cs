using System.Buffers;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Reads rows through an index: an equality prefix (each leading key column equal to one value, or to one of an
/// IN list's values), then optionally a range on the next key column; each index entry's row id is looked up in
/// the table (by the row id, or by the key of a WITHOUT ROWID row). Entries come in index order (or reverse), one
/// key prefix after another in key order. On the clustered PRIMARY KEY of a WITHOUT ROWID table the entries are the
/// rows themselves.
/// </summary>
/// <remarks>
/// The range is a superset filter: NULLs and boundary subtleties are left to the residual WHERE predicates,
/// which the planner always keeps. Key bytes compare with memcmp, and each encoded component is prefix-free, so
/// comparing the first bytes of an entry with an encoded bound decides the component's order.
/// </remarks>
internal sealed class IndexScanOperator : Operator
{
    // Sorts above every continuation of a key prefix: a component starts at most with 0xFA, and the row id
    // (8 bytes) is followed by a type suffix whose bytes are at most 0xAA.
    private static readonly byte[] s_sentinel = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];

    private readonly IndexSchema _index;
    private readonly TableRowDecoder _decoder;
    private readonly int _slot;
    private readonly IReadOnlyList<IReadOnlyList<Expr>> _prefix;
    private readonly Affinity[] _conversions;
    private readonly Expr? _low;
    private readonly bool _lowInclusive;
    private readonly Expr? _high;
    private readonly bool _highInclusive;
    private readonly bool _descending;
    private readonly bool _covering;
    private readonly SqlValue[] _keyValues;
    private readonly ArrayBufferWriter<byte> _writer = new(64);
    private readonly byte[] _rowKey = new byte[KeyEncoder.RowIdSize];

    // The encoded key prefixes and range bounds of one execution, in arrays kept from earlier executions (a cached
    // plan runs again and again: a point lookup builds no key array of its own).
    private readonly List<ArraySegment<byte>> _prefixes = [];
    private readonly List<byte[]> _keyStore = [];
    private int _keyStoreUsed;
    private CollatedKeyComparer? _order;
    private BTreeCursor? _indexCursor;
    private BTreeCursor? _tableCursor;
    private ArraySegment<byte> _keyLow;
    private ArraySegment<byte> _keyHigh;
    private bool _keyLowInclusive;
    private bool _keyHighInclusive;
    private int _prefixIndex;
    private bool _inPrefix;

    /// <summary>Creates the operator.</summary>
    /// <param name="index">The index.</param>
    /// <param name="decoder">Decodes rows of the indexed table.</param>
    /// <param name="slot">The table's slot.</param>
    /// <param name="prefix">Per leading key column, the values it may equal (one for =, several for IN).</param>
    /// <param name="conversions">Per key column used (prefix, then range), the affinity applied to seek values.</param>
    /// <param name="low">The range's lower bound on the next key column, or null.</param>
    /// <param name="lowInclusive">True for &gt;=.</param>
    /// <param name="high">The range's upper bound, or null.</param>
    /// <param name="highInclusive">True for &lt;=.</param>
    /// <param name="descending">True to read in reverse index order.</param>
    /// <param name="covering">True when the index holds every column the statement reads: rows come from the keys alone.</param>
    public IndexScanOperator(
        IndexSchema index,
        TableRowDecoder decoder,
        int slot,
        IReadOnlyList<IReadOnlyList<Expr>> prefix,
        Affinity[] conversions,
        Expr? low,
        bool lowInclusive,
        Expr? high,
        bool highInclusive,
        bool descending,
        bool covering)
    {
        _index = index;
        _decoder = decoder;
        _slot = slot;
        _prefix = prefix;
        _conversions = conversions;
        _low = low;
        _lowInclusive = lowInclusive;
        _high = high;
        _highInclusive = highInclusive;
        _descending = descending;
        _covering = covering;
        _keyValues = new SqlValue[index.Columns.Length];
    }

    /// <summary>The index used.</summary>
    public IndexSchema Index => _index;

    /// <summary>
    /// For a covering scan, per key column: true when nothing in the statement reads it (only terms the seek made
    /// redundant did). Such a key is not decoded (a NOCASE key holds folded text, not the value) and reads as NULL.
    /// </summary>
    public bool[]? UnreadKeys { get; init; }

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _prefixes.Clear();
        _keyStoreUsed = 0;
        _prefixIndex = 0;
        _inPrefix = false;
        BTree indexTree = context.Transaction.Tree(_index.RootPage);
        _order = indexTree.Comparer as CollatedKeyComparer;
        BuildPrefixes(context, 0, default);
        if (_prefixes.Count > 1)
        {
            SortPrefixes();
        }

        if (!BuildRange(context))
        {
            _prefixes.Clear();
        }

        if (_descending)
        {
            _prefixes.Reverse();
        }

        // Rented and handed back in Close: a plan run once per row (a foreign-key cascade) reuses the trees' cursors.
        // A covering scan never reads the table: no tree object or cursor for it.
        _indexCursor = indexTree.RentCursor();
        _tableCursor = _index.IsClustered || _covering ? null : context.Transaction.Tree(_decoder.Table.RootPage).RentCursor();
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        BTreeCursor cursor = _indexCursor!;
        while (_prefixIndex < _prefixes.Count)
        {
            ArraySegment<byte> prefix = _prefixes[_prefixIndex];
            bool positioned = _inPrefix ? (_descending ? cursor.MovePrevious() : cursor.MoveNext()) : Start(cursor, prefix);
            _inPrefix = true;
            if (positioned && InRange(cursor.Key, prefix))
            {
                context.CheckCancellation();
                if (_index.IsClustered)
                {
                    _decoder.Decode(cursor, context.Slots[_slot]);
                    return true;
                }

                ReadOnlySpan<byte> key = cursor.Key;
                if (_decoder.Table.WithoutRowId)
                {
                    return ReadByKey(key, context.Slots[_slot]);
                }

                long rowId = IndexKeys.RowIdOf(_index, key);
                if (_covering)
                {
                    ReadKey(key, rowId, context.Slots[_slot]);
                    return true;
                }

                KeyEncoder.WriteRowId(rowId, _rowKey);
                if (!_tableCursor!.SeekExact(_rowKey))
                {
                    throw ExecutionErrors.IndexRowMissing(_index.Name, KeyEncoder.ReadRowId(_rowKey), _decoder.Table.Name);
                }

                _decoder.Decode(_tableCursor, context.Slots[_slot]);
                return true;
            }

            _prefixIndex++;
            _inPrefix = false;
        }

        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _indexCursor?.Return();
        _indexCursor = null;
        _tableCursor?.Return();
        _tableCursor = null;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder(_low is null && _high is null ? "IndexSeek " : "IndexRange ");
        builder.Append(_decoder.Table.Name).Append(" USING INDEX ").Append(_index.Name).Append(" (");
        TableSchema table = _decoder.Table;
        for (int i = 0; i < _prefix.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(" AND ");
            }

            builder.Append(KeyName(table, i));
            IReadOnlyList<Expr> values = _prefix[i];
            if (values.Count == 1)
            {
                builder.Append(" = ");
                values[0].Format(builder);
            }
            else
            {
                builder.Append(" IN (");
                for (int j = 0; j < values.Count; j++)
                {
                    if (j > 0)
                    {
                        builder.Append(", ");
                    }

                    values[j].Format(builder);
                }

                builder.Append(')');
            }
        }

        if (_low is not null || _high is not null)
        {
            string column = KeyName(table, _prefix.Count);
            if (_prefix.Count > 0)
            {
                builder.Append(" AND ");
            }

            if (_low is not null)
            {
                builder.Append(column).Append(_lowInclusive ? " >= " : " > ");
                _low.Format(builder);
            }

            if (_high is not null)
            {
                builder.Append(_low is null ? string.Empty : " AND ").Append(column).Append(_highInclusive ? " <= " : " < ");
                _high.Format(builder);
            }
        }

        builder.Append(')');
        if (_descending)
        {
            builder.Append(" DESC");
        }

        if (_covering)
        {
            builder.Append(" COVERING");
        }

        return builder.ToString();
    }

    // A key column's name for EXPLAIN: the column's, or the expression as written.
    private string KeyName(TableSchema table, int key) =>
        _index.Columns[key].Expression is { } expression ? Sql.Ast.SqlFormatter.Format(expression) : table.Columns[_index.Columns[key].Ordinal].Name;

    // A row of a WITHOUT ROWID table through a secondary index: from the entry alone when it covers, else from the
    // table tree at the key the entry ends with.
    private bool ReadByKey(ReadOnlySpan<byte> key, SqlValue[] row)
    {
        if (_covering)
        {
            ReadKey(key, 0, row);
            return true;
        }

        if (!_tableCursor!.SeekExact(IndexKeys.LocatorOf(_index, key, withoutRowId: true)))
        {
            throw ExecutionErrors.IndexRowMissing(_index.Name, _decoder.Table.Name);
        }

        _decoder.Decode(_tableCursor, row);
        return true;
    }

    // An index-only row: the key columns from the key, the row id (and its alias) from its end.
    private void ReadKey(ReadOnlySpan<byte> key, long rowId, SqlValue[] row)
    {
        bool[]? unread = UnreadKeys;
        bool decode = unread is null || Array.IndexOf(unread, false) >= 0;
        if (decode)
        {
            IndexKeys.Decode(_index, key, _keyValues);
        }

        TableSchema table = _decoder.Table;
        for (int i = 0; i < _keyValues.Length; i++)
        {
            int ordinal = _index.Columns[i].Ordinal;
            if (unread is not null && unread[i])
            {
                row[ordinal] = SqlValue.Null;
                continue;
            }

            SqlValue value = _keyValues[i];
            SqlDeclaredType declared = table.Columns[ordinal].DeclaredType;
            row[ordinal] = declared == SqlDeclaredType.None || value.IsNull ? value : value.WithDeclaredType(declared);
        }

        if (table.RowIdAlias >= 0)
        {
            row[table.RowIdAlias] = SqlValue.FromInt64(rowId);
        }

        row[table.RowIdSlot] = table.WithoutRowId ? SqlValue.Null : SqlValue.FromInt64(rowId);
    }

    // Builds every combination of the prefix columns' values as encoded key prefixes; a NULL matches nothing.
    private void BuildPrefixes(ExecutionContext context, int column, ArraySegment<byte> soFar)
    {
        if (column == _prefix.Count)
        {
            _prefixes.Add(soFar);
            return;
        }

        bool descending = _index.Columns[column].Descending;

        // Indexed, not foreach: the list is an interface, and its enumerator would be boxed on every execution.
        IReadOnlyList<Expr> values = _prefix[column];
        for (int i = 0; i < values.Count; i++)
        {
            SqlValue value = values[i].Evaluate(context);
            if (value.IsNull)
            {
                continue;
            }

            _writer.ResetWrittenCount();
            _writer.Write(soFar.AsSpan());
            KeyEncoder.EncodeValue(SeekValues.ForColumn(value, _conversions[column]), descending, _writer, _index.Columns[column].Collation);
            BuildPrefixes(context, column + 1, Keep(_writer.WrittenSpan));
        }
    }

    // A copy of encoded key bytes that lives until the next Open, in a store array kept from earlier executions.
    private ArraySegment<byte> Keep(ReadOnlySpan<byte> bytes)
    {
        if (_keyStoreUsed == _keyStore.Count)
        {
            _keyStore.Add(new byte[Math.Max(64, bytes.Length)]);
        }
        else if (_keyStore[_keyStoreUsed].Length < bytes.Length)
        {
            _keyStore[_keyStoreUsed] = new byte[Math.Max(bytes.Length, 2 * _keyStore[_keyStoreUsed].Length)];
        }

        byte[] array = _keyStore[_keyStoreUsed++];
        bytes.CopyTo(array);
        return new ArraySegment<byte>(array, 0, bytes.Length);
    }

    // Encodes the range bounds of the column after the prefix into key space; false when the range is empty (NULL bound).
    private bool BuildRange(ExecutionContext context)
    {
        _keyLow = default;
        _keyHigh = default;
        if (_low is null && _high is null)
        {
            return true;
        }

        int column = _prefix.Count;
        bool descending = _index.Columns[column].Descending;
        ArraySegment<byte> lowBytes = default;
        ArraySegment<byte> highBytes = default;
        if (_low is not null)
        {
            SqlValue low = _low.Evaluate(context);
            if (low.IsNull)
            {
                return false;
            }

            lowBytes = Encode(SeekValues.ForColumn(low, _conversions[column]), descending, _index.Columns[column].Collation);
        }

        if (_high is not null)
        {
            SqlValue high = _high.Evaluate(context);
            if (high.IsNull)
            {
                return false;
            }

            highBytes = Encode(SeekValues.ForColumn(high, _conversions[column]), descending, _index.Columns[column].Collation);
        }

        // A descending column stores inverted bytes: the smallest value has the largest key.
        if (descending)
        {
            _keyLow = highBytes;
            _keyLowInclusive = _highInclusive;
            _keyHigh = lowBytes;
            _keyHighInclusive = _lowInclusive;
        }
        else
        {
            _keyLow = lowBytes;
            _keyLowInclusive = _lowInclusive;
            _keyHigh = highBytes;
            _keyHighInclusive = _highInclusive;
        }

        return true;
    }

    private ArraySegment<byte> Encode(in SqlValue value, bool descending, Collation? collation)
    {
        _writer.ResetWrittenCount();
        KeyEncoder.EncodeValue(value, descending, _writer, collation);
        return Keep(_writer.WrittenSpan);
    }

    private bool Start(BTreeCursor cursor, ArraySegment<byte> prefix)
    {
        _writer.ResetWrittenCount();
        _writer.Write(prefix.AsSpan());
        if (!_descending)
        {
            if (_keyLow.Array is not null)
            {
                _writer.Write(_keyLow.AsSpan());
                if (!_keyLowInclusive)
                {
                    _writer.Write(s_sentinel);
                }
            }

            return cursor.Seek(_writer.WrittenSpan, BTreeSeek.GreaterOrEqual);
        }

        if (_keyHigh.Array is not null)
        {
            _writer.Write(_keyHigh.AsSpan());
            if (!_keyHighInclusive)
            {
                return cursor.Seek(_writer.WrittenSpan, BTreeSeek.Less);
            }
        }

        _writer.Write(s_sentinel);
        return cursor.Seek(_writer.WrittenSpan, BTreeSeek.LessOrEqual);
    }

    // In key order, without repeats: equal under the index's collations counts as repeated (`IN ('a', 'A')` under a
    // case-blind collation reads each entry once).
    private void SortPrefixes()
    {
        if (_order is { } order)
        {
            int count = _prefix.Count;
            _prefixes.Sort((a, b) => order.CompareColumns(a, b, count));
        }
        else
        {
            _prefixes.Sort(static (a, b) => a.AsSpan().SequenceCompareTo(b.AsSpan()));
        }

        for (int i = _prefixes.Count - 1; i > 0; i--)
        {
            bool repeated = _order is null
                ? _prefixes[i].AsSpan().SequenceEqual(_prefixes[i - 1].AsSpan())
                : _order.CompareColumns(_prefixes[i], _prefixes[i - 1], _prefix.Count) == 0;
            if (repeated)
            {
                _prefixes.RemoveAt(i);
            }
        }
    }

    private bool InRange(ReadOnlySpan<byte> key, ArraySegment<byte> prefix)
    {
        if (_order is not null)
        {
            return InCollatedRange(_order, key, prefix);
        }

        if (!key.StartsWith(prefix.AsSpan()))
        {
            return false;
        }

        ReadOnlySpan<byte> rest = key[prefix.Count..];
        if (!_descending && _keyHigh.Array is not null)
        {
            int order = rest[..Math.Min(rest.Length, _keyHigh.Count)].SequenceCompareTo(_keyHigh.AsSpan());
            return order < 0 || (order == 0 && _keyHighInclusive);
        }

        if (_descending && _keyLow.Array is not null)
        {
            int order = rest[..Math.Min(rest.Length, _keyLow.Count)].SequenceCompareTo(_keyLow.AsSpan());
            return order > 0 || (order == 0 && _keyLowInclusive);
        }

        return true;
    }

    // InRange for an index ordered by a comparer: the prefix and the bound compare under the index's collations, as
    // the tree ordered the entries, not by bytes (equal text may be spelled otherwise).
    private bool InCollatedRange(CollatedKeyComparer order, ReadOnlySpan<byte> key, ArraySegment<byte> prefix)
    {
        int count = _prefix.Count;
        if (order.CompareColumns(key, prefix, count) != 0)
        {
            return false;
        }

        ArraySegment<byte> bound = _descending ? _keyLow : _keyHigh;
        if (bound.Array is null)
        {
            return true;
        }

        int c = order.CompareColumn(key[KeyEncoder.GetPrefixLength(key, count)..], bound, count);
        return _descending
            ? c > 0 || (c == 0 && _keyLowInclusive)
            : c < 0 || (c == 0 && _keyHighInclusive);
    }
}
