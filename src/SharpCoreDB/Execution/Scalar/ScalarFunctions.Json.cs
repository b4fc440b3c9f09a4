using System.Globalization;
using System.Text;
using System.Text.Json;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// SQLite's JSON functions over JSON text: <c>json</c>, <c>json_valid</c>, <c>json_extract</c>, <c>json_type</c>,
/// <c>json_array_length</c> and the <c>-&gt;</c> / <c>-&gt;&gt;</c> operators, with SQLite's paths (<c>$</c>,
/// <c>.key</c>, <c>."key"</c>, <c>[n]</c>, <c>[#-n]</c>) and its mapping of JSON values to SQL values (true 1,
/// false 0, null NULL, integers INTEGER, other numbers REAL, strings TEXT, arrays and objects their minified text).
/// JSON is parsed with System.Text.Json (RFC 8259; SQLite also reads JSON5, which is not accepted here).
/// </content>
internal static partial class ScalarFunctions
{
    private static void AddJson(List<ScalarFunction> all)
    {
        all.Add(new("json", 1, 1, (a, _) => a[0].IsNull ? SqlValue.Null : Json(a[0], element => JsonText(Minified(element)))));
        all.Add(new("json_array", 0, Any, (a, _) => JsonArray(a)));
        all.Add(new("json_object", 0, Any, (a, _) => JsonObject(a)));
        all.Add(new("json_quote", 1, 1, (a, _) => JsonText(JsonOf(a[0]))));
        all.Add(new("json_valid", 1, 1, (a, _) => a[0].IsNull ? SqlValue.Null : SqlValue.FromInt64(IsValidJson(a[0]) ? 1 : 0)));
        all.Add(new("json_extract", 2, Any, (a, _) => JsonExtract(a)));
        all.Add(new("json_type", 1, 2, (a, _) => JsonAt(a, element => SqlValue.FromText(TypeName(element)))));
        all.Add(new("json_array_length", 1, 2, (a, _) => JsonAt(a, element => SqlValue.FromInt64(element.ValueKind == JsonValueKind.Array ? element.GetArrayLength() : 0))));
        all.Add(new("->", 2, 2, (a, _) => Arrow(a[0], a[1], asJson: true)));
        all.Add(new("->>", 2, 2, (a, _) => Arrow(a[0], a[1], asJson: false)));
    }

    private static SqlValue Json(in SqlValue text, Func<JsonElement, SqlValue> use)
    {
        using JsonDocument document = Parse(text);
        return use(document.RootElement);
    }

    private static JsonDocument Parse(in SqlValue value) => TryParse(value) ?? throw ExecutionErrors.MalformedJson();

    // The document, or null when the value is not JSON text (a BLOB, or text that does not parse).
    private static JsonDocument? TryParse(in SqlValue value)
    {
        if (value.StorageClass == SqlStorageClass.Blob)
        {
            return null;
        }

        try
        {
            return ParseUtf8(TextConversion.ToBytes(value));
        }
        catch (JsonException)
        {
            // Not JSON: the caller says so (an error, or json_valid's 0).
            return null;
        }
    }

    // Parses the UTF-8 SQLite would see, so a lone surrogate in the text reads as U+FFFD instead of failing the
    // transcoding. An escaped lone surrogate ("\ud800") becomes "\ufffd" too: System.Text.Json cannot hand it out as
    // a string, and SQLite's own value for it is invalid UTF-8, which its clients read as U+FFFD as well.
    private static JsonDocument ParseUtf8(byte[] json)
    {
        ReplaceLoneSurrogateEscapes(json);
        return JsonDocument.Parse(json, new JsonDocumentOptions { MaxDepth = 1000 });
    }

    // In place: each \uXXXX escape of a surrogate that is not half of an escaped pair becomes \ufffd (same length).
    private static void ReplaceLoneSurrogateEscapes(Span<byte> json)
    {
        if (json.IndexOf("\\u"u8) < 0)
        {
            return;
        }

        // From the first backslash, escape by escape: the "\\u" found above may be the end of an escaped backslash.
        int i = json.IndexOf((byte)'\\');

        while (i < json.Length - 1)
        {
            if (json[i] != (byte)'\\')
            {
                i++;
                continue;
            }

            if (json[i + 1] != (byte)'u' || !TryHex4(json, i + 2, out int unit) || !char.IsSurrogate((char)unit))
            {
                i += 2;
                continue;
            }

            bool paired = char.IsHighSurrogate((char)unit) && i + 12 <= json.Length && json[i + 6] == (byte)'\\' && json[i + 7] == (byte)'u'
                && TryHex4(json, i + 8, out int next) && char.IsLowSurrogate((char)next);
            if (paired)
            {
                i += 12;
                continue;
            }

            "fffd"u8.CopyTo(json[(i + 2)..]);
            i += 6;
        }
    }

