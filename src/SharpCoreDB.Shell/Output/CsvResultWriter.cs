using System.Data.Common;
using System.Text;

namespace SharpCoreDB.Shell.Output;

/// <summary>RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled, records end in CRLF.</summary>
/// <param name="output">Where to print.</param>
internal sealed class CsvResultWriter(TextWriter output) : ResultWriter
{
    /// <inheritdoc />
    public override void Write(DbDataReader reader, OutputSettings settings)
    {
        var line = new StringBuilder();
        bool first = true;
        while (reader.Read())
        {
            if (first && settings.Headers)
            {
                for (int i = 0; i < reader.FieldCount; i++)
                {
                    AppendField(line, i, reader.GetName(i));
                }

                output.Write(line.Append("\r\n"));
                line.Clear();
            }

            first = false;
            for (int i = 0; i < reader.FieldCount; i++)
            {
                AppendField(line, i, ValueText.Format(reader, i, settings.NullValue));
            }

            output.Write(line.Append("\r\n"));
            line.Clear();
        }
    }

    /// <summary>Appends one field, quoted when RFC 4180 requires it.</summary>
    /// <param name="line">The record being built.</param>
    /// <param name="ordinal">The field's position (a comma goes before every field but the first).</param>
    /// <param name="value">The field's text.</param>
    public static void AppendField(StringBuilder line, int ordinal, string value)
    {
        if (ordinal > 0)
        {
            line.Append(',');
        }

        if (value.AsSpan().IndexOfAny(",\"\r\n") < 0)
        {
            line.Append(value);
            return;
        }

        line.Append('"').Append(value.Replace("\"", "\"\"", StringComparison.Ordinal)).Append('"');
    }
}
