namespace SharpCoreDB.Records;

/// <summary>
/// How a value is physically stored, as in SQLite. The numeric values are the comparison rank of the
/// class: NULL sorts before numbers, numbers before TEXT, TEXT before BLOB.
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
}
