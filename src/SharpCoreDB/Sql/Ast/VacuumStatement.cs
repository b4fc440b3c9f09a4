namespace SharpCoreDB.Sql.Ast;

/// <summary><c>VACUUM [schema] [INTO file]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Schema">The schema named (only <c>main</c> exists), or null.</param>
/// <param name="Into">The file of VACUUM INTO (a string literal or a parameter), or null to rebuild the database in place.</param>
internal sealed record VacuumStatement(SourcePosition Position, Identifier? Schema, Expression? Into) : Statement(Position);
