namespace SharpCoreDB.Sql.Ast;

/// <summary>One <c>WHEN condition THEN result</c> of a CASE expression.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Condition">The WHEN expression (compared with the CASE operand when there is one).</param>
/// <param name="Result">The THEN expression.</param>
internal sealed record WhenClause(
    SourcePosition Position,
    Expression Condition,
    Expression Result)
    : SyntaxNode(Position);
