using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>REFERENCES table [(columns)] [ON DELETE|UPDATE action] [MATCH name] [[NOT] DEFERRABLE [INITIALLY ..]]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The referenced table.</param>
/// <param name="Columns">The referenced columns; empty for the primary key.</param>
/// <param name="OnDelete">The ON DELETE action.</param>
/// <param name="OnUpdate">The ON UPDATE action.</param>
/// <param name="Match">The name after MATCH, or null.</param>
/// <param name="InitiallyDeferred">True for DEFERRABLE INITIALLY DEFERRED: the check runs at commit.</param>
internal sealed record ForeignKeyClause(
    SourcePosition Position,
    string Table,
    ImmutableArray<Identifier> Columns,
    ForeignKeyAction OnDelete,
    ForeignKeyAction OnUpdate,
    string? Match,
    bool InitiallyDeferred)
    : SyntaxNode(Position);
