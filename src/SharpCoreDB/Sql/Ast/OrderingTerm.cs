namespace SharpCoreDB.Sql.Ast;

/// <summary>One ORDER BY term; an integer literal names a result column by number.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Expression">The sort key (a COLLATE is part of it).</param>
/// <param name="Order">ASC, DESC or not written.</param>
/// <param name="Nulls">NULLS FIRST, NULLS LAST or not written.</param>
internal sealed record OrderingTerm(
    SourcePosition Position,
    Expression Expression,
    SortOrder Order,
    NullsOrder Nulls)
    : SyntaxNode(Position);
