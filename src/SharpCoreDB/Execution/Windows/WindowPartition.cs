using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Windows;

/// <summary>
/// One partition of sorted rows, as window functions see it: positions 0..<see cref="Count"/>-1 in window order,
/// the peer groups (rows equal in every ORDER BY key), and the frame bounds of each position. One instance is
/// reused for every partition; its arrays grow to the largest partition and are not reallocated per partition.
/// </summary>
internal sealed class WindowPartition
{
    private List<SqlValue[]> _rows = [];
    private int[] _order = [];
    private int _start;
    private int[] _group = new int[16];
    private int[] _groupStart = new int[16];
    private int[] _groupEnd = new int[16];

    /// <summary>The number of rows.</summary>
    public int Count { get; private set; }

    /// <summary>The number of peer groups.</summary>
    public int GroupCount { get; private set; }

    /// <summary>Points the partition at sorted rows and finds its peer groups.</summary>
    /// <param name="rows">The materialized rows.</param>
    /// <param name="order">Row indices in window order.</param>
    /// <param name="start">The partition's first position in <paramref name="order"/>.</param>
    /// <param name="count">The partition's number of rows.</param>
    /// <param name="orderKeys">The window's ORDER BY keys over row columns (none: every row is a peer).</param>
    public void Load(List<SqlValue[]> rows, int[] order, int start, int count, ReadOnlySpan<SortKey> orderKeys)
    {
        _rows = rows;
        _order = order;
        _start = start;
        Count = count;
        if (_group.Length < count)
        {
            int size = Math.Max(count, _group.Length * 2);
            _group = new int[size];
            _groupStart = new int[size];
            _groupEnd = new int[size];
        }

        int groups = 0;
        for (int k = 0; k < count; k++)
        {
            if (k == 0 || SortKey.Compare(orderKeys, Row(k - 1), Row(k)) != 0)
            {
                if (groups > 0)
                {
                    _groupEnd[groups - 1] = k;
                }

                _groupStart[groups++] = k;
            }

            _group[k] = groups - 1;
        }

        if (groups > 0)
        {
            _groupEnd[groups - 1] = count;
        }

        GroupCount = groups;
    }

    /// <summary>The row at a position.</summary>
    /// <param name="position">The position in window order.</param>
    /// <returns>The row.</returns>
    public SqlValue[] Row(int position) => _rows[_order[_start + position]];

    /// <summary>The peer group of a position.</summary>
    /// <param name="position">The position.</param>
    /// <returns>The group number, from 0.</returns>
    public int GroupOf(int position) => _group[position];

    /// <summary>The first position of a peer group.</summary>
    /// <param name="group">The group number.</param>
    /// <returns>The position.</returns>
    public int GroupStart(int group) => _groupStart[group];

    /// <summary>The position after a peer group's last.</summary>
    /// <param name="group">The group number.</param>
    /// <returns>The position.</returns>
    public int GroupEnd(int group) => _groupEnd[group];

    /// <summary>Whether EXCLUDE takes a position out of another position's frame.</summary>
    /// <param name="exclude">The EXCLUDE clause.</param>
    /// <param name="current">The current row's position.</param>
    /// <param name="candidate">A position in its frame.</param>
    /// <returns>True when the candidate is excluded.</returns>
    public bool Excluded(FrameExclude exclude, int current, int candidate) => exclude switch
    {
        FrameExclude.CurrentRow => candidate == current,
        FrameExclude.Group => _group[candidate] == _group[current],
        FrameExclude.Ties => candidate != current && _group[candidate] == _group[current],
        _ => false,
    };

