namespace SharpCoreDB.Sql.Ast;

/// <summary>One <c>column = value</c> of an UPDATE's SET list; the position is the column's.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Column">The column name.</param>
/// <param name="Value">The new value.</param>
internal sealed record UpdateAssignment(SourcePosition Position, string Column, Expression Value) : SyntaxNode(Position);
