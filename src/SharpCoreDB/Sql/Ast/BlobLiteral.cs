using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A blob literal <c>X'0A0B'</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Value">The bytes.</param>
internal sealed record BlobLiteral(SourcePosition Position, ImmutableArray<byte> Value) : Expression(Position);
