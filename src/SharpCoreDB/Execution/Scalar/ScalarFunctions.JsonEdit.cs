using System.Globalization;
using System.Text;
using System.Text.Json;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// <c>json_patch</c> (RFC 7396 merge patch), and <c>json_set</c>, <c>json_insert</c>, <c>json_replace</c> and
/// <c>json_remove</c>: edits applied path by path, each
/// on the result of the one before, as SQLite applies them. Set and insert create what is missing along the
/// path (an object for a key, an array for <c>[0]</c> or <c>[#]</c>); an array grows only at its end (<c>[#]</c>, or
/// the index one past its last item); removing <c>$</c> gives NULL.
/// </content>
internal static partial class ScalarFunctions
{
    private enum JsonEdit
    {
        Set,
        Insert,
        Replace,
        Remove,
    }

    private static void AddJsonEdits(List<ScalarFunction> all)
    {
        all.Add(new("json_set", 1, Any, (a, _) => EditJson(a, JsonEdit.Set)));
        all.Add(new("json_insert", 1, Any, (a, _) => EditJson(a, JsonEdit.Insert)));
        all.Add(new("json_replace", 1, Any, (a, _) => EditJson(a, JsonEdit.Replace)));
        all.Add(new("json_remove", 1, Any, (a, _) => EditJson(a, JsonEdit.Remove)));
        all.Add(new("json_patch", 2, 2, (a, _) => a[0].IsNull || a[1].IsNull ? SqlValue.Null : Patched(ParseTree(a[0]), ParseTree(a[1]))));
    }

    private static SqlValue Patched(object target, object patch)
    {
        var text = new StringBuilder();
        AppendNode(text, MergePatch(target, patch));
        return JsonText(text.ToString());
    }

    // RFC 7396 merge patch, as json_patch applies it: an object patch merges member by member (a null member removes
    // the target's), anything else replaces the target.
    private static object MergePatch(object target, object patch)
    {
        if (patch is not List<KeyValuePair<string, object>> changes)
        {
            return patch;
        }

        var members = target as List<KeyValuePair<string, object>> ?? [];
        foreach ((string key, object value) in changes)
        {
            int at = members.FindIndex(m => m.Key == key);
            if (value is "null")
            {
                if (at >= 0)
                {
                    members.RemoveAt(at);
                }
            }
            else if (at >= 0)
            {
                members[at] = new(key, MergePatch(members[at].Value, value));
            }
            else
            {
                members.Add(new(key, MergePatch(new List<KeyValuePair<string, object>>(), value)));
            }
        }

        return members;
    }

    private static SqlValue EditJson(ReadOnlySpan<SqlValue> arguments, JsonEdit edit)
    {
        if (edit != JsonEdit.Remove && arguments.Length % 2 == 0)
        {
            throw ExecutionErrors.JsonEditArgumentCount(edit.ToString().ToLowerInvariant());
        }

        if (arguments[0].IsNull)
        {
            return SqlValue.Null;
        }

        object root = ParseTree(arguments[0]);

        int step = edit == JsonEdit.Remove ? 1 : 2;
        for (int i = 1; i < arguments.Length; i += step)
        {
            if (arguments[i].IsNull)
            {
                return SqlValue.Null;
            }

            List<(string? Key, long Index, bool FromEnd)> path = PathSteps(TextConversion.ToText(arguments[i]));
            if (path.Count == 0)
            {
                // The whole document.
                if (edit == JsonEdit.Remove)
                {
                    return SqlValue.Null;
                }

                if (edit != JsonEdit.Insert)
                {
                    root = ParseTree(EditValue(arguments[i + 1]));
                }

                continue;
            }

            ApplyEdit(root, path, edit, edit == JsonEdit.Remove ? null : EditValue(arguments[i + 1]));
        }

        var text = new StringBuilder();
        AppendNode(text, root);
        return JsonText(text.ToString());
    }

    // A value set into a document: as JsonOf, except that an infinite REAL is written 9e999, as SQLite's edits
    // (which go through its binary JSON) write it, where json_object() and json_array() write 9.0e+999.
    private static string EditValue(in SqlValue value) =>
        value.StorageClass == SqlStorageClass.Real && double.IsInfinity(value.AsDouble())
            ? (value.AsDouble() > 0 ? "9e999" : "-9e999")
            : JsonOf(value);

