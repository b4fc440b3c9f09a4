namespace SharpCoreDB.Sql.Ast;

/// <summary>A scalar subquery <c>(SELECT ...)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Query">The subquery.</param>
internal sealed record SubqueryExpression(SourcePosition Position, SelectStatement Query) : Expression(Position);
