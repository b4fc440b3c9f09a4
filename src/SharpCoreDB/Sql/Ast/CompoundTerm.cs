namespace SharpCoreDB.Sql.Ast;

/// <summary>One <c>UNION|UNION ALL|INTERSECT|EXCEPT select</c> step of a compound SELECT.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operator">How this term combines with the result so far.</param>
/// <param name="Select">The term (a <see cref="SelectCore"/> or <see cref="ValuesClause"/>).</param>
internal sealed record CompoundTerm(
    SourcePosition Position,
    CompoundOperator Operator,
    SelectBody Select)
    : SyntaxNode(Position);
