using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>PRIMARY KEY (columns) [ON CONFLICT ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Columns">The key columns.</param>
/// <param name="OnConflict">The conflict clause.</param>
/// <param name="AutoIncrement">True when AUTOINCREMENT follows the (single) column.</param>
internal sealed record PrimaryKeyTableConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ImmutableArray<IndexedColumn> Columns,
    ConflictResolution OnConflict,
    bool AutoIncrement)
    : TableConstraint(Position, ConstraintName);
