using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// Compares and hashes the first <c>width</c> values of rows with SQLite's value order (NULLs equal), TEXT in each
/// column by its collation.
/// </summary>
/// <param name="width">How many leading values form the row's identity.</param>
/// <param name="collations">Per column, the collation (null for BINARY); null when every column is BINARY.</param>
internal sealed class RowComparer(int width, Collation?[]? collations = null) : IEqualityComparer<SqlValue[]>, IComparer<SqlValue[]>
{
    private readonly SqlValueComparer[]? _comparers = ComparersOf(width, collations);

    /// <inheritdoc />
    public int Compare(SqlValue[]? x, SqlValue[]? y)
    {
        for (int i = 0; i < width; i++)
        {
            int order = _comparers is null ? SqlValueComparer.CompareValues(x![i], y![i]) : _comparers[i].Compare(x![i], y![i]);
            if (order != 0)
            {
                return order;
            }
        }

        return 0;
    }

    /// <inheritdoc />
    public bool Equals(SqlValue[]? x, SqlValue[]? y) => Compare(x, y) == 0;

    /// <inheritdoc />
    public int GetHashCode(SqlValue[] obj)
    {
        var hash = default(HashCode);
        for (int i = 0; i < width; i++)
        {
            hash.Add((_comparers is null ? SqlValueComparer.Instance : _comparers[i]).GetHashCode(obj[i]));
        }

        return hash.ToHashCode();
    }

    private static SqlValueComparer[]? ComparersOf(int width, Collation?[]? collations)
    {
        if (collations is null)
        {
            return null;
        }

        var comparers = new SqlValueComparer[width];
        for (int i = 0; i < width; i++)
        {
            comparers[i] = SqlValueComparer.For(i < collations.Length ? collations[i] : null);
        }

        return comparers;
    }
}
