using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One ORDER BY key: a column of the projected row, its direction and where NULLs go.</summary>
/// <param name="Column">The column of the projected row.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="NullsFirst">True when NULLs sort before every other value.</param>
/// <param name="Collation">The collation TEXT values sort by, null for BINARY.</param>
internal readonly record struct SortKey(int Column, bool Descending, bool NullsFirst, Collation? Collation = null)
{
    /// <summary>Orders two rows by <paramref name="keys"/>, as ORDER BY does (0 when every key is equal).</summary>
    /// <param name="keys">The keys, most significant first.</param>
    /// <param name="x">A row.</param>
    /// <param name="y">Another row.</param>
    /// <returns>Negative, zero or positive.</returns>
    /// <remarks>
    /// A span rather than a list: this runs for every comparison of a sort, and reading the keys through an interface
    /// (two interface calls per key) took more time than comparing the values.
    /// </remarks>
    public static int Compare(ReadOnlySpan<SortKey> keys, SqlValue[] x, SqlValue[] y)
    {
        foreach (SortKey key in keys)
        {
            ref readonly SqlValue a = ref x[key.Column];
            ref readonly SqlValue b = ref y[key.Column];
            if (a.IsNull || b.IsNull)
            {
                if (a.IsNull && b.IsNull)
                {
                    continue;
                }

                return a.IsNull == key.NullsFirst ? -1 : 1;
            }

            int order = key.Collation is null ? SqlValueComparer.CompareValues(a, b) : SqlValueComparer.CompareValues(a, b, key.Collation);
            if (order != 0)
            {
                return key.Descending ? -order : order;
            }
        }

        return 0;
    }
}
