using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [TEMP] TABLE [IF NOT EXISTS] t (columns, constraints) [options]</c> or <c>... AS SELECT</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Temporary">True for TEMP or TEMPORARY.</param>
/// <param name="IfNotExists">True for IF NOT EXISTS.</param>
/// <param name="Name">The table name.</param>
/// <param name="Columns">The columns; empty for AS SELECT.</param>
/// <param name="Constraints">The table constraints.</param>
/// <param name="AsSelect">The query of CREATE TABLE .. AS SELECT, or null.</param>
/// <param name="WithoutRowId">True for WITHOUT ROWID.</param>
/// <param name="Strict">True for STRICT.</param>
/// <param name="SourceText">The statement exactly as written (without a trailing semicolon), for the catalog.</param>
internal sealed record CreateTableStatement(
    SourcePosition Position,
    bool Temporary,
    bool IfNotExists,
    QualifiedName Name,
    ImmutableArray<ColumnDefinition> Columns,
    ImmutableArray<TableConstraint> Constraints,
    SelectStatement? AsSelect,
    bool WithoutRowId,
    bool Strict,
    string SourceText)
    : Statement(Position);
