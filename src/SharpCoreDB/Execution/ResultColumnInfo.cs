using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution;

/// <summary>What a result column reports: its name, the declared type of the column it comes from, and affinity.</summary>
/// <param name="Name">The column name (alias, column name, or expression text).</param>
/// <param name="DeclaredTypeName">The declared type text, or empty for expressions.</param>
/// <param name="DeclaredType">The declared CLR type tag.</param>
/// <param name="Affinity">The affinity (for derived tables and IN).</param>
/// <param name="Base">The table column the result column reads unchanged, or null for an expression.</param>
/// <param name="DataTypes">
/// The kinds of value it can give, as SQLite guesses them for a compound SELECT's column affinity: 1 numeric, 2 text,
/// 4 blob (0 for NULL alone).
/// </param>
/// <param name="IsCast">True when the column's expression is a CAST (a compound SELECT whose leftmost arm has one
/// there gives the column a flexible numeric affinity, as in SQLite).</param>
internal sealed record ResultColumnInfo(string Name, string DeclaredTypeName, SqlDeclaredType DeclaredType, Affinity Affinity, BaseColumnInfo? Base = null, int DataTypes = 7, bool IsCast = false)
{
    /// <summary>The collation of the column's expression (SQLite's sqlite3ExprCollSeq), or null for none.</summary>
    public Collation? Collation { get; init; }

    /// <summary>True when the column's expression holds a COLLATE.</summary>
    public bool HasExplicitCollation { get; init; }
}
