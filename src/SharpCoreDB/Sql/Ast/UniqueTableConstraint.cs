using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>UNIQUE (columns) [ON CONFLICT ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Columns">The columns.</param>
/// <param name="OnConflict">The conflict clause.</param>
internal sealed record UniqueTableConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ImmutableArray<IndexedColumn> Columns,
    ConflictResolution OnConflict)
    : TableConstraint(Position, ConstraintName);
