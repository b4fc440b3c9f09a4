using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.InteropServices;

namespace SharpCoreDB.Records;

/// <summary>
/// One SQL value: NULL, INTEGER, REAL, DECIMAL, TEXT or BLOB, plus an optional declared-type tag
/// (<see cref="SqlDeclaredType"/>). A struct without boxing: integers and reals share one 8-byte field, text and
/// blobs are referenced, and <c>default</c> is NULL.
/// </summary>
/// <remarks>
/// A DECIMAL keeps its 96-bit mantissa in the 8-byte field plus a 4-byte one, and its sign and scale in a byte:
/// those fit the padding the reference, the long and the two class bytes leave in a 24-byte struct, so decimals
/// need no heap box and no other value grows (a test pins the size).
/// </remarks>
/// <remarks>
/// NaN is never stored: <see cref="FromDouble"/> turns it into NULL, as SQLite does, so every REAL orders.
/// Comparison lives in <see cref="SqlValueComparer"/>; the on-disk forms in <see cref="RecordWriter"/> and
/// <see cref="KeyEncoder"/>.
/// </remarks>
[StructLayout(LayoutKind.Auto)]
[DebuggerDisplay("{ToString(),nq}")]
internal readonly partial struct SqlValue
{
    // string (or a PackedText form) for TEXT, byte[] for BLOB, null otherwise.
    private readonly object? _reference;

    // The INTEGER value, or the bits of the REAL (BitConverter.DoubleToInt64Bits), or a DECIMAL's low 64 mantissa
    // bits, or a packed TEXT's payload.
    private readonly long _bits;

    // A DECIMAL's high 32 mantissa bits, or the offset in minutes of a packed date, time and offset.
    private readonly uint _decimalHigh;

    // A DECIMAL's scale (bits 0-4) and sign (bit 7).
    private readonly byte _decimalFlags;

    // Two more payload bytes of a 16-byte value held inline (SqlValue.Inline16.cs); zero otherwise.
    private readonly ushort _inlineMiddle;

    // The storage class (low nibble) and the declared type (high nibble) in one byte: that frees the byte the inline
    // 16-byte values need without growing the struct past 24 bytes.
    private readonly byte _classes;

    private SqlValue(SqlStorageClass storageClass, long bits, object? reference, SqlDeclaredType declaredType)
    {
        _classes = Classes(storageClass, declaredType);
        _bits = bits;
        _reference = reference;
    }

    private SqlValue(in SqlValue value, SqlDeclaredType declaredType)
    {
        _classes = Classes(value.StorageClass, declaredType);
        _bits = value._bits;
        _reference = value._reference;
        _decimalHigh = value._decimalHigh;
        _decimalFlags = value._decimalFlags;
        _inlineMiddle = value._inlineMiddle;
    }

    private SqlValue(long low, uint high, byte flags, SqlDeclaredType declaredType)
    {
        _classes = Classes(SqlStorageClass.Decimal, declaredType);
        _bits = low;
        _decimalHigh = high;
        _decimalFlags = flags;
    }

    /// <summary>The NULL value (same as <c>default</c>).</summary>
    public static SqlValue Null => default;

    /// <summary>How the value is stored.</summary>
    public SqlStorageClass StorageClass => (SqlStorageClass)(_classes & 0x0F);

    /// <summary>The declared CLR type attached to the value, or <see cref="SqlDeclaredType.None"/>.</summary>
    public SqlDeclaredType DeclaredType => (SqlDeclaredType)(_classes >> 4);

    /// <summary>True for SQL NULL.</summary>
    public bool IsNull => StorageClass == SqlStorageClass.Null;

    /// <summary>True for INTEGER, REAL and DECIMAL.</summary>
    public bool IsNumeric => StorageClass is SqlStorageClass.Integer or SqlStorageClass.Real or SqlStorageClass.Decimal;

    /// <summary>Creates an INTEGER.</summary>
    /// <param name="value">The integer.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromInt64(long value) => new(SqlStorageClass.Integer, value, null, SqlDeclaredType.None);

    /// <summary>Creates a REAL; NaN becomes NULL (SQLite never stores NaN).</summary>
    /// <param name="value">The double.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromDouble(double value) =>
        double.IsNaN(value)
            ? default
            : new(SqlStorageClass.Real, BitConverter.DoubleToInt64Bits(value), null, SqlDeclaredType.None);

    /// <summary>Creates a TEXT value.</summary>
    /// <param name="value">The string (stored as UTF-8 by <see cref="Utf8Text"/>: U+DC80–U+DCFF unpaired stand for
    /// the invalid bytes 80–FF, any other unpaired surrogate becomes U+FFFD).</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null; use <see cref="Null"/>.</exception>
    public static SqlValue FromText(string value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return new(SqlStorageClass.Text, 0, value, SqlDeclaredType.None);
    }

    /// <summary>Creates a BLOB value. The array is referenced, not copied.</summary>
    /// <param name="value">The bytes.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null; use <see cref="Null"/>.</exception>
    public static SqlValue FromBlob(byte[] value)
    {
        ArgumentNullException.ThrowIfNull(value);
        return new(SqlStorageClass.Blob, 0, value, SqlDeclaredType.None);
    }

    /// <summary>The same stored value tagged with a declared CLR type.</summary>
    /// <param name="declaredType">The declared type.</param>
    /// <returns>The tagged value.</returns>
    public SqlValue WithDeclaredType(SqlDeclaredType declaredType) => new(this, declaredType);

    /// <summary>The INTEGER value.</summary>
    /// <returns>The integer.</returns>
    /// <exception cref="InvalidCastException">The value is not an INTEGER.</exception>
    public long AsInt64()
    {
        if (StorageClass != SqlStorageClass.Integer)
        {
            ThrowWrongClass(SqlStorageClass.Integer);
        }

        return _bits;
    }

    /// <summary>The numeric value as a double: a REAL as is, an INTEGER or DECIMAL converted (rounded to nearest).</summary>
    /// <returns>The double.</returns>
    /// <exception cref="InvalidCastException">The value is not numeric.</exception>
    public double AsDouble()
    {
        if (StorageClass == SqlStorageClass.Real)
        {
            return BitConverter.Int64BitsToDouble(_bits);
        }

        if (StorageClass == SqlStorageClass.Decimal)
        {
            return (double)RawDecimal;
        }

        if (StorageClass != SqlStorageClass.Integer)
        {
            ThrowWrongClass(SqlStorageClass.Real);
        }

        return _bits;
    }

    /// <summary>The TEXT value (a packed one's text as a new string).</summary>
    /// <returns>The string.</returns>
    /// <exception cref="InvalidCastException">The value is not TEXT.</exception>
    public string AsText()
    {
        if (StorageClass != SqlStorageClass.Text)
        {
            ThrowWrongClass(SqlStorageClass.Text);
        }

        return _reference as string ?? (string)MaterializedReference!;
    }

    /// <summary>The BLOB value (the stored array, not a copy; a 16-byte BLOB held inline as a new array).</summary>
    /// <returns>The bytes.</returns>
    /// <exception cref="InvalidCastException">The value is not a BLOB.</exception>
    public byte[] AsBlob()
    {
        if (StorageClass != SqlStorageClass.Blob)
        {
            ThrowWrongClass(SqlStorageClass.Blob);
        }

        return _reference as byte[] ?? (byte[])MaterializedReference!;
    }

    /// <summary>The bits of a REAL or the INTEGER itself, without a class check (for encoders that switched on
    /// <see cref="StorageClass"/> already).</summary>
    internal long RawBits => _bits;

    /// <summary>The string or byte array of TEXT/BLOB, without a class check (a packed TEXT's as a new string, an inline
    /// BLOB's as a new array: code on hot paths asks <see cref="IsPackedText"/> and <see cref="GetTextChars"/>, or
    /// <see cref="GetBlobBytes"/>, instead).</summary>
    internal object? RawReference => MaterializedReference;

    /// <summary>A debugging form: SQL literal syntax.</summary>
    /// <returns>NULL, 42, 4.5, 'text' or X'0A0B'.</returns>
    public override string ToString() => StorageClass switch
    {
        SqlStorageClass.Null => "NULL",
        SqlStorageClass.Integer => _bits.ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Real => RealFormatter.FormatText(BitConverter.Int64BitsToDouble(_bits)),
        SqlStorageClass.Decimal => RawDecimal.ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Text => "'" + AsText().Replace("'", "''", StringComparison.Ordinal) + "'",
        _ => "X'" + Convert.ToHexString(AsBlob()) + "'",
    };

    private static byte Classes(SqlStorageClass storageClass, SqlDeclaredType declaredType) =>
        (byte)((int)storageClass | ((int)declaredType << 4));

    [DoesNotReturn]
    private void ThrowWrongClass(SqlStorageClass wanted) =>
        throw new InvalidCastException($"The value is {StorageClass}, not {wanted}.");
}
