namespace SharpCoreDB.Records;

/// <summary>
/// A declared column type that is stored on top of a storage class, so a reader can hand back the CLR type the
/// application declared. The storage form of each is fixed (it is part of the file format):
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item><see cref="Boolean"/>: INTEGER 0 or 1.</item>
/// <item><see cref="DateTime"/>: whatever SQLite's date functions read. A bound <see cref="System.DateTime"/> is
/// ISO-8601 TEXT (<c>yyyy-MM-dd HH:mm:ss.FFFFFFF</c>, see <see cref="TemporalText"/>), so it sorts, compares with
/// ISO literals and feeds <c>date()</c>; a REAL or INTEGER reads as a Julian day number (see <see cref="JulianDay"/>).
/// The tag changes nothing stored: the column is NUMERIC, as in SQLite.</item>
/// <item><see cref="DateTimeOffset"/> and <see cref="TimeSpan"/>: TEXT as a parameter of that type binds it; the tag
/// only tells a reader (and so Dapper) which CLR type to hand back.</item>
/// <item><see cref="UnixTime"/>: like <see cref="DateTime"/>, except that a REAL or INTEGER reads as Unix seconds.</item>
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

    /// <summary>A <see cref="System.DateTime"/>: ISO-8601 TEXT, or a Julian day number.</summary>
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

    /// <summary>A <see cref="System.DateTime"/> declared <c>UNIXTIME</c> or <c>UNIXEPOCH</c>: ISO-8601 TEXT, or Unix
    /// seconds (UTC) as INTEGER or REAL.</summary>
    UnixTime = 6,

    /// <summary>A <see cref="System.DateTimeOffset"/> declared <c>DATETIMEOFFSET</c>: ISO-8601 TEXT with its offset.</summary>
    DateTimeOffset = 7,

    /// <summary>A <see cref="System.TimeSpan"/> declared <c>TIMESPAN</c>: the sortable TEXT of <see cref="TimeSpanText"/>
    /// (or .NET's "c" form, or REAL days).</summary>
    TimeSpan = 8,
}
