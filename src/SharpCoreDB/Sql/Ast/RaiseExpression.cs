namespace SharpCoreDB.Sql.Ast;

/// <summary><c>RAISE(IGNORE)</c> or <c>RAISE(ABORT|FAIL|ROLLBACK, message)</c> in a trigger body.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Action">The action.</param>
/// <param name="Message">The error message, or null for IGNORE.</param>
internal sealed record RaiseExpression(
    SourcePosition Position,
    RaiseAction Action,
    string? Message)
    : Expression(Position);
