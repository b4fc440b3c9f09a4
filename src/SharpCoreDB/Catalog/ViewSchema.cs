using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>A view: a named SELECT expanded where it is used.</summary>
internal sealed class ViewSchema
{
    /// <summary>The view name.</summary>
    public required string Name { get; init; }

    /// <summary>The column names given in CREATE VIEW v(a, b), or empty to use the query's names.</summary>
    public required ImmutableArray<string> ColumnNames { get; init; }

    /// <summary>The view's query.</summary>
    public required SelectStatement Query { get; init; }

    /// <summary>The CREATE VIEW text.</summary>
    public required string Sql { get; init; }
}
