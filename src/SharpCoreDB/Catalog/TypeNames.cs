using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>What a declared column type means beyond its affinity: its text and the CLR type it asks for.</summary>
internal static class TypeNames
{
    /// <summary>The declared type as text, for result-set metadata: <c>VARCHAR(10)</c>, or empty.</summary>
    /// <param name="type">The parsed type, or null.</param>
    /// <returns>The text.</returns>
    public static string Format(TypeName? type)
    {
        if (type is null)
        {
            return string.Empty;
        }

        return type.Arguments.IsDefaultOrEmpty ? type.Name : type.Name + "(" + string.Join(",", type.Arguments) + ")";
    }

    /// <summary>The CLR type a declared type name asks for: BOOLEAN, DATETIME/DATE/TIMESTAMP, UNIXTIME/UNIXEPOCH, DATETIMEOFFSET, TIMESPAN, GUID/UUID, DECIMAL/MONEY.</summary>
    /// <param name="type">The parsed type, or null.</param>
    /// <returns>The declared type tag.</returns>
    public static SqlDeclaredType DeclaredTypeOf(TypeName? type)
    {
        if (type is null)
        {
            return SqlDeclaredType.None;
        }

        string name = type.Name;
        if (Is(name, "BOOLEAN") || Is(name, "BOOL"))
        {
            return SqlDeclaredType.Boolean;
        }

        if (Is(name, "DATETIME") || Is(name, "DATE") || Is(name, "TIMESTAMP"))
        {
            return SqlDeclaredType.DateTime;
        }

        // Numbers in these columns are Unix seconds rather than Julian days.
        if (Is(name, "UNIXTIME") || Is(name, "UNIXEPOCH"))
        {
            return SqlDeclaredType.UnixTime;
        }

        if (Is(name, "DATETIMEOFFSET"))
        {
            return SqlDeclaredType.DateTimeOffset;
        }

        if (Is(name, "TIMESPAN"))
        {
            return SqlDeclaredType.TimeSpan;
        }

        if (Is(name, "GUID") || Is(name, "UUID") || Is(name, "UNIQUEIDENTIFIER"))
        {
            return SqlDeclaredType.Guid;
        }

        // NUMERIC keeps SQLite's NUMERIC affinity exactly (SQLite's own tests and schemas use it); DECIMAL and
        // MONEY ask for exact decimals.
        if (Is(name, "DECIMAL") || Is(name, "MONEY"))
        {
            return SqlDeclaredType.Decimal;
        }

        return SqlDeclaredType.None;
    }

    /// <summary>True when the declared type makes a PRIMARY KEY column the row id: exactly INTEGER, as in SQLite.</summary>
    /// <param name="type">The parsed type, or null.</param>
    /// <returns>Whether it is INTEGER.</returns>
    public static bool IsInteger(TypeName? type) => type is not null && type.Arguments.IsDefaultOrEmpty && Is(type.Name, "INTEGER");

    private static bool Is(string text, string name) => string.Equals(text, name, StringComparison.OrdinalIgnoreCase);
}
