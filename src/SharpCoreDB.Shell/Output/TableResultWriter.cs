using System.Data.Common;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace SharpCoreDB.Shell.Output;

/// <summary>A boxed table drawn by Spectre.Console; columns whose values are all numbers are right-aligned.</summary>
/// <param name="console">Where to draw.</param>
internal sealed class TableResultWriter(IAnsiConsole console) : ResultWriter
{
    /// <inheritdoc />
    public override void Write(DbDataReader reader, OutputSettings settings)
    {
        int count = reader.FieldCount;
        var numeric = new bool[count];
        var seen = new bool[count];
        Array.Fill(numeric, true);
        var rows = new List<IRenderable[]>();
        while (reader.Read())
        {
            var row = new IRenderable[count];
            for (int i = 0; i < count; i++)
            {
                // Text, not Markup: a value like "[red]" is data, not a style.
                row[i] = new Text(ValueText.Format(reader, i, settings.NullValue));
                if (!reader.IsDBNull(i))
                {
                    seen[i] = true;
                    numeric[i] &= ValueText.IsNumber(reader, i);
                }
            }

            rows.Add(row);
        }

        if (rows.Count == 0)
        {
            return;
        }

        var table = new Table { Border = TableBorder.Square };
        for (int i = 0; i < count; i++)
        {
            var column = new TableColumn(new Text(reader.GetName(i)));
            if (seen[i] && numeric[i])
            {
                column.RightAligned();
            }

            table.AddColumn(column);
        }

        foreach (IRenderable[] row in rows)
        {
            table.AddRow(row);
        }

        console.Write(table);
    }
}
