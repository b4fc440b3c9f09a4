namespace SharpCoreDB.Sql.Ast;

/// <summary><c>DELETE FROM t [WHERE ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The target table.</param>
/// <param name="Alias">The alias, or null.</param>
/// <param name="Where">The WHERE condition, or null.</param>
internal sealed record DeleteStatement(
    SourcePosition Position,
    QualifiedName Table,
    string? Alias,
    Expression? Where)
    : Statement(Position);
