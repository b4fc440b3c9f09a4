namespace SharpCoreDB.Sql.Ast;

/// <summary>A parenthesized join in FROM: <c>(a JOIN b ON ..)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Join">The tables joined inside the parentheses.</param>
internal sealed record NestedJoinSource(SourcePosition Position, FromClause Join) : TableSource(Position);
