namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ALTER TABLE t ADD [COLUMN] column-definition</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The table.</param>
/// <param name="AddColumn">The column to add.</param>
/// <param name="ColumnText">The column definition exactly as written, spliced into the table's stored CREATE TABLE.</param>
internal sealed record AlterTableStatement(
    SourcePosition Position,
    QualifiedName Table,
    ColumnDefinition AddColumn,
    string ColumnText)
    : Statement(Position);
