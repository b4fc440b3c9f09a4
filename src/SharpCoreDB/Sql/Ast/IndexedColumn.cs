namespace SharpCoreDB.Sql.Ast;

/// <summary>A column (or expression) of an index, PRIMARY KEY or UNIQUE constraint.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Expression">The column, usually a <see cref="ColumnReference"/>.</param>
/// <param name="Collation">The COLLATE name, or null.</param>
/// <param name="Order">ASC, DESC or not written.</param>
internal sealed record IndexedColumn(
    SourcePosition Position,
    Expression Expression,
    string? Collation,
    SortOrder Order)
    : SyntaxNode(Position);
