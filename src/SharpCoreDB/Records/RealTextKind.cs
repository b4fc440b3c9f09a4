namespace SharpCoreDB.Records;

/// <summary>What <see cref="NumericText.ParseReal{T}"/> found: the return code of SQLite's <c>sqlite3AtoF</c>.</summary>
internal enum RealTextKind : sbyte
{
    /// <summary>Not a number, and no prefix with a decimal point or exponent (the value is still the digits' prefix, or 0).</summary>
    NotNumeric = 0,

    /// <summary>Not a number as a whole, but a prefix with a decimal point or exponent is (<c>'1.5abc'</c>).</summary>
    RealPrefix = -1,

    /// <summary>The whole text (whitespace aside) is an integer literal (<c>' 12 '</c>).</summary>
    Integer = 1,

    /// <summary>The whole text (whitespace aside) is a number with a decimal point or exponent (<c>'1e5'</c>).</summary>
    Real = 2,
}
