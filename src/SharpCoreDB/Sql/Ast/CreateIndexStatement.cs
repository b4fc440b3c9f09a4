using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [UNIQUE] INDEX [IF NOT EXISTS] i ON t (columns) [WHERE ..]</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Unique">True for UNIQUE.</param>
/// <param name="IfNotExists">True for IF NOT EXISTS.</param>
/// <param name="Name">The index name.</param>
/// <param name="Table">The indexed table.</param>
/// <param name="Columns">The indexed columns.</param>
/// <param name="Where">The condition of a partial index, or null.</param>
/// <param name="SourceText">The statement exactly as written, for the catalog.</param>
internal sealed record CreateIndexStatement(
    SourcePosition Position,
    bool Unique,
    bool IfNotExists,
    QualifiedName Name,
    QualifiedName Table,
    ImmutableArray<IndexedColumn> Columns,
    Expression? Where,
    string SourceText)
    : Statement(Position);
