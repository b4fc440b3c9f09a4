using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Records;

/// <summary>
/// The row record format (part of the file format). A record is a header followed by the column payloads:
/// </summary>
/// <remarks>
/// <code>
/// [header size: varint, counting its own bytes] [serial type: varint] × columns [payload] × columns
/// </code>
/// Varints are unsigned LEB128 (<see cref="SharpCoreDB.Storage.Format.Varint"/>). Serial types use SQLite's numbering:
/// <code>
///  0       NULL, no payload
///  1..6    INTEGER in 1, 2, 3, 4, 6, 8 bytes, big-endian two's complement
///  7       REAL, 8 bytes big-endian IEEE-754
///  8, 9    INTEGER constants 0 and 1, no payload
///  10      DECIMAL: [n: mantissa bytes, 1..12] [flags: scale 0..28 in bits 0-4, sign in bit 7]
///          [mantissa: n bytes big-endian, no leading zero byte unless n = 1]; the only type whose payload
///          size is read from the payload (2 + n)
///  11      reserved: a record holding it is corrupt
///  N ≥ 12, even   BLOB of (N - 12) / 2 bytes
///  N ≥ 13, odd    TEXT of (N - 13) / 2 bytes of UTF-8
/// </code>
/// A record may hold fewer columns than its table: missing trailing columns read as NULL, so ADD COLUMN does not
/// rewrite rows. Declared types (<see cref="SqlDeclaredType"/>) are not stored; the catalog supplies them.
/// </remarks>
internal static class RecordFormat
{
    /// <summary>The largest record (and so the largest single value) the format allows: 1 GiB.</summary>
    public const int MaxRecordSize = 1 << 30;

    /// <summary>Serial type of NULL.</summary>
    public const ulong NullType = 0;

    /// <summary>Serial type of an 8-byte REAL.</summary>
    public const ulong RealType = 7;

    /// <summary>Serial type of an exact DECIMAL (the payload holds its own size).</summary>
    public const ulong DecimalType = 10;

    /// <summary>The largest mantissa of a DECIMAL payload: 96 bits.</summary>
    public const int MaxDecimalMantissaSize = 12;

    /// <summary>Serial type of the constant integer 0.</summary>
    public const ulong ZeroType = 8;

    /// <summary>Serial type of the constant integer 1.</summary>
    public const ulong OneType = 9;

    /// <summary>The first BLOB serial type (an empty BLOB).</summary>
    public const ulong FirstBlobType = 12;

    /// <summary>The first TEXT serial type (an empty TEXT).</summary>
    public const ulong FirstTextType = 13;

    // Largest serial type a record can hold: TEXT of MaxRecordSize bytes.
    private const ulong MaxSerialType = FirstTextType + (2UL * MaxRecordSize);

    /// <summary>The smallest serial type holding <paramref name="value"/>.</summary>
    /// <param name="value">The integer.</param>
    /// <returns>A serial type from 1 to 6, or 8/9 for 0/1.</returns>
    public static ulong GetIntegerType(long value) => value switch
    {
        0 => ZeroType,
        1 => OneType,
        >= sbyte.MinValue and <= sbyte.MaxValue => 1,
        >= short.MinValue and <= short.MaxValue => 2,
        >= -0x80_0000 and <= 0x7F_FFFF => 3,
        >= int.MinValue and <= int.MaxValue => 4,
        >= -0x8000_0000_0000 and <= 0x7FFF_FFFF_FFFF => 5,
        _ => 6,
    };

    /// <summary>The payload size of an INTEGER serial type 1..6.</summary>
    /// <param name="serialType">The serial type.</param>
    /// <returns>1, 2, 3, 4, 6 or 8.</returns>
    public static int GetIntegerSize(ulong serialType) => serialType switch
    {
        5 => 6,
        6 => 8,
        _ => (int)serialType,
    };

    /// <summary>The INTEGER stored big-endian in <paramref name="bytes"/> (1 to 8 of them), sign-extended from the first.</summary>
    /// <param name="bytes">The payload of an integer serial type 1..6.</param>
    /// <returns>The integer.</returns>
    // Inlined: a filtered scan reads one per probed row (RecordIntegerProbe).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static long ReadInteger(ReadOnlySpan<byte> bytes)
    {
        long value = (sbyte)bytes[0];
        for (int i = 1; i < bytes.Length; i++)
        {
            value = (value << 8) | bytes[i];
        }

        return value;
    }

    /// <summary>The payload size of a serial type, or -1 for the DECIMAL type 10 (sized by its payload), the reserved
    /// type 11 and sizes past the limit.</summary>
    /// <param name="serialType">The serial type.</param>
    /// <returns>The size in bytes, or -1.</returns>
    // Inlined: called per column before the one wanted, for every row a filtered scan probes (RecordIntegerProbe).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int GetPayloadSize(ulong serialType) => serialType switch
    {
        0 or 8 or 9 => 0,
        >= 1 and <= 6 => GetIntegerSize(serialType),
        7 => 8,
        10 or 11 => -1,
        > MaxSerialType => -1,
        _ => (int)((serialType - FirstBlobType) / 2),
    };

    /// <summary>The storage class of a valid serial type.</summary>
    /// <param name="serialType">The serial type.</param>
    /// <returns>The storage class.</returns>
    public static SqlStorageClass GetStorageClass(ulong serialType) => serialType switch
    {
        NullType => SqlStorageClass.Null,
        RealType => SqlStorageClass.Real,
        DecimalType => SqlStorageClass.Decimal,
        < FirstBlobType => SqlStorageClass.Integer,
        _ => (serialType & 1) == 0 ? SqlStorageClass.Blob : SqlStorageClass.Text,
    };

    /// <summary>Throws the error for a damaged record.</summary>
    /// <param name="detail">What is wrong and where in the record.</param>
    [DoesNotReturn]
    public static void ThrowCorrupt(string detail) =>
        throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, "Corrupt row record: " + detail);

    /// <summary>Throws the error for a record over <see cref="MaxRecordSize"/>.</summary>
    /// <param name="size">The size the record would have.</param>
    [DoesNotReturn]
    public static void ThrowTooBig(long size) =>
        throw new SharpCoreDBException(
            SharpCoreDBErrorCode.TooBig,
            $"A row record of {size} bytes exceeds the limit of {MaxRecordSize} bytes.");
}
