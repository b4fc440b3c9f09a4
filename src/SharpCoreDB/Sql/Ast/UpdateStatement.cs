using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>UPDATE [OR action] t SET c = e, .. [FROM ..] [WHERE ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="OnConflict">The OR action.</param>
/// <param name="Table">The target table.</param>
/// <param name="Alias">The alias, or null.</param>
/// <param name="Assignments">The SET assignments, in order (at least one).</param>
/// <param name="Where">The WHERE condition, or null.</param>
internal sealed record UpdateStatement(
    SourcePosition Position,
    ConflictResolution OnConflict,
    QualifiedName Table,
    string? Alias,
    ImmutableArray<UpdateAssignment> Assignments,
    Expression? Where)
    : Statement(Position)
{
    /// <summary>The FROM clause of <c>UPDATE … FROM</c> (joined with the target), or null.</summary>
    public FromClause? From { get; init; }
}
