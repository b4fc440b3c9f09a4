namespace SharpCoreDB.SqlLogicTest;

/// <summary>Applies a sort mode to rendered values; comparison is byte order (strcmp), after rendering.</summary>
internal static class ResultSorter
{
    /// <summary>Sorts <paramref name="values"/> (row-major, <paramref name="columns"/> per row) in place.</summary>
    /// <param name="values">The rendered values.</param>
    /// <param name="columns">Values per row.</param>
    /// <param name="mode">The sort mode.</param>
    public static void Sort(List<string> values, int columns, SortMode mode)
    {
        ArgumentNullException.ThrowIfNull(values);
        switch (mode)
        {
            case SortMode.ValueSort:
                values.Sort(StringComparer.Ordinal);
                break;
            case SortMode.RowSort when columns > 0 && values.Count > columns:
                var rows = new List<string[]>(values.Count / columns);
                for (int i = 0; i + columns <= values.Count; i += columns)
                {
                    rows.Add(values.GetRange(i, columns).ToArray());
                }

                rows.Sort(CompareRows);
                values.Clear();
                foreach (string[] row in rows)
                {
                    values.AddRange(row);
                }

                break;
        }
    }

    private static int CompareRows(string[] left, string[] right)
    {
        for (int i = 0; i < left.Length; i++)
        {
            int c = string.CompareOrdinal(left[i], right[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return 0;
    }
}
