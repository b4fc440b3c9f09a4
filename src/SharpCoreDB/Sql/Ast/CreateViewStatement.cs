using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [TEMP] VIEW [IF NOT EXISTS] v [(columns)] AS SELECT ..</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Temporary">True for TEMP or TEMPORARY.</param>
/// <param name="IfNotExists">True for IF NOT EXISTS.</param>
/// <param name="Name">The view name.</param>
/// <param name="Columns">The column names; empty when absent.</param>
/// <param name="Query">The query.</param>
/// <param name="SourceText">The statement exactly as written, for the catalog.</param>
internal sealed record CreateViewStatement(
    SourcePosition Position,
    bool Temporary,
    bool IfNotExists,
    QualifiedName Name,
    ImmutableArray<Identifier> Columns,
    SelectStatement Query,
    string SourceText)
    : Statement(Position);
