using SharpCoreDB.Records;

namespace SharpCoreDB.Planning;

/// <summary>An ORDER BY that one table's access path might deliver: columns of the table slot with directions.</summary>
/// <param name="Columns">The table slot columns in ORDER BY order; -1 for a term that is an expression over the table.</param>
/// <param name="Descending">The direction of each.</param>
/// <param name="Expressions">Each term that is an expression over the table's slot only (an index on that expression may deliver it), else null; null when every term is a column.</param>
internal sealed record OrderRequest(IReadOnlyList<int> Columns, IReadOnlyList<bool> Descending, IReadOnlyList<Execution.Expressions.Expr?>? Expressions = null)
{
    /// <summary>The collation of each key (null for BINARY); an index delivers the order only in the same ones.</summary>
    public IReadOnlyList<Collation?>? Collations { get; init; }
}
