using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CASE [operand] WHEN .. THEN .. [ELSE ..] END</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Operand">The operand of a simple CASE, or null for a searched CASE.</param>
/// <param name="WhenClauses">The WHEN clauses (at least one).</param>
/// <param name="Else">The ELSE expression, or null.</param>
internal sealed record CaseExpression(
    SourcePosition Position,
    Expression? Operand,
    ImmutableArray<WhenClause> WhenClauses,
    Expression? Else)
    : Expression(Position);
