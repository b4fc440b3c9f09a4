using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Compares and hashes the first <c>width</c> values of rows with SQLite's value order (NULLs equal).</summary>
/// <param name="width">How many leading values form the row's identity.</param>
internal sealed class RowComparer(int width) : IEqualityComparer<SqlValue[]>, IComparer<SqlValue[]>
{
    /// <inheritdoc />
    public int Compare(SqlValue[]? x, SqlValue[]? y)
    {
        for (int i = 0; i < width; i++)
        {
            int order = SqlValueComparer.CompareValues(x![i], y![i]);
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
            hash.Add(SqlValueComparer.Instance.GetHashCode(obj[i]));
        }

        return hash.ToHashCode();
    }
}
