using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>A table-valued function in FROM: <c>name(arg, ...) [[AS] alias]</c>, such as <c>json_each(t.doc)</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Name">The function name as written (compare case-insensitively).</param>
/// <param name="Arguments">The arguments; empty for <c>name()</c>.</param>
/// <param name="Alias">The alias, or null.</param>
internal sealed record TableFunctionSource(
    SourcePosition Position,
    string Name,
    ImmutableArray<Expression> Arguments,
    string? Alias)
    : TableSource(Position);
