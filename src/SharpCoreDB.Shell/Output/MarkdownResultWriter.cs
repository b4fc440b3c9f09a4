using System.Data.Common;
using System.Text;

namespace SharpCoreDB.Shell.Output;

/// <summary>A GitHub Markdown table, padded so it also reads well as plain text.</summary>
/// <param name="output">Where to print.</param>
internal sealed class MarkdownResultWriter(TextWriter output) : ResultWriter
{
    /// <inheritdoc />
    public override void Write(DbDataReader reader, OutputSettings settings)
    {
        // Markdown columns are padded to their widest cell, so the rows are read before anything prints.
        var header = new string[reader.FieldCount];
        var widths = new int[reader.FieldCount];
        for (int i = 0; i < header.Length; i++)
        {
            header[i] = Escape(reader.GetName(i));
            widths[i] = Math.Max(3, header[i].Length);
        }

        var rows = new List<string[]>();
        while (reader.Read())
        {
            var row = new string[header.Length];
            for (int i = 0; i < row.Length; i++)
            {
                row[i] = Escape(ValueText.Format(reader, i, settings.NullValue));
                widths[i] = Math.Max(widths[i], row[i].Length);
            }

            rows.Add(row);
        }

        if (rows.Count == 0)
        {
            return;
        }

        var line = new StringBuilder();
        WriteRow(line, header, widths);
        line.Append('|');
        foreach (int width in widths)
        {
            line.Append(' ').Append('-', width).Append(" |");
        }

        output.WriteLine(line);
        foreach (string[] row in rows)
        {
            WriteRow(line, row, widths);
        }
    }

    private void WriteRow(StringBuilder line, string[] cells, int[] widths)
    {
        line.Clear().Append('|');
        for (int i = 0; i < cells.Length; i++)
        {
            line.Append(' ').Append(cells[i].PadRight(widths[i])).Append(" |");
        }

        output.WriteLine(line);
        line.Clear();
    }

    // A pipe would end the cell and a line break the row.
    private static string Escape(string text) =>
        text.Replace("|", "\\|", StringComparison.Ordinal).ReplaceLineEndings("<br>");
}
