using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A column in CREATE TABLE: name, optional type and constraints.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The column name.</param>
/// <param name="Type">The declared type, or null.</param>
/// <param name="Constraints">The constraints, in order.</param>
internal sealed record ColumnDefinition(
    SourcePosition Position,
    string Name,
    TypeName? Type,
    ImmutableArray<ColumnConstraint> Constraints)
    : SyntaxNode(Position);
