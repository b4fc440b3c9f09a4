namespace SharpCoreDB.Sql.Ast;

/// <summary>A result column computed by an expression.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Expression">The expression.</param>
/// <param name="Alias">The alias (with or without AS), or null.</param>
/// <param name="SourceText">The expression exactly as written, which SQLite uses as the column name when there is no alias.</param>
internal sealed record ExpressionResultColumn(
    SourcePosition Position,
    Expression Expression,
    string? Alias,
    string SourceText)
    : ResultColumn(Position);
