namespace SharpCoreDB.Sql.Ast;

/// <summary><c>RELEASE [SAVEPOINT] name</c>: forgets the savepoint and those after it (committing when it began the transaction).</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The savepoint's name.</param>
internal sealed record ReleaseStatement(SourcePosition Position, string Name) : Statement(Position);
