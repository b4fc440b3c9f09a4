using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>One column of a table as declared: name, type, affinity and constraints.</summary>
internal sealed class ColumnSchema
{
    /// <summary>The column name as declared.</summary>
    public required string Name { get; init; }

    /// <summary>The position of the column in the table (and in its records).</summary>
    public required int Ordinal { get; init; }

    /// <summary>The declared type text (for example <c>VARCHAR(10)</c>), or empty when none was given.</summary>
    public required string DeclaredTypeName { get; init; }

    /// <summary>The SQLite type affinity derived from the declared type.</summary>
    public required Affinity Affinity { get; init; }

    /// <summary>The CLR type the declared type asks for (BOOLEAN, DATETIME, GUID, DECIMAL), or none.</summary>
    public required SqlDeclaredType DeclaredType { get; init; }

    /// <summary>True for NOT NULL columns (and the row-id alias, which is never NULL).</summary>
    public required bool NotNull { get; init; }

    /// <summary>The DEFAULT expression, or null.</summary>
    public Expression? Default { get; init; }

    /// <summary>
    /// The value of this column in a record stored before the column was added (<see cref="StoredDefault"/>): its
    /// constant DEFAULT, else NULL.
    /// </summary>
    public SqlValue Missing { get; init; }

    /// <summary>True when this column is the INTEGER PRIMARY KEY: its value is the row id.</summary>
    public bool IsRowIdAlias { get; init; }

    /// <summary>
    /// In a STRICT table, the only storage class the column stores besides NULL (after its affinity is applied);
    /// <see cref="SqlStorageClass.Null"/> for ANY and for every column of an ordinary table.
    /// </summary>
    public SqlStorageClass StrictClass { get; init; }

    /// <summary>The collation the column declares (<c>COLLATE name</c>, as written), or null for BINARY.</summary>
    public string? Collation { get; init; }

    /// <summary>
    /// The expression of a generated column (<c>AS (…)</c>), or null for an ordinary column. Its value is computed by
    /// the table's writer from the row's other columns and kept in the record, so every reader sees it.
    /// </summary>
    public Expression? Generated { get; init; }

    /// <summary>True for a STORED generated column; false for a VIRTUAL one and for ordinary columns.</summary>
    public bool GeneratedStored { get; init; }
}
