namespace SharpCoreDB.Sql.Ast;

/// <summary><c>VACUUM [schema] [INTO file]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Schema">The schema named (only <c>main</c> exists), or null.</param>
/// <param name="Into">
/// The file of VACUUM INTO, or null to rebuild the database in place. Only a string literal: SQLite takes any
/// expression here, which this parser refuses with a syntax error.
/// </param>
internal sealed record VacuumStatement(SourcePosition Position, Identifier? Schema, StringLiteral? Into) : Statement(Position);
