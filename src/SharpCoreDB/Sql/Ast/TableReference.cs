namespace SharpCoreDB.Sql.Ast;

/// <summary>A named table or view: <c>[schema.]name [[AS] alias] [INDEXED BY i | NOT INDEXED]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The table or view name.</param>
/// <param name="Alias">The alias, or null.</param>
/// <param name="IndexedBy">The index named by INDEXED BY, or null.</param>
/// <param name="NotIndexed">True for NOT INDEXED.</param>
internal sealed record TableReference(
    SourcePosition Position,
    QualifiedName Name,
    string? Alias,
    string? IndexedBy,
    bool NotIndexed)
    : TableSource(Position);
