namespace SharpCoreDB.Sql.Ast;

/// <summary>A parameter whose value is bound at execution.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Kind">How it was written.</param>
/// <param name="Name">The name with its prefix (<c>@id</c>, <c>:id</c>, <c>$id</c>, <c>?3</c>); null for <c>?</c>.</param>
/// <param name="Ordinal">The 1-based ordinal, assigned as SQLite does: <c>?</c> takes one more than the largest so far, <c>?NNN</c> is NNN, a repeated name reuses its first ordinal.</param>
internal sealed record ParameterExpression(
    SourcePosition Position,
    ParameterKind Kind,
    string? Name,
    int Ordinal)
    : Expression(Position);
