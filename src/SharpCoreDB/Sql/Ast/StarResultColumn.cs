namespace SharpCoreDB.Sql.Ast;

/// <summary><c>*</c> or <c>table.*</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The table or alias before <c>.*</c>, or null for <c>*</c>.</param>
internal sealed record StarResultColumn(SourcePosition Position, string? Table) : ResultColumn(Position);
