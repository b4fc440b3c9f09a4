using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>INSERT [OR action] INTO t [(columns)] VALUES ..|SELECT ..|DEFAULT VALUES [ON CONFLICT ..]</c>, and <c>REPLACE INTO</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="OnConflict">The OR action; REPLACE INTO gives Replace.</param>
/// <param name="Table">The target table.</param>
/// <param name="Alias">The alias after AS, or null.</param>
/// <param name="Columns">The column list; empty when absent.</param>
/// <param name="Source">The rows to insert (VALUES is a <see cref="ValuesClause"/> body); null for DEFAULT VALUES.</param>
internal sealed record InsertStatement(
    SourcePosition Position,
    ConflictResolution OnConflict,
    QualifiedName Table,
    string? Alias,
    ImmutableArray<Identifier> Columns,
    SelectStatement? Source)
    : Statement(Position)
{
    /// <summary>The upsert clauses, in order; empty when there are none.</summary>
    public ImmutableArray<UpsertClause> Upserts { get; init; } = [];
}
