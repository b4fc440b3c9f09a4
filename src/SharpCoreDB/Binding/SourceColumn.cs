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
}
