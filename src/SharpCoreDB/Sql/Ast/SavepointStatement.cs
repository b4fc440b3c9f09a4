namespace SharpCoreDB.Sql.Ast;

/// <summary><c>SAVEPOINT name</c>: marks a point of the transaction to roll back to (starting one when there is none).</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The savepoint's name.</param>
internal sealed record SavepointStatement(SourcePosition Position, string Name) : Statement(Position);
