using System.Globalization;
using System.Runtime.InteropServices;
using System.Text.Json;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <content>Finding the element at the path, and the keys and paths SQLite reports for it and its members.</content>
internal sealed partial class JsonTableOperator
{
    // Follows the path steps from the root. The offsets (of the element's node, and of its label when the last step
    // is an object key, else -1) are the JSONB offsets SQLite reports as ids; computed only when asked for.
    private static bool Locate(JsonElement root, List<(string? Key, long Index, bool FromEnd)>? steps, bool offsets, out JsonElement found, out long valueOffset, out long labelOffset)
    {
        found = root;
        valueOffset = 0;
        labelOffset = -1;
        if (steps is null)
        {
            return true;
        }

        foreach ((string? key, long index, bool fromEnd) in steps)
        {
            long member = offsets ? valueOffset + JsonbLayout.HeaderSize(JsonbLayout.PayloadSize(found)) : 0;
            if (key is not null)
            {
                if (found.ValueKind != JsonValueKind.Object || !FindMember(found, key, offsets, ref member, out JsonProperty property))
                {
                    return false;
                }

                labelOffset = member;
                valueOffset = offsets ? member + JsonbLayout.LabelSize(property) : 0;
                found = property.Value;
                continue;
            }

            if (found.ValueKind != JsonValueKind.Array)
            {
                return false;
            }

            int length = found.GetArrayLength();
            long position = fromEnd ? length - index : index;
            if (position < 0 || position >= length)
            {
                return false;
            }

            long at = 0;
            foreach (JsonElement item in found.EnumerateArray())
            {
                if (at++ == position)
                {
                    found = item;
                    break;
                }

                member += offsets ? JsonbLayout.NodeSize(item) : 0;
            }

            labelOffset = -1;
            valueOffset = member;
        }

        return true;
    }

    // The first member with the key (duplicates: the first counts, as in SQLite), and the offset of its label.
    private static bool FindMember(JsonElement obj, string key, bool offsets, ref long offset, out JsonProperty found)
    {
        foreach (JsonProperty property in obj.EnumerateObject())
        {
            if (property.NameEquals(key))
            {
                found = property;
                return true;
            }

            offset += offsets ? JsonbLayout.LabelSize(property) + JsonbLayout.NodeSize(property.Value) : 0;
        }

        found = default;
        return false;
    }

    // SQLite (jsonEachPathLength) reports json_tree's first row's path as the longest prefix of the root path, cut
    // at a '.' or '[', that leads to a container whose first member is that row; when none does (the row is not a
    // first member), the path is '$' and the key is the rest of the root path. Reproduced as SQLite does it.
    private int RootPathLength()
    {
        string root = _rootText;
        int n = root.Length;
        while (n > 1)
        {
            n--;
            if (root[n] != '[' && root[n] != '.')
            {
                continue;
            }

            List<(string? Key, long Index, bool FromEnd)>? steps = ScalarFunctions.TryPathSteps(root[..n]);
            if (steps is null || !Locate(_document!.RootElement, steps, offsets: true, out JsonElement container, out long offset, out _))
            {
                continue;
            }

            if (offset + JsonbLayout.HeaderSize(JsonbLayout.PayloadSize(container)) == _startId)
            {
                break;
            }
        }

        return n;
    }

    // The key of the row for the element at the root path (SQLite's JEACH_KEY with no parent): NULL for '$' and for
    // json_each; else what follows the reported path: an array index, a quoted key without its quotes (as written),
    // or the rest of the path text.
    private SqlValue RootKey(int pathLength)
    {
        string root = _rootText;
        int n = root.Length - pathLength;
        if (root.Length == 1 || n == 0)
        {
            return s_null;
        }

        if (root[pathLength] == '[')
        {
            return SqlValue.FromInt64(LeadingInteger(root.AsSpan(pathLength + 1, n - 1)));
        }

        if (n > 2 && root[pathLength + 1] == '"')
        {
            return SqlValue.FromText(root.Substring(pathLength + 2, n - 3));
        }

        return SqlValue.FromText(root.Substring(pathLength + 1, n - 1));
    }

    // The integer at the start of the text, as SQLite's sqlite3Atoi64 reads it before the first non-digit
    // ("1]" is 1, "#-1]" is 0).
    private static long LeadingInteger(ReadOnlySpan<char> text)
    {
        int at = 0;
        while (at < text.Length && char.IsWhiteSpace(text[at]))
        {
            at++;
        }

        bool negative = false;
        if (at < text.Length && (text[at] == '-' || text[at] == '+'))
        {
            negative = text[at] == '-';
            at++;
        }

        long value = 0;
        while (at < text.Length && char.IsAsciiDigit(text[at]) && value < long.MaxValue / 10)
        {
            value = (value * 10) + (text[at] - '0');
            at++;
        }

        return negative ? -value : value;
    }

    // ".key" when the key (as written in the JSON, escapes and all) is an ASCII letter followed by ASCII letters and
    // digits, else ".\"key\"", as SQLite writes full keys.
    private static string LabelStep(JsonProperty member)
    {
        ReadOnlySpan<byte> raw = JsonMarshal.GetRawUtf8PropertyName(member);
        bool quote = raw.Length == 0 || !char.IsAsciiLetter((char)raw[0]);
        for (int i = 1; i < raw.Length && !quote; i++)
        {
            quote = !char.IsAsciiLetterOrDigit((char)raw[i]);
        }

        string name = TextConversion.DecodeUtf8(raw);
        return quote ? ".\"" + name + "\"" : "." + name;
    }

    // The element's JSON text without whitespace between tokens; strings, numbers and keys as written (SQLite keeps
    // them so: its JSONB holds their text).
    private string Minified(JsonElement element)
    {
        ReadOnlySpan<byte> raw = JsonMarshal.GetRawUtf8Value(element);
        if (_scratch.Length < raw.Length)
        {
            _scratch = new byte[Math.Max(raw.Length, _scratch.Length * 2)];
        }

        int length = 0;
        bool inString = false;
        for (int i = 0; i < raw.Length; i++)
        {
            byte b = raw[i];
            if (inString)
            {
                if (b == (byte)'\\')
                {
                    _scratch[length++] = b;
                    b = raw[++i];
                }
                else if (b == (byte)'"')
                {
                    inString = false;
                }
            }
            else if (b is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r')
            {
                continue;
            }
            else if (b == (byte)'"')
            {
                inString = true;
            }

            _scratch[length++] = b;
        }

        return TextConversion.DecodeUtf8(_scratch.AsSpan(0, length));
    }
}
