using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// <c>group_concat(x [, separator])</c> and <c>string_agg(x, separator)</c>: the text of the non-NULL values joined
/// by the separator (default ","; the separator of each row is written before that row's value, and a NULL
/// separator writes nothing). NULL when no value was seen.
/// </summary>
internal sealed class GroupConcatAccumulator : AggregateAccumulator
{
    private readonly StringBuilder _text = new();
    private bool _any;

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        if (arguments[0].IsNull)
        {
            return;
        }

        if (_any)
        {
            if (arguments.Length < 2)
            {
                _text.Append(',');
            }
            else if (!arguments[1].IsNull)
            {
                _text.Append(TextConversion.ToText(arguments[1]));
            }
        }

        _text.Append(TextConversion.ToText(arguments[0]));
        _any = true;
    }

    /// <inheritdoc/>
    public override SqlValue Result() => _any ? SqlValue.FromText(_text.ToString()) : SqlValue.Null;

    /// <inheritdoc/>
    public override void Reset()
    {
        _text.Clear();
        _any = false;
    }
}
