using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>One named query of a WITH clause: <c>name [(columns)] AS (query)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The name the rest of the statement uses for the query.</param>
/// <param name="Columns">The column names given after the name; empty when the query's own names are used.</param>
/// <param name="Query">The query.</param>
internal sealed record CommonTableExpression(
    SourcePosition Position,
    Identifier Name,
    ImmutableArray<Identifier> Columns,
    SelectStatement Query)
    : SyntaxNode(Position);
