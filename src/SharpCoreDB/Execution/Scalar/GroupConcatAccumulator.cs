using System.Buffers;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// <c>group_concat(x [, separator])</c> and <c>string_agg(x, separator)</c>: the text of the non-NULL values joined
/// by the separator (default ","; the separator of each row is written before that row's value, and a NULL
/// separator writes nothing). NULL when no value was seen.
/// </summary>
/// <remarks>
/// Text accumulates in a <see cref="StringBuilder"/>. SQLite joins UTF-8 bytes, which only matters once a BLOB
/// (arbitrary bytes) takes part, so from the first BLOB on the accumulator joins bytes and decodes once at the end.
/// </remarks>
internal sealed class GroupConcatAccumulator : AggregateAccumulator
{
    private readonly StringBuilder _text = new();
    private ArrayBufferWriter<byte>? _bytes;
    private bool _any;

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        SqlValue value = arguments[0];
        if (value.IsNull)
        {
            return;
        }

        bool hasSeparator = arguments.Length >= 2;
        if (_bytes is null && (value.StorageClass == SqlStorageClass.Blob || (hasSeparator && arguments[1].StorageClass == SqlStorageClass.Blob)))
        {
            _bytes = new ArrayBufferWriter<byte>();
            Write(TextConversion.EncodeUtf8(_text.ToString()));
            _text.Clear();
        }

        if (_any)
        {
            if (!hasSeparator)
            {
                Append(SqlValue.FromText(","));
            }
            else if (!arguments[1].IsNull)
            {
                Append(arguments[1]);
            }
        }

        Append(value);
        _any = true;

        // UTF-16 units never outnumber UTF-8 bytes: past the ceiling either way, the result is too long.
        if (_text.Length > ValueLimits.DefaultMaxLength || (_bytes is not null && _bytes.WrittenCount > ValueLimits.DefaultMaxLength))
        {
            ValueLimits.ThrowTooBig(ValueLimits.DefaultMaxLength);
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result()
    {
        if (!_any)
        {
            return SqlValue.Null;
        }

        return SqlValue.FromText(_bytes is null ? _text.ToString() : TextConversion.DecodeUtf8(_bytes.WrittenSpan));
    }

    /// <inheritdoc/>
    public override void Reset()
    {
        _text.Clear();
        _bytes = null;
        _any = false;
    }

    private void Append(in SqlValue piece)
    {
        if (_bytes is null)
        {
            _text.Append(TextConversion.ToText(piece));
        }
        else
        {
            Write(TextConversion.ToBytes(piece));
        }
    }

    private void Write(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(_bytes!.GetSpan(bytes.Length));
        _bytes.Advance(bytes.Length);
    }
}
