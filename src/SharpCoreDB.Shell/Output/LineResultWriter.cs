using System.Data.Common;

namespace SharpCoreDB.Shell.Output;

/// <summary>SQLite's line mode: <c>column = value</c>, names right-aligned, a blank line between rows.</summary>
/// <param name="output">Where to print.</param>
internal sealed class LineResultWriter(TextWriter output) : ResultWriter
{
    /// <inheritdoc />
    public override void Write(DbDataReader reader, OutputSettings settings)
    {
        int width = 0;
        for (int i = 0; i < reader.FieldCount; i++)
        {
            width = Math.Max(width, reader.GetName(i).Length);
        }

        bool first = true;
        while (reader.Read())
        {
            if (!first)
            {
                output.WriteLine();
            }

            first = false;
            for (int i = 0; i < reader.FieldCount; i++)
            {
                output.Write(reader.GetName(i).PadLeft(width));
                output.Write(" = ");
                output.WriteLine(ValueText.Format(reader, i, settings.NullValue));
            }
        }
    }
}
