namespace SharpCoreDB;

/// <summary>
/// The storage class a parameter asks for (<see cref="SharpCoreDBParameter.StorageType"/>), like
/// Microsoft.Data.Sqlite's <c>SqliteType</c>. It chooses between the forms a CLR type can be stored in; it does not
/// convert between unrelated types (an <see cref="int"/> stays INTEGER whatever is asked). See docs/TYPES.md.
/// </summary>
public enum SharpCoreDBType
{
    /// <summary>INTEGER: a <see cref="char"/> as its code point; a DateTime, DateTimeOffset or DateOnly as whole Unix
    /// seconds (UTC).</summary>
    Integer = 1,

    /// <summary>REAL: a DateTime, DateTimeOffset or DateOnly as a Julian day number; a TimeOnly as the fraction of a
    /// day; a TimeSpan as days; a decimal as the nearest double.</summary>
    Real = 2,

    /// <summary>TEXT: a Guid as upper-case text (<c>01020304-0506-...</c>, as Microsoft.Data.Sqlite binds it); a
    /// decimal as untagged invariant text, to which the column's affinity then applies.</summary>
    Text = 3,

    /// <summary>BLOB: the default form of a Guid and of byte arrays and memory.</summary>
    Blob = 4,
}
