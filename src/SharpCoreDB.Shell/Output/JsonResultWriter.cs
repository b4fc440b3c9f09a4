using System.Buffers;
using System.Data.Common;
using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;

namespace SharpCoreDB.Shell.Output;

/// <summary>
/// A JSON array with one object per row, values typed: integers and decimals and finite reals as numbers, BOOLEAN
/// columns as true/false, NULL as null, text as strings, BLOBs as hex strings, a GUID as its text. An empty result is
/// <c>[]</c>, so a script always gets valid JSON (SQLite's shell prints nothing there).
/// </summary>
/// <param name="output">Where to print.</param>
internal sealed class JsonResultWriter(TextWriter output) : ResultWriter
{
    private static readonly JsonWriterOptions s_options = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    /// <inheritdoc />
    public override void Write(DbDataReader reader, OutputSettings settings)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using var json = new Utf8JsonWriter(buffer, s_options);
        var names = new string[reader.FieldCount];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = reader.GetName(i);
        }

        bool first = true;
        while (reader.Read())
        {
            output.Write(first ? "[" : ",\n");
            first = false;
            json.WriteStartObject();
            for (int i = 0; i < names.Length; i++)
            {
                json.WritePropertyName(names[i]);
                WriteValue(json, reader, i);
            }

            json.WriteEndObject();
            json.Flush();
            output.Write(Encoding.UTF8.GetString(buffer.WrittenSpan));
            buffer.Clear();
            json.Reset();
        }

        output.WriteLine(first ? "[]" : "]");
    }

    private static void WriteValue(Utf8JsonWriter json, DbDataReader reader, int ordinal)
    {
        if (reader.IsDBNull(ordinal))
        {
            json.WriteNullValue();
            return;
        }

        switch (reader.GetValue(ordinal))
        {
            case long integer:
                json.WriteNumberValue(integer);
                break;
            case double real when double.IsFinite(real):
                json.WriteNumberValue(real);
                break;
            case double real:
                // JSON has no infinity or NaN; the text keeps what the value was.
                json.WriteStringValue(real.ToString(CultureInfo.InvariantCulture));
                break;
            case decimal exact:
                json.WriteNumberValue(exact);
                break;
            case bool flag:
                json.WriteBooleanValue(flag);
                break;
            case byte[] blob:
                json.WriteStringValue(Convert.ToHexString(blob));
                break;
            case Guid guid:
                json.WriteStringValue(guid.ToString("D", CultureInfo.InvariantCulture));
                break;
            default:
                json.WriteStringValue(reader.GetString(ordinal));
                break;
        }
    }
}
