namespace SharpCoreDB.Sql.Ast;

/// <summary>A floating-point literal such as <c>1.5</c>, <c>.5</c> or <c>1e10</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Value">The value.</param>
internal sealed record RealLiteral(SourcePosition Position, double Value) : Expression(Position);
