namespace SharpCoreDB.Records;

/// <summary>What <see cref="NumericText.ParseInteger{T}"/> found: the return code of SQLite's <c>sqlite3Atoi64</c>.</summary>
internal enum IntegerTextKind : sbyte
{
    /// <summary>No digits at all (the value is 0).</summary>
    NoDigits = -1,

    /// <summary>An integer that fits, with nothing but whitespace after it.</summary>
    Exact = 0,

    /// <summary>An integer that fits, followed by other text.</summary>
    TrailingText = 1,

    /// <summary>Too large for 64 bits (the value is saturated).</summary>
    Overflow = 2,

    /// <summary>Exactly 9223372036854775808 without a minus sign (the value is saturated to long.MaxValue).</summary>
    TwoPow63 = 3,
}
