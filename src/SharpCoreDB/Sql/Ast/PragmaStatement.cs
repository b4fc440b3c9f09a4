namespace SharpCoreDB.Sql.Ast;

/// <summary><c>PRAGMA [schema.]name [= value | (value)]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The pragma name.</param>
/// <param name="Value">The value: a signed number literal, or a <see cref="StringLiteral"/> for a string, name or keyword (SQLite treats them alike); null when absent.</param>
internal sealed record PragmaStatement(
    SourcePosition Position,
    QualifiedName Name,
    Expression? Value)
    : Statement(Position);
