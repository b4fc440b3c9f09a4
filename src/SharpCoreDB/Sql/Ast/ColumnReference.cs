namespace SharpCoreDB.Sql.Ast;

/// <summary>A column name, possibly qualified: <c>c</c>, <c>t.c</c> or <c>s.t.c</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Schema">The schema qualifier, or null.</param>
/// <param name="Table">The table or alias qualifier, or null.</param>
/// <param name="Column">The column name, without quotes.</param>
internal sealed record ColumnReference(
    SourcePosition Position,
    string? Schema,
    string? Table,
    string Column)
    : Expression(Position);
