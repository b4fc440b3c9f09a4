using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One ORDER BY key: a column of the projected row, its direction and where NULLs go.</summary>
/// <param name="Column">The column of the projected row.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="NullsFirst">True when NULLs sort before every other value.</param>
internal readonly record struct SortKey(int Column, bool Descending, bool NullsFirst)
{
    /// <summary>Orders two rows by <paramref name="keys"/>, as ORDER BY does (0 when every key is equal).</summary>
    /// <param name="keys">The keys, most significant first.</param>
    /// <param name="x">A row.</param>
    /// <param name="y">Another row.</param>
    /// <returns>Negative, zero or positive.</returns>
    public static int Compare(IReadOnlyList<SortKey> keys, SqlValue[] x, SqlValue[] y)
    {
        for (int i = 0; i < keys.Count; i++)
        {
            SortKey key = keys[i];
            SqlValue a = x[key.Column];
            SqlValue b = y[key.Column];
            if (a.IsNull || b.IsNull)
            {
                if (a.IsNull && b.IsNull)
                {
                    continue;
                }

                return a.IsNull == key.NullsFirst ? -1 : 1;
            }

            int order = SqlValueComparer.CompareValues(a, b);
            if (order != 0)
            {
                return key.Descending ? -order : order;
            }
        }

        return 0;
    }
}
