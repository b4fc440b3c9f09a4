namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// Where a row is in its table tree: the row id, or for a WITHOUT ROWID table the row's encoded PRIMARY KEY (the
/// table tree's key). UPDATE, DELETE and upserts collect locators before they change anything, then find each row
/// again by it.
/// </summary>
/// <param name="RowId">The row id (0 for a WITHOUT ROWID table).</param>
/// <param name="Key">The encoded PRIMARY KEY of a WITHOUT ROWID row, or null for a row id.</param>
internal readonly record struct RowLocator(long RowId, byte[]? Key)
{
    /// <summary>Orders locators as their table tree does: by row id, or by the key bytes.</summary>
    /// <param name="x">The first locator.</param>
    /// <param name="y">The second locator.</param>
    /// <returns>The order.</returns>
    public static int Compare(RowLocator x, RowLocator y) =>
        x.Key is null || y.Key is null ? x.RowId.CompareTo(y.RowId) : x.Key.AsSpan().SequenceCompareTo(y.Key);

    /// <summary>Equal when both name the same row: the same row id, or keys with the same bytes.</summary>
    /// <param name="other">The other locator.</param>
    /// <returns>True when equal.</returns>
    public bool Equals(RowLocator other) =>
        RowId == other.RowId && (Key is null ? other.Key is null : other.Key is not null && Key.AsSpan().SequenceEqual(other.Key));

    /// <inheritdoc />
    public override int GetHashCode()
    {
        if (Key is null)
        {
            return RowId.GetHashCode();
        }

        var hash = default(HashCode);
        hash.AddBytes(Key);
        return hash.ToHashCode();
    }
}
