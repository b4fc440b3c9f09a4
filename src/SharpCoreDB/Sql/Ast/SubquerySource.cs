namespace SharpCoreDB.Sql.Ast;

/// <summary>A subquery in FROM: <c>(SELECT ...) [[AS] alias]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Query">The subquery.</param>
/// <param name="Alias">The alias, or null.</param>
internal sealed record SubquerySource(
    SourcePosition Position,
    SelectStatement Query,
    string? Alias)
    : TableSource(Position);
