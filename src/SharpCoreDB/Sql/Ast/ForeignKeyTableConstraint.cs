using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>FOREIGN KEY (columns) REFERENCES ...</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="ConstraintName">The name after CONSTRAINT, or null.</param>
/// <param name="Columns">The referencing columns.</param>
/// <param name="ForeignKey">The referenced table and actions.</param>
internal sealed record ForeignKeyTableConstraint(
    SourcePosition Position,
    string? ConstraintName,
    ImmutableArray<Identifier> Columns,
    ForeignKeyClause ForeignKey)
    : TableConstraint(Position, ConstraintName);