    private static bool TryHex4(ReadOnlySpan<byte> json, int at, out int value)
    {
        value = 0;
        if (at + 4 > json.Length)
        {
            return false;
        }

        for (int k = at; k < at + 4; k++)
        {
            int digit = json[k] switch
            {
                >= (byte)'0' and <= (byte)'9' => json[k] - '0',
                >= (byte)'a' and <= (byte)'f' => json[k] - 'a' + 10,
                >= (byte)'A' and <= (byte)'F' => json[k] - 'A' + 10,
                _ => -1,
            };
            if (digit < 0)
            {
                return false;
            }

            value = (value << 4) | digit;
        }

        return true;
    }

    private static bool IsValidJson(in SqlValue value)
    {
        using JsonDocument? document = TryParse(value);
        return document is not null;
    }

    // json_type / json_array_length: the root, or the element at the path (NULL when the path leads nowhere).
    private static SqlValue JsonAt(ReadOnlySpan<SqlValue> arguments, Func<JsonElement, SqlValue> use)
    {
        if (arguments[0].IsNull || (arguments.Length > 1 && arguments[1].IsNull))
        {
            return SqlValue.Null;
        }

        using JsonDocument document = Parse(arguments[0]);
        if (arguments.Length == 1)
        {
            return use(document.RootElement);
        }

        return Find(document.RootElement, TextConversion.ToText(arguments[1])) is { } found ? use(found) : SqlValue.Null;
    }

    private static SqlValue JsonExtract(ReadOnlySpan<SqlValue> arguments)
    {
        if (arguments[0].IsNull)
        {
            return SqlValue.Null;
        }

        using JsonDocument document = Parse(arguments[0]);
        if (arguments.Length == 2)
        {
            if (arguments[1].IsNull)
            {
                return SqlValue.Null;
            }

            return Find(document.RootElement, TextConversion.ToText(arguments[1])) is { } found ? ToSql(found) : SqlValue.Null;
        }

        // Several paths: a JSON array of what each finds (null where nothing).
        var result = new StringBuilder("[");
        for (int i = 1; i < arguments.Length; i++)
        {
            if (arguments[i].IsNull)
            {
                return SqlValue.Null;
            }

            result.Append(i > 1 ? "," : string.Empty)
                .Append(Find(document.RootElement, TextConversion.ToText(arguments[i])) is { } found ? Minified(found) : "null");
        }

        return JsonText(result.Append(']').ToString());
    }

    // x -> y and x ->> y: y is a path ('$…'), an object label (other text) or an array index (an integer).
    private static SqlValue Arrow(in SqlValue json, in SqlValue selector, bool asJson)
    {
        if (json.IsNull || selector.IsNull)
        {
            return SqlValue.Null;
        }

        using JsonDocument document = Parse(json);
        JsonElement root = document.RootElement;
        JsonElement? found;
        if (selector.StorageClass == SqlStorageClass.Integer)
        {
            long index = selector.AsInt64();
            found = root.ValueKind == JsonValueKind.Array ? Item(root, index < 0 ? root.GetArrayLength() + index : index) : null;
        }
        else
        {
            string text = TextConversion.ToText(selector);
            found = text.StartsWith('$') ? Find(root, text)
                : root.ValueKind == JsonValueKind.Object && TryGetFirst(root, text, out JsonElement value) ? value : null;
        }

        if (found is not { } element)
        {
            return SqlValue.Null;
        }

        return asJson ? JsonText(Minified(element)) : ToSql(element);
    }

    private static JsonElement? Item(JsonElement array, long index) =>
        index >= 0 && index < array.GetArrayLength() ? array[(int)index] : null;

    // SQLite's path (see PathSteps): a malformed path is an error; a path that leads nowhere is null.
    private static JsonElement? Find(JsonElement root, string path)
    {
        JsonElement current = root;
        foreach ((string? key, long index, bool fromEnd) in PathSteps(path))
        {
            if (key is not null)
            {
                if (current.ValueKind != JsonValueKind.Object || !TryGetFirst(current, key, out current))
                {
                    return null;
                }
            }
            else if (current.ValueKind != JsonValueKind.Array
                || Item(current, fromEnd ? current.GetArrayLength() - index : index) is not { } item)
            {
                return null;
            }
            else
            {
                current = item;
            }
        }

        return current;
    }

