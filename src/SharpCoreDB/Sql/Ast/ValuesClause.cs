using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>VALUES (..), (..)</c> used as a query or as the rows of an INSERT.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Rows">The rows (at least one, each non-empty).</param>
internal sealed record ValuesClause(
    SourcePosition Position,
    ImmutableArray<ImmutableArray<Expression>> Rows)
    : SelectBody(Position);
