namespace SharpCoreDB.Planning;

/// <summary>An ORDER BY that one table's access path might deliver: columns of the table slot with directions.</summary>
/// <param name="Columns">The table slot columns in ORDER BY order.</param>
/// <param name="Descending">The direction of each.</param>
internal sealed record OrderRequest(IReadOnlyList<int> Columns, IReadOnlyList<bool> Descending);
