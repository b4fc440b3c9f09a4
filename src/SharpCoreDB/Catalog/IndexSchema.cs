using System.Collections.Immutable;

namespace SharpCoreDB.Catalog;

/// <summary>
/// An index: a B+tree keyed by the order-preserving encoding of (key columns…, row id) with empty values.
/// Unique indexes reject a second entry whose key columns are equal and all non-NULL.
/// </summary>
internal sealed class IndexSchema
{
    /// <summary>The index name.</summary>
    public required string Name { get; init; }

    /// <summary>The indexed table's name.</summary>
    public required string TableName { get; init; }

    /// <summary>The key columns in key order.</summary>
    public required ImmutableArray<IndexColumn> Columns { get; init; }

    /// <summary>True when equal non-NULL keys are rejected.</summary>
    public required bool IsUnique { get; init; }

    /// <summary>The root page of the index tree.</summary>
    public required uint RootPage { get; init; }

    /// <summary>Why the index exists.</summary>
    public required IndexOrigin Origin { get; init; }

    /// <summary>
    /// The WHERE of a partial index: only rows for which it is true have an entry (and a UNIQUE partial index
    /// constrains only those); null for a full index.
    /// </summary>
    public Sql.Ast.Expression? Where { get; init; }

    /// <summary>
    /// True for the PRIMARY KEY of a WITHOUT ROWID table: the table tree itself, keyed by the encoded key columns
    /// alone (no row id, no type suffix), whose values are the rows' records.
    /// </summary>
    public bool IsClustered { get; init; }

    /// <summary>The CREATE INDEX text, or null for an index that enforces a table constraint.</summary>
    public string? Sql { get; init; }

    /// <summary>True when a key column is an expression (its value is computed from the row, never stored in it).</summary>
    public bool HasExpression
    {
        get
        {
            foreach (IndexColumn column in Columns)
            {
                if (column.Expression is not null)
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>
    /// True when a key column has a user collation: the tree is then ordered by a comparer, not by bytes (see
    /// <see cref="Records.CollatedKeyComparer"/>).
    /// </summary>
    public bool HasUserCollation
    {
        get
        {
            foreach (IndexColumn column in Columns)
            {
                if (column.Collation is { Kind: Records.CollationKind.User })
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>True when every key column is DESC-free (all ascending).</summary>
    public bool HasDescendingColumn
    {
        get
        {
            foreach (IndexColumn column in Columns)
            {
                if (column.Descending)
                {
                    return true;
                }
            }

            return false;
        }
    }
}
