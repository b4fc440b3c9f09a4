namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CAST(x AS type)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The value.</param>
/// <param name="Type">The target type.</param>
internal sealed record CastExpression(SourcePosition Position, Expression Operand, TypeName Type) : Expression(Position);
