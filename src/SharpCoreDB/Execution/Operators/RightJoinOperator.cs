using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// RIGHT and FULL [OUTER] JOIN. On open it reads the right input once into a flat buffer (one array, rows side by
/// side) and, when the ON has an equality with a right-side column, chains the rows by hash key; then for each left
/// row it replays the candidate rows into the right slot and passes on those for which the ON is true, marking them
/// in a bitmap over the buffer. A FULL join passes a left row that matched nothing with the right slot NULL. When
/// the left input is done, the rows the bitmap never marked follow with every left slot NULL.
/// </summary>
/// <remarks>
/// The keys compare under the equality's collation. The buffer, chains, bitmap and hash table are kept between opens and only grow, so a join reopened per row of an
/// enclosing query allocates nothing once warm. The full ON runs on every candidate, so the hash only narrows the
/// rows tried (NULL keys never match, as <c>=</c> never does).
/// </remarks>
internal sealed class RightJoinOperator : Operator
{
    private readonly Operator _left;
    private readonly Operator _right;
    private readonly int _rightSlot;
    private readonly int[] _leftSlots;
    private readonly Expr? _on;
    private readonly RightJoinKey? _key;
    private readonly bool _full;
    private readonly IDictionary<SqlValue, int> _heads;
    private SqlValue[] _rows = [];
    private int[] _chain = [];
    private ulong[] _matched = [];
    private int _count;
    private int _width;
    private bool _leftValid;
    private bool _leftDone;
    private bool _leftMatched;
    private int _candidate;

    /// <summary>Creates the operator.</summary>
    /// <param name="left">The left operand: the join of every earlier FROM item.</param>
    /// <param name="right">Reads the right item's rows into <paramref name="rightSlot"/>.</param>
    /// <param name="rightSlot">The right item's slot.</param>
    /// <param name="leftSlots">The slots of the left operand, NULLed for a right row no left row matched.</param>
    /// <param name="on">The ON condition, or null for none.</param>
    /// <param name="key">An equality of the ON to hash the right rows by, or null to try every row.</param>
    /// <param name="full">True for FULL JOIN (unmatched left rows are kept too).</param>
    public RightJoinOperator(Operator left, Operator right, int rightSlot, int[] leftSlots, Expr? on, RightJoinKey? key, bool full)
    {
        _left = left;
        _right = right;
        _rightSlot = rightSlot;
        _leftSlots = leftSlots;
        _on = on;
        _key = key;
        _full = full;

        // Keyed under the equality's collation (an ordered map for a user one, which has no consistent hash).
        _heads = SqlValueComparer.For(key?.Collation).NewMap<int>();
    }

    /// <inheritdoc />
    public override IReadOnlyList<Operator> Inputs => [_left, _right];

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => _on is null ? [] : [_on];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Build(context);
        _left.Open(context);
        _leftValid = false;
        _leftDone = false;
        _candidate = 0;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        SqlValue[] right = context.Slots[_rightSlot];
        while (!_leftDone)
        {
            context.CheckCancellation();
            if (!_leftValid)
            {
                if (!_left.Next(context))
                {
                    _leftDone = true;
                    _candidate = 0;
                    break;
                }

                _leftValid = true;
                _leftMatched = false;
                _candidate = FirstCandidate(context);
            }

            while (_candidate >= 0 && _candidate < _count)
            {
                context.CheckCancellation();
                int row = _candidate;
                _candidate = _key is null ? row + 1 : _chain[row];
                Array.Copy(_rows, row * _width, right, 0, _width);
                if (_on is null || _on.EvaluateTruth(context) == true)
                {
                    _matched[row >> 6] |= 1UL << (row & 63);
                    _leftMatched = true;
                    return true;
                }
            }

            _leftValid = false;
            if (_full && !_leftMatched)
            {
                Array.Fill(right, SqlValue.Null);
                return true;
            }
        }

        // The right rows no left row matched, with the left operand NULL-extended.
        while (_candidate < _count)
        {
            context.CheckCancellation();
            int row = _candidate++;
            if ((_matched[row >> 6] & (1UL << (row & 63))) != 0)
            {
                continue;
            }

            Array.Copy(_rows, row * _width, right, 0, _width);
            foreach (int slot in _leftSlots)
            {
                Array.Fill(context.Slots[slot], SqlValue.Null);
            }

            return true;
        }

        return false;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder(_full ? "FullJoin" : "RightJoin");
        if (_key is not null)
        {
            builder.Append(" hash #").Append(_key.Column + 1).Append(" = ");
            _key.Probe.Format(builder);
            if (_key.Collation is { } collation)
            {
                builder.Append(" COLLATE ").Append(collation.Name);
            }
        }

        return builder.ToString();
    }

    // The first right row to try for the current left row: the head of its key's chain, or row 0 without a key
    // (-1: none).
    private int FirstCandidate(ExecutionContext context)
    {
        if (_key is null)
        {
            return 0;
        }

        SqlValue probe = _key.Probe.Evaluate(context);
        return !probe.IsNull && _heads.TryGetValue(EqualityKey.Normalize(probe, _key.Affinity), out int head) ? head : -1;
    }

    private void Build(ExecutionContext context)
    {
        SqlValue[] slot = context.Slots[_rightSlot];
        _width = slot.Length;
        _count = 0;
        _heads.Clear();
        _right.Open(context);
        try
        {
            while (_right.Next(context))
            {
                context.CheckCancellation();
                if ((_count + 1) * _width > _rows.Length)
                {
                    Array.Resize(ref _rows, Math.Max(16 * _width, _rows.Length * 2));
                }

                Array.Copy(slot, 0, _rows, _count * _width, _width);
                _count++;
            }
        }
        finally
        {
            _right.Close(context);
        }

        int words = (_count + 63) >> 6;
        if (_matched.Length < words)
        {
            _matched = new ulong[Math.Max(words, _matched.Length * 2)];
        }

        Array.Clear(_matched, 0, words);
        if (_key is null)
        {
            return;
        }

        if (_chain.Length < _count)
        {
            _chain = new int[Math.Max(_count, _chain.Length * 2)];
        }

        // Chained from the last row to the first, so each chain lists its rows in input order.
        for (int row = _count - 1; row >= 0; row--)
        {
            SqlValue key = _rows[(row * _width) + _key.Column];
            if (key.IsNull)
            {
                _chain[row] = -1;
                continue;
            }

            key = EqualityKey.Normalize(key, _key.Affinity);
            _chain[row] = _heads.TryGetValue(key, out int next) ? next : -1;
            _heads[key] = row;
        }
    }
}
