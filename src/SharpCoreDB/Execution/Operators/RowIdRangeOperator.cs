using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Reads the rows whose row id lies in a range, ascending or descending.</summary>
internal sealed class RowIdRangeOperator : Operator
{
    private readonly TableRowDecoder _decoder;
    private readonly int _slot;
    private readonly Expr? _low;
    private readonly bool _lowInclusive;
    private readonly Expr? _high;
    private readonly bool _highInclusive;
    private readonly bool _descending;
    private readonly byte[] _key = new byte[KeyEncoder.RowIdSize];

    // The row id the scan ends at, encoded: the cursor reads no leaf ahead past it.
    private readonly byte[] _end = new byte[KeyEncoder.RowIdSize];
    private BTreeCursor? _cursor;
    private long _first;
    private long _last;
    private bool _empty;
    private bool _started;

    /// <summary>Creates the operator.</summary>
    /// <param name="decoder">Decodes rows of the table.</param>
    /// <param name="slot">The table's slot.</param>
    /// <param name="low">The lower bound, or null.</param>
    /// <param name="lowInclusive">True for &gt;=.</param>
    /// <param name="high">The upper bound, or null.</param>
    /// <param name="highInclusive">True for &lt;=.</param>
    /// <param name="descending">True to read from the top of the range down.</param>
    public RowIdRangeOperator(TableRowDecoder decoder, int slot, Expr? low, bool lowInclusive, Expr? high, bool highInclusive, bool descending)
    {
        _decoder = decoder;
        _slot = slot;
        _low = low;
        _lowInclusive = lowInclusive;
        _high = high;
        _highInclusive = highInclusive;
        _descending = descending;
    }

    /// <summary>The decoder (BLOB lending is switched on through it, see <see cref="BlobLending"/>).</summary>
    public TableRowDecoder Decoder => _decoder;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _first = long.MinValue;
        _last = long.MaxValue;
        _empty = false;
        _started = false;
        if (_low is not null)
        {
            SqlValue low = _low.Evaluate(context);
            _empty |= low.IsNull || !SeekValues.TryLowerRowId(low, _lowInclusive, out _first);
        }

        if (_high is not null)
        {
            SqlValue high = _high.Evaluate(context);
            _empty |= high.IsNull || !SeekValues.TryUpperRowId(high, _highInclusive, out _last);
        }

        _empty |= _first > _last;
        _cursor = context.Transaction.Tree(_decoder.Table.RootPage).OpenCursor();
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_empty)
        {
            return false;
        }

        BTreeCursor cursor = _cursor!;
        bool positioned;
        if (!_started)
        {
            _started = true;
            KeyEncoder.WriteRowId(_descending ? _last : _first, _key);
            if (_descending ? _low is not null : _high is not null)
            {
                KeyEncoder.WriteRowId(_descending ? _first : _last, _end);
                cursor.LimitReadAhead(_end, forward: !_descending);
            }

            positioned = cursor.Seek(_key, _descending ? BTreeSeek.LessOrEqual : BTreeSeek.GreaterOrEqual);
        }
        else
        {
            positioned = _descending ? cursor.MovePrevious() : cursor.MoveNext();
        }

        if (!positioned)
        {
            return false;
        }

        long rowId = KeyEncoder.ReadRowId(cursor.Key);
        if (_descending ? rowId < _first : rowId > _last)
        {
            _empty = true;
            return false;
        }

        context.CheckCancellation();
        _decoder.Decode(cursor, context.Slots[_slot]);
        return true;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _cursor?.Dispose();
        _cursor = null;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("RowIdRange ").Append(_decoder.Table.Name).Append(" (");
        if (_low is not null)
        {
            builder.Append("rowid ").Append(_lowInclusive ? ">= " : "> ");
            _low.Format(builder);
        }

        if (_high is not null)
        {
            builder.Append(_low is null ? "rowid " : " AND rowid ").Append(_highInclusive ? "<= " : "< ");
            _high.Format(builder);
        }

        builder.Append(')');
        if (_descending)
        {
            builder.Append(" DESC");
        }

        return builder.ToString();
    }
}
