using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A declared type: <c>INTEGER</c>, <c>VARCHAR(8)</c>, <c>DECIMAL(10,2)</c>, <c>UNSIGNED BIG INT</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The type words joined by single spaces, as written (letter case kept).</param>
/// <param name="Arguments">The signed numbers in parentheses, as written (0, 1 or 2 of them).</param>
internal sealed record TypeName(
    SourcePosition Position,
    string Name,
    ImmutableArray<string> Arguments)
    : SyntaxNode(Position);