    // The document as an editable tree: objects as ordered (key, value) lists (duplicate keys kept, as SQLite keeps
    // them; lookups take the first), arrays as lists, anything else as its text as written.
    private static object ParseTree(in SqlValue json)
    {
        using JsonDocument document = Parse(json);
        return Tree(document.RootElement);
    }

    // Text this engine wrote (EditValue), so it always parses; its strings may hold lone surrogates, read as U+FFFD.
    private static object ParseTree(string json)
    {
        using JsonDocument document = ParseUtf8(TextConversion.EncodeUtf8(json));
        return Tree(document.RootElement);
    }

    private static object Tree(JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                var members = new List<KeyValuePair<string, object>>();
                foreach (JsonProperty property in element.EnumerateObject())
                {
                    members.Add(new(property.Name, Tree(property.Value)));
                }

                return members;
            case JsonValueKind.Array:
                var items = new List<object>();
                foreach (JsonElement item in element.EnumerateArray())
                {
                    items.Add(Tree(item));
                }

                return items;
            default:
                return element.GetRawText();
        }
    }

    private static void ApplyEdit(object root, List<(string? Key, long Index, bool FromEnd)> path, JsonEdit edit, string? valueJson)
    {
        object current = root;
        for (int s = 0; s < path.Count; s++)
        {
            (string? key, long index, bool fromEnd) = path[s];
            bool last = s == path.Count - 1;
            if (key is not null)
            {
                if (current is not List<KeyValuePair<string, object>> members)
                {
                    return;
                }

                int at = members.FindIndex(m => m.Key == key);
                if (!last)
                {
                    if (at < 0)
                    {
                        if (edit is JsonEdit.Replace or JsonEdit.Remove)
                        {
                            return;
                        }

                        if (Created(path, s + 1, valueJson!) is { } created)
                        {
                            members.Add(new(key, created));
                        }

                        return;
                    }

                    current = members[at].Value;
                    continue;
                }

                switch (edit)
                {
                    case JsonEdit.Remove when at >= 0:
                        members.RemoveAt(at);
                        break;
                    case JsonEdit.Insert when at < 0:
                    case JsonEdit.Set when at < 0:
                        members.Add(new(key, ParseTree(valueJson!)));
                        break;
                    case JsonEdit.Replace when at >= 0:
                    case JsonEdit.Set when at >= 0:
                        members[at] = new(key, ParseTree(valueJson!));
                        break;
                }

                return;
            }

            if (current is not List<object> items)
            {
                return;
            }

            long position = fromEnd ? items.Count - index : index;
            bool append = position == items.Count;
            if (position < 0 || position > items.Count)
            {
                return;
            }

            if (!last)
            {
                if (append)
                {
                    if (edit is JsonEdit.Set or JsonEdit.Insert && Created(path, s + 1, valueJson!) is { } created)
                    {
                        items.Add(created);
                    }

                    return;
                }

                current = items[(int)position];
                continue;
            }

            switch (edit)
            {
                case JsonEdit.Remove when !append:
                    items.RemoveAt((int)position);
                    break;
                case JsonEdit.Insert when append:
                case JsonEdit.Set when append:
                    items.Add(ParseTree(valueJson!));
                    break;
                case JsonEdit.Replace when !append:
                case JsonEdit.Set when !append:
                    items[(int)position] = ParseTree(valueJson!);
                    break;
            }

            return;
        }
    }

    // What set and insert build for the missing rest of a path, from step 'from' on (SQLite's rules): a key makes an
    // object, [0] or [#] an array of one item, the last step holds the value. Any other index cannot be built, so
    // the edit changes nothing (null).
    private static object? Created(List<(string? Key, long Index, bool FromEnd)> path, int from, string valueJson)
    {
        if (from == path.Count)
        {
            return ParseTree(valueJson);
        }

        (string? key, long index, _) = path[from];
        if (key is null && index != 0)
        {
            return null;
        }

        if (Created(path, from + 1, valueJson) is not { } inner)
        {
            return null;
        }

        return key is null ? new List<object> { inner } : new List<KeyValuePair<string, object>> { new(key, inner) };
    }

    // The steps of a path as Find reads it: a key, or an index (from the end for [#-n]; [#] is one past the end).
    private static List<(string? Key, long Index, bool FromEnd)> PathSteps(string path) =>
        TryPathSteps(path) ?? throw ExecutionErrors.BadJsonPath(path);

    // The steps, or null when the path is malformed.
    internal static List<(string? Key, long Index, bool FromEnd)>? TryPathSteps(string path)
    {
        if (path.Length == 0 || path[0] != '$')
        {
            return null;
        }

        var steps = new List<(string? Key, long Index, bool FromEnd)>();
        int at = 1;
        while (at < path.Length)
        {
            if (path[at] == '.')
            {
                at++;
                if (at < path.Length && path[at] == '"')
                {
                    // A quoted key is JSON string text, as in SQLite: \" does not close it, and escapes stand for
                    // the characters they encode ($."a\u0062" names the key "ab").
                    int close = at + 1;
                    while (close < path.Length && path[close] != '"')
                    {
                        close += path[close] == '\\' && close + 1 < path.Length ? 2 : 1;
                    }

                    if (close >= path.Length)
                    {
                        return null;
                    }

                    string quoted = path[(at + 1)..close];
                    steps.Add((quoted.Contains('\\', StringComparison.Ordinal) ? UnescapeKey(quoted) : quoted, 0, false));
                    at = close + 1;
                    continue;
                }

                int end = at;
                while (end < path.Length && path[end] != '.' && path[end] != '[')
                {
                    end++;
                }

                if (end == at)
                {
                    return null;
                }

                steps.Add((path[at..end], 0, false));
                at = end;
            }
            else if (path[at] == '[')
            {
                int close = path.IndexOf(']', at);
                if (close < 0)
                {
                    return null;
                }

                string inside = path[(at + 1)..close];
                at = close + 1;
                if (inside.StartsWith('#'))
                {
                    long back = 0;
                    if (inside.Length > 1 && (inside[1] != '-' || !long.TryParse(inside.AsSpan(2), NumberStyles.None, CultureInfo.InvariantCulture, out back)))
                    {
                        return null;
                    }

                    steps.Add((null, back, true));
                }
                else if (long.TryParse(inside, NumberStyles.None, CultureInfo.InvariantCulture, out long index))
                {
                    steps.Add((null, index, false));
                }
                else
                {
                    return null;
                }
            }
            else
            {
                return null;
            }
        }

        return steps;
    }

    // The characters a JSON string's escapes stand for; an escape JSON does not define stands for the character after
    // the backslash.
    private static string UnescapeKey(string quoted)
    {
        var key = new StringBuilder(quoted.Length);
        for (int i = 0; i < quoted.Length; i++)
        {
            char c = quoted[i];
            if (c != '\\' || i + 1 >= quoted.Length)
            {
                key.Append(c);
                continue;
            }

            char escaped = quoted[++i];
            switch (escaped)
            {
                case 'b':
                    key.Append('\b');
                    break;
                case 'f':
                    key.Append('\f');
                    break;
                case 'n':
                    key.Append('\n');
                    break;
                case 'r':
                    key.Append('\r');
                    break;
                case 't':
                    key.Append('\t');
                    break;
                case 'u' when i + 4 < quoted.Length && int.TryParse(quoted.AsSpan(i + 1, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out int unit):
                    key.Append((char)unit);
                    i += 4;
                    break;
                default:
                    key.Append(escaped);
                    break;
            }
        }

        return key.ToString();
    }

    // Minified, with strings and numbers as they were written.
    private static void AppendNode(StringBuilder builder, object node)
    {
        switch (node)
        {
            case List<KeyValuePair<string, object>> members:
                builder.Append('{');
                for (int i = 0; i < members.Count; i++)
                {
                    builder.Append(i > 0 ? "," : string.Empty);
                    AppendJsonString(builder, members[i].Key);
                    builder.Append(':');
                    AppendNode(builder, members[i].Value);
                }

                builder.Append('}');
                break;
            case List<object> items:
                builder.Append('[');
                for (int i = 0; i < items.Count; i++)
                {
                    builder.Append(i > 0 ? "," : string.Empty);
                    AppendNode(builder, items[i]);
                }

                builder.Append(']');
                break;
            default:
                builder.Append((string)node);
                break;
        }
    }
}