    /// <summary>
    /// A frame bound of a position: the first position in the frame (a start) or the one after its last (an end).
    /// The result is clamped to the partition, so an end before its start means an empty frame.
    /// </summary>
    /// <param name="unit">ROWS, RANGE or GROUPS.</param>
    /// <param name="kind">The bound.</param>
    /// <param name="offset">The bound's offset (an INTEGER for ROWS and GROUPS, a number for RANGE).</param>
    /// <param name="position">The current row's position.</param>
    /// <param name="isEnd">True for the frame's end.</param>
    /// <param name="rangeKey">The single ORDER BY key that RANGE offsets apply to.</param>
    /// <returns>The position.</returns>
    public int Bound(FrameUnit unit, FrameBoundKind kind, in SqlValue offset, int position, bool isEnd, SortKey rangeKey)
    {
        switch (kind)
        {
            case FrameBoundKind.UnboundedPreceding:
                return 0;
            case FrameBoundKind.UnboundedFollowing:
                return Count;
            case FrameBoundKind.CurrentRow:
                if (unit == FrameUnit.Rows)
                {
                    return isEnd ? position + 1 : position;
                }

                return isEnd ? _groupEnd[_group[position]] : _groupStart[_group[position]];
        }

        bool preceding = kind == FrameBoundKind.Preceding;
        if (unit == FrameUnit.Range)
        {
            return RangeBound(offset, position, preceding, isEnd, rangeKey);
        }

        // Offsets beyond the partition only need to reach past it: capping keeps the arithmetic in range.
        long steps = Math.Min(offset.AsInt64(), int.MaxValue);
        if (unit == FrameUnit.Rows)
        {
            long target = (preceding ? position - steps : position + steps) + (isEnd ? 1 : 0);
            return (int)Math.Clamp(target, 0, Count);
        }

        long group = preceding ? _group[position] - steps : _group[position] + steps;
        if (group < 0)
        {
            return 0;
        }

        if (group >= GroupCount)
        {
            return Count;
        }

        return isEnd ? _groupEnd[group] : _groupStart[group];
    }

    // RANGE n PRECEDING/FOLLOWING: the rows whose ORDER BY value is within n of the current row's, found by binary
    // search in the sorted partition. A NULL or non-numeric current value has no distance to others: its peers
    // bound the frame, as in SQLite.
    private int RangeBound(in SqlValue offset, int position, bool preceding, bool isEnd, SortKey key)
    {
        SqlValue value = Row(position)[key.Column];
        if (!value.IsNumeric)
        {
            return isEnd ? _groupEnd[_group[position]] : _groupStart[_group[position]];
        }

        // "Preceding" rows come before in window order: smaller values ascending, larger ones descending. As in
        // SQLite, a PRECEDING bound shifts each candidate row's value toward the current row and compares it with the
        // current value, and a FOLLOWING bound shifts the current value: where the sum rounds (near 2^63) the row
        // itself then stays in its own frame.
        SqlValue target = preceding ? value : Shift(value, offset, subtract: key.Descending);
        int low = 0;
        int high = Count;
        while (low < high)
        {
            int middle = low + ((high - low) / 2);
            SqlValue candidate = Row(middle)[key.Column];
            if (preceding && candidate.IsNumeric)
            {
                candidate = Shift(candidate, offset, subtract: key.Descending);
            }

            int relative = Relative(candidate, target, key);
            if (isEnd ? relative > 0 : relative >= 0)
            {
                high = middle;
            }
            else
            {
                low = middle + 1;
            }
        }

        // As in SQLite, a PRECEDING start never passes the current row's peers and a FOLLOWING end never stops
        // before them, even where the shifted value rounds past the current one (near ±2^63).
        int group = _group[position];
        return preceding && !isEnd ? Math.Min(low, _groupStart[group])
            : !preceding && isEnd ? Math.Max(low, _groupEnd[group])
            : low;
    }

    // Where a value lies relative to the target in window order (negative: before it).
    private static int Relative(in SqlValue value, in SqlValue target, SortKey key)
    {
        if (value.IsNull)
        {
            return key.NullsFirst ? -1 : 1;
        }

        int order = SqlValueComparer.CompareValues(value, target);
        return key.Descending ? -order : order;
    }

    private static SqlValue Shift(in SqlValue value, in SqlValue offset, bool subtract)
    {
        if (value.StorageClass == SqlStorageClass.Integer && offset.StorageClass == SqlStorageClass.Integer)
        {
            long a = value.AsInt64();
            long b = offset.AsInt64();
            long result = subtract ? a - b : a + b;
            bool overflow = subtract ? ((a ^ b) & (a ^ result)) < 0 : ((a ^ result) & (b ^ result)) < 0;
            if (!overflow)
            {
                return SqlValue.FromInt64(result);
            }
        }

        double x = value.AsDouble();
        double y = offset.AsDouble();
        return SqlValue.FromDouble(subtract ? x - y : x + y);
    }
}
