namespace SharpCoreDB.Records;

/// <summary>
/// A declared column type that is stored on top of a storage class, so a reader can hand back the CLR type the
/// application declared. The storage form of each is fixed (it is part of the file format):
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><see cref="Boolean"/>: INTEGER 0 or 1.</item>
/// <item><see cref="DateTime"/>: INTEGER <see cref="System.DateTime.Ticks"/> (100 ns since 0001-01-01). Ticks keep the
/// full precision, order numerically and take at most 8 bytes; the <see cref="System.DateTimeKind"/> is not stored
/// and reads back as <see cref="System.DateTimeKind.Unspecified"/>.</item>
/// <item><see cref="Guid"/>: a 16-byte BLOB in big-endian (RFC 4122) byte order, so the byte order of two GUIDs
/// equals the order of their canonical text forms.</item>
/// <item><see cref="Decimal"/>: a number (<see cref="SqlStorageClass.Decimal"/>, or INTEGER when whole with scale
/// 0); the column keeps exact values exact (see <c>AffinityRules</c>) and hands back <see cref="decimal"/>.</item>
/// </list>
/// The tag is not written into records: it comes from the column's declared type in the catalog and is attached
/// with <see cref="SqlValue.WithDeclaredType"/>. Comparison and key encoding ignore it.
/// </remarks>
internal enum SqlDeclaredType : byte
{
    /// <summary>No declared CLR type: the storage class decides (long, double, string, byte[]).</summary>
    None = 0,

    /// <summary>A <see cref="bool"/> stored as INTEGER 0/1.</summary>
    Boolean = 1,

    /// <summary>A <see cref="System.DateTime"/> stored as INTEGER ticks.</summary>
    DateTime = 2,

    /// <summary>A <see cref="System.Guid"/> stored as a 16-byte big-endian BLOB.</summary>
    Guid = 3,

    /// <summary>A <see cref="decimal"/> stored as an exact number.</summary>
    Decimal = 4,

    /// <summary>
    /// TEXT that a JSON function produced (SQLite's JSON subtype): another JSON function takes it as JSON rather than
    /// as a string. Like SQLite's subtype it lives only while the value passes from function to function; nothing
    /// stores it, and it reads as a string.
    /// </summary>
    Json = 5,
}
