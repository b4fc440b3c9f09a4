using System.Text;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Reads the rows whose row id equals one of the key expressions (<c>rowid = x</c>, or <c>rowid IN (…)</c>),
/// each at most once and in row-id order. Keys are evaluated when the operator opens, so they may use outer rows.
/// </summary>
internal sealed class RowIdSeekOperator : Operator
{
    private readonly TableRowDecoder _decoder;
    private readonly int _slot;
    private readonly IReadOnlyList<Expr> _keys;
    private readonly long[] _rowIds;
    private readonly byte[] _key = new byte[KeyEncoder.RowIdSize];
    private byte[] _record = new byte[256];
    private BTree? _tree;
    private int _count;
    private int _next;

    /// <summary>Creates the operator.</summary>
    /// <param name="decoder">Decodes rows of the table.</param>
    /// <param name="slot">The table's slot.</param>
    /// <param name="keys">The row id expressions.</param>
    public RowIdSeekOperator(TableRowDecoder decoder, int slot, IReadOnlyList<Expr> keys)
    {
        _decoder = decoder;
        _slot = slot;
        _keys = keys;
        _rowIds = new long[keys.Count];
    }

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => _keys;

    /// <summary>The decoder of the table's rows.</summary>
    public TableRowDecoder Decoder => _decoder;

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _count = 0;
        _next = 0;
        for (int i = 0; i < _keys.Count; i++)
        {
            if (SeekValues.TryGetRowId(_keys[i].Evaluate(context), out long rowId))
            {
                _rowIds[_count++] = rowId;
            }
        }

        if (_count > 1)
        {
            Array.Sort(_rowIds, 0, _count);
        }

        _tree = context.Transaction.Tree(_decoder.Table.RootPage);
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        while (_next < _count)
        {
            long rowId = _rowIds[_next++];
            if (_next > 1 && _rowIds[_next - 2] == rowId)
            {
                continue;
            }

            // A point lookup copies the record into a reused buffer: no cursor to allocate and pin. Only the start
            // the decoder needs is copied, so the overflow pages of a large column after those it reads stay unread.
            KeyEncoder.WriteRowId(rowId, _key);
            BTree tree = _tree!;
            if (!tree.TryGetPrefix(_key, _record, out int length))
            {
                continue;
            }

            int have = Math.Min(length, _record.Length);
            long needed = _decoder.NeededLength(_record.AsSpan(0, have));
            if (needed < 0 || needed > have)
            {
                // Unknown (the header goes on past the copied bytes) or longer: copy what is needed, or all of it.
                have = needed < 0 || needed > length ? length : (int)needed;
                if (have > _record.Length)
                {
                    _record = new byte[Math.Max(have, _record.Length * 2)];
                }

                tree.TryGetPrefix(_key, _record.AsSpan(0, have), out length);
                needed = _decoder.NeededLength(_record.AsSpan(0, have));
            }

            int used = needed >= 0 && needed <= have ? (int)needed : have;
            _decoder.Decode(_record, used, rowId, context.Slots[_slot]);
            return true;
        }

        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _tree = null;
    }

    /// <inheritdoc />
    public override string Describe()
    {
        var builder = new StringBuilder("RowIdSeek ").Append(_decoder.Table.Name).Append(" (rowid ");
        if (_keys.Count == 1)
        {
            builder.Append("= ");
            _keys[0].Format(builder);
        }
        else
        {
            builder.Append("IN (");
            for (int i = 0; i < _keys.Count; i++)
            {
                if (i > 0)
                {
                    builder.Append(", ");
                }

                _keys[i].Format(builder);
            }

            builder.Append(')');
        }

        return builder.Append(')').ToString();
    }
}
