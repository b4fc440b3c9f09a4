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

    /// <summary>
    /// True when equal rows hash alike; false when a column compares under a user collation, whose comparison has
    /// no consistent hash (<see cref="SqlValueComparer.CanHash"/>).
    /// </summary>
    public bool CanHash { get; } = CanHashAll(width, collations);

    /// <summary>An empty set of rows equal under this comparer: hashed, or ordered when <see cref="CanHash"/> is false.</summary>
    /// <returns>The set.</returns>
    public ISet<SqlValue[]> NewSet() => CanHash ? new HashSet<SqlValue[]>(this) : new SortedSet<SqlValue[]>(this);

    /// <summary>An empty map keyed by rows equal under this comparer: hashed, or ordered when <see cref="CanHash"/> is false.</summary>
    /// <typeparam name="TValue">The mapped type.</typeparam>
    /// <returns>The map.</returns>
    public IDictionary<SqlValue[], TValue> NewMap<TValue>() =>
        CanHash ? new Dictionary<SqlValue[], TValue>(this) : new SortedDictionary<SqlValue[], TValue>(this);

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

    private static bool CanHashAll(int width, Collation?[]? collations)
    {
        for (int i = 0; collations is not null && i < width && i < collations.Length; i++)
        {
            if (!SqlValueComparer.For(collations[i]).CanHash)
            {
                return false;
            }
        }

        return true;
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
