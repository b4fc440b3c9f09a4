namespace SharpCoreDB.Sql.Ast;

/// <summary><c>DROP TABLE|INDEX|VIEW|TRIGGER [IF EXISTS] name</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Kind">What is dropped.</param>
/// <param name="IfExists">True for IF EXISTS.</param>
/// <param name="Name">The object name.</param>
internal sealed record DropStatement(
    SourcePosition Position,
    SchemaObjectKind Kind,
    bool IfExists,
    QualifiedName Name)
    : Statement(Position);
