using SharpCoreDB.Records;

namespace SharpCoreDB.Planning;

/// <summary>An ORDER BY that one table's access path might deliver: columns of the table slot with directions.</summary>
/// <param name="Columns">The table slot columns in ORDER BY order.</param>
/// <param name="Descending">The direction of each.</param>
internal sealed record OrderRequest(IReadOnlyList<int> Columns, IReadOnlyList<bool> Descending)
{
    /// <summary>The collation of each key (null for BINARY); an index delivers the order only in the same ones.</summary>
    public IReadOnlyList<Collation?>? Collations { get; init; }
}
