using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <summary>A column a FROM source offers to name resolution.</summary>
/// <param name="Name">The column name.</param>
/// <param name="Index">The position in the source's slot row.</param>
/// <param name="Affinity">The affinity.</param>
/// <param name="DeclaredType">The declared CLR type.</param>
/// <param name="DeclaredTypeName">The declared type text.</param>
internal sealed record SourceColumn(string Name, int Index, Affinity Affinity, SqlDeclaredType DeclaredType, string DeclaredTypeName)
{
    /// <summary>The collation the column compares with (BINARY unless it declares one).</summary>
    public Collation Collation { get; init; } = Collation.Binary;

    /// <summary>
    /// True for a hidden column (a table-valued function's argument columns, such as json_each's <c>json</c> and
    /// <c>root</c>): found by name, but not part of <c>*</c>, as in SQLite.
    /// </summary>
    public bool Hidden { get; init; }
}
