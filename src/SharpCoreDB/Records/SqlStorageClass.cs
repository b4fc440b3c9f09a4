namespace SharpCoreDB.Records;

/// <summary>
/// How a value is physically stored, as in SQLite, plus an exact DECIMAL. The numeric values up to BLOB are the
/// comparison rank of the class: NULL sorts before numbers, numbers before TEXT, TEXT before BLOB; REAL and DECIMAL
/// rank with INTEGER (<see cref="SqlValueComparer"/>).
/// </summary>
internal enum SqlStorageClass : byte
{
    /// <summary>SQL NULL.</summary>
    Null = 0,

    /// <summary>A signed 64-bit integer.</summary>
    Integer = 1,

    /// <summary>An IEEE-754 double; never NaN (NaN is stored as NULL, like SQLite).</summary>
    Real = 2,

    /// <summary>A string, stored as UTF-8.</summary>
    Text = 3,

    /// <summary>Raw bytes.</summary>
    Blob = 4,

    /// <summary>
    /// An exact <see cref="decimal"/> that is not a whole number of scale 0 in long range (those are INTEGER). SQL
    /// sees a number (<c>typeof</c> says 'real'); it keeps its scale (1.50) but compares by value (1.50 = 1.5).
    /// </summary>
    Decimal = 5,
}
