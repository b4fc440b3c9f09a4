using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A FROM clause (or a parenthesized join), kept flat: the first table and the joins that follow it in order.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="First">The first table.</param>
/// <param name="Joins">The joined tables, in order; empty for one table.</param>
internal sealed record FromClause(
    SourcePosition Position,
    TableSource First,
    ImmutableArray<JoinClause> Joins)
    : SyntaxNode(Position);
