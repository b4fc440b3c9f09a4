namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ROLLBACK [TRANSACTION]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal sealed record RollbackStatement(SourcePosition Position) : Statement(Position)
{
    /// <summary>The savepoint of <c>ROLLBACK TO [SAVEPOINT] name</c>, or null for the whole transaction.</summary>
    public string? ToSavepoint { get; init; }
}
