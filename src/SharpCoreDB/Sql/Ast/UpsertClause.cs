using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ON CONFLICT [(columns)] DO NOTHING | DO UPDATE SET .. [WHERE ..]</c> after an INSERT's rows.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Target">The conflict target's columns; empty for a clause that takes any uniqueness conflict.</param>
/// <param name="TargetWhere">The WHERE after the target (it picks a partial index; with only full indexes it picks nothing), or null.</param>
/// <param name="DoNothing">True for DO NOTHING.</param>
/// <param name="Assignments">DO UPDATE's SET list; empty for DO NOTHING.</param>
/// <param name="Where">DO UPDATE's WHERE condition, or null.</param>
internal sealed record UpsertClause(
    SourcePosition Position,
    ImmutableArray<Identifier> Target,
    Expression? TargetWhere,
    bool DoNothing,
    ImmutableArray<UpdateAssignment> Assignments,
    Expression? Where)
    : SyntaxNode(Position);