    // Duplicate keys: the first one counts, as in SQLite.
    private static bool TryGetFirst(JsonElement obj, string key, out JsonElement value)
    {
        foreach (JsonProperty property in obj.EnumerateObject())
        {
            if (property.NameEquals(key))
            {
                value = property.Value;
                return true;
            }
        }

        value = default;
        return false;
    }

    private static SqlValue ToSql(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Null => SqlValue.Null,
        JsonValueKind.True => SqlValue.FromInt64(1),
        JsonValueKind.False => SqlValue.FromInt64(0),
        JsonValueKind.String => SqlValue.FromText(element.GetString()!),
        JsonValueKind.Number => IsIntegerText(element.GetRawText()) && element.TryGetInt64(out long integer)
            ? SqlValue.FromInt64(integer)
            : SqlValue.FromDouble(double.Parse(element.GetRawText(), NumberStyles.Float, CultureInfo.InvariantCulture)),
        _ => JsonText(Minified(element)),
    };

    // Text marked as JSON, so a JSON function it is passed to takes it as JSON (SQLite's JSON subtype).
    internal static SqlValue JsonText(string json) => SqlValue.FromText(json).WithDeclaredType(SqlDeclaredType.Json);

    private static SqlValue JsonArray(ReadOnlySpan<SqlValue> arguments)
    {
        var result = new StringBuilder("[");
        for (int i = 0; i < arguments.Length; i++)
        {
            result.Append(i > 0 ? "," : string.Empty).Append(JsonOf(arguments[i]));
        }

        return JsonText(result.Append(']').ToString());
    }

    private static SqlValue JsonObject(ReadOnlySpan<SqlValue> arguments)
    {
        if (arguments.Length % 2 != 0)
        {
            throw ExecutionErrors.JsonObjectArgumentCount();
        }

        var result = new StringBuilder("{");
        for (int i = 0; i < arguments.Length; i += 2)
        {
            if (arguments[i].StorageClass != SqlStorageClass.Text)
            {
                throw ExecutionErrors.JsonObjectLabelNotText();
            }

            result.Append(i > 0 ? "," : string.Empty);
            AppendJsonString(result, (string)arguments[i].RawReference!);
            result.Append(':').Append(JsonOf(arguments[i + 1]));
        }

        return JsonText(result.Append('}').ToString());
    }

    // An SQL value as JSON: NULL null, numbers as numbers, JSON text as itself, other text as a string; no BLOBs.
    internal static string JsonOf(in SqlValue value)
    {
        switch (value.StorageClass)
        {
            case SqlStorageClass.Null:
                return "null";
            case SqlStorageClass.Integer:
                return value.AsInt64().ToString(CultureInfo.InvariantCulture);
            case SqlStorageClass.Real:
                // JSON has no infinity; SQLite writes 9.0e+999, a number too large for a double, which reads back as infinity.
                double real = value.AsDouble();
                return double.IsInfinity(real) ? (real > 0 ? "9.0e+999" : "-9.0e+999") : RealFormatter.FormatText(real);
            case SqlStorageClass.Decimal:
                return value.RawDecimal.ToString(CultureInfo.InvariantCulture);
            case SqlStorageClass.Text when value.DeclaredType == SqlDeclaredType.Json:
                return (string)value.RawReference!;
            case SqlStorageClass.Text:
                var builder = new StringBuilder();
                AppendJsonString(builder, (string)value.RawReference!);
                return builder.ToString();
            default:
                throw ExecutionErrors.JsonBlob();
        }
    }

    private static string TypeName(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Null => "null",
        JsonValueKind.True => "true",
        JsonValueKind.False => "false",
        JsonValueKind.String => "text",
        JsonValueKind.Number => IsIntegerText(element.GetRawText()) ? "integer" : "real",
        JsonValueKind.Array => "array",
        _ => "object",
    };

    private static bool IsIntegerText(string text) => text.AsSpan().IndexOfAny('.', 'e', 'E') < 0;

    // The element without insignificant whitespace; strings and numbers as written.
    private static string Minified(JsonElement element)
    {
        var builder = new StringBuilder();
        AppendNode(builder, Tree(element));
        return builder.ToString();
    }

    internal static void AppendJsonString(StringBuilder builder, string value)
    {
        builder.Append('"');
        foreach (char c in value)
        {
            switch (c)
            {
                case '"':
                    builder.Append("\\\"");
                    break;
                case '\\':
                    builder.Append("\\\\");
                    break;
                case < ' ':
                    builder.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    break;
                default:
                    builder.Append(c);
                    break;
            }
        }

        builder.Append('"');
    }
}
