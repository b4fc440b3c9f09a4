namespace SharpCoreDB.Sql.Ast;

/// <summary><c>EXISTS (SELECT ...)</c>; <c>NOT EXISTS</c> is a NOT around it.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Query">The subquery.</param>
internal sealed record ExistsExpression(SourcePosition Position, SelectStatement Query) : Expression(Position);
