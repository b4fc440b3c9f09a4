using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// <c>json_group_array(x)</c> and <c>json_group_object(label, x)</c>: every value of the group (NULL as null) as a JSON
/// array, or as an object keyed by the labels; <c>[]</c> or <c>{}</c> for an empty group. Values are converted as
/// <c>json_array</c> converts them (JSON from another JSON function stays JSON).
/// </summary>
/// <param name="asObject">True for json_group_object.</param>
internal sealed class JsonGroupAccumulator(bool asObject) : AggregateAccumulator
{
    private readonly StringBuilder _json = new();

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        _json.Append(_json.Length == 0 ? string.Empty : ",");
        if (!asObject)
        {
            _json.Append(ScalarFunctions.JsonOf(arguments[0]));
            CheckLength();
            return;
        }

        if (arguments[0].IsNull)
        {
            throw ExecutionErrors.JsonGroupObjectNullLabel();
        }

        ScalarFunctions.AppendJsonString(_json, TextConversion.ToText(arguments[0]));
        _json.Append(':').Append(ScalarFunctions.JsonOf(arguments[1]));
        CheckLength();
    }

    // UTF-16 units never outnumber UTF-8 bytes: past the ceiling in units, the text is too long whatever it holds.
    private void CheckLength()
    {
        if (_json.Length > ValueLimits.DefaultMaxLength)
        {
            ValueLimits.ThrowTooBig(ValueLimits.DefaultMaxLength);
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result() =>
        ScalarFunctions.JsonText(asObject ? "{" + _json + "}" : "[" + _json + "]");

    /// <inheritdoc/>
    public override void Reset() => _json.Clear();
}
