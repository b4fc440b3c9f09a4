using System.Globalization;

namespace SharpCoreDB.Records;

/// <content>Declared types (BOOLEAN, DATETIME, UNIXTIME, GUID, DECIMAL) and CLR conversions at the provider boundary.</content>
internal readonly partial struct SqlValue
{
    /// <summary>Creates a BOOLEAN: INTEGER 0 or 1 tagged <see cref="SqlDeclaredType.Boolean"/>.</summary>
    /// <param name="value">The boolean.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromBoolean(bool value) =>
        new(SqlStorageClass.Integer, value ? 1 : 0, null, SqlDeclaredType.Boolean);

    /// <summary>
    /// Converts a CLR value (a parameter value) to a SQL value: null/DBNull → NULL; integral types and enums →
    /// INTEGER; float/double → REAL; decimal → DECIMAL (or INTEGER when whole with scale 0); string/char → TEXT;
    /// byte[]/ReadOnlyMemory&lt;byte&gt;/Memory&lt;byte&gt; → BLOB; DateTime, DateTimeOffset, DateOnly, TimeOnly →
    /// ISO-8601 TEXT (<see cref="TemporalText"/>); TimeSpan → sortable TEXT (<see cref="TimeSpanText"/>); bool →
    /// INTEGER 0/1; Guid → its declared form.
    /// </summary>
    /// <param name="value">The CLR value.</param>
    /// <returns>The SQL value.</returns>
    /// <exception cref="NotSupportedException">The CLR type has no SQL mapping.</exception>
    /// <exception cref="SharpCoreDBException">A ulong (or an enum over ulong) exceeds long.MaxValue (TypeMismatch):
    /// refused rather than stored as a REAL that would not read back as the same number.</exception>
    public static SqlValue FromObject(object? value)
    {
        // The parameter types bound most often, by exact type first: the switch below tests its arms in turn, and a
        // byte[] came after fourteen of them (about 300 instructions per value in a callgrind profile of a prepared
        // INSERT). An exact type test is one compare; every other type, sbyte[] included, goes through the switch.
        Type? type = value?.GetType();
        if (type == typeof(long))
        {
            return FromInt64((long)value!);
        }

        if (type == typeof(byte[]))
        {
            // The exact type is known: no cast check (a byte[] cast also admits sbyte[], which takes a helper call).
            return FromBlob(System.Runtime.CompilerServices.Unsafe.As<byte[]>(value!));
        }

        if (type == typeof(string))
        {
            return FromText(Utf8Text.ToWellFormed(System.Runtime.CompilerServices.Unsafe.As<string>(value!)));
        }

        if (type == typeof(double))
        {
            return FromDouble((double)value!);
        }

        return FromAnyObject(value);
    }

    // Every CLR type a parameter may carry, in the order the conversions are documented above.
    private static SqlValue FromAnyObject(object? value) => value switch
    {
        null or DBNull => default,
        long l => FromInt64(l),
        int i => FromInt64(i),
        short s => FromInt64(s),
        sbyte sb => FromInt64(sb),
        byte b => FromInt64(b),
        ushort us => FromInt64(us),
        uint ui => FromInt64(ui),
        ulong ul => FromUInt64(ul),
        double d => FromDouble(d),
        float f => FromDouble(f),
        // An application's string is stored as UTF-8 encoders store it: an unpaired surrogate becomes U+FFFD (as
        // Microsoft.Data.Sqlite binds it), so only bytes read back from storage can be escaped invalid UTF-8.
        string str => FromText(Utf8Text.ToWellFormed(str)),
        char c => FromText(c < 0x80 ? AsciiCharText.Of(c) : Utf8Text.ToWellFormed(c.ToString())),
        byte[] bytes => FromBlob(bytes),
        ReadOnlyMemory<byte> memory => FromMemory(memory),
        Memory<byte> memory => FromMemory(memory),
        // Untagged, as SQLite binds it: the column's affinity applies (a TEXT column stores '1').
        bool flag => FromInt64(flag ? 1 : 0),
        // Packed: the text is written where it is stored, so binding a date allocates no string.
        DateTime dateTime => FromDateTimeText(dateTime),
        DateTimeOffset dateTimeOffset => FromDateTimeOffsetText(dateTimeOffset),
        DateOnly date => FromDateText(date),
        TimeOnly time => FromTimeText(time),
        TimeSpan timeSpan => FromTimeSpanText(timeSpan),
        Guid guid => FromGuid(guid),
        decimal dec => FromDecimal(dec),
        // As its underlying integer, so a UInt64 enum above long.MaxValue is refused like the UInt64 itself.
        Enum e => FromEnum(e),
        _ => throw new NotSupportedException($"Values of type {value.GetType()} cannot be stored; use a string, number, byte[], bool, date or time, Guid or decimal."),
    };

    // The underlying integer of a boxed enum, unboxed as that integer type (the runtime unboxes an enum as its
    // underlying type), so binding an enum allocates nothing more.
    private static SqlValue FromEnum(Enum value) => value.GetTypeCode() switch
    {
        TypeCode.SByte => FromInt64((sbyte)(object)value),
        TypeCode.Byte => FromInt64((byte)(object)value),
        TypeCode.Int16 => FromInt64((short)(object)value),
        TypeCode.UInt16 => FromInt64((ushort)(object)value),
        TypeCode.Int32 => FromInt64((int)(object)value),
        TypeCode.UInt32 => FromInt64((uint)(object)value),
        TypeCode.Int64 => FromInt64((long)(object)value),
        TypeCode.UInt64 => FromUInt64((ulong)(object)value),
        _ => FromObject(Convert.ChangeType(value, Enum.GetUnderlyingType(value.GetType()), CultureInfo.InvariantCulture)),
    };

    // Bytes as a byte[] parameter binds them, without a copy where none is needed: 16 bytes held inline, a memory over
    // a whole array referencing that array (as a byte[] is referenced), any other slice copied.
    private static SqlValue FromMemory(ReadOnlyMemory<byte> memory)
    {
        if (memory.Length == PackedBlob.Size)
        {
            return FromBlobBytes(memory.Span);
        }

        return System.Runtime.InteropServices.MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment)
            && segment.Offset == 0 && segment.Count == segment.Array!.Length
                ? FromBlob(segment.Array)
                : FromBlob(memory.ToArray());
    }

    private static SqlValue FromUInt64(ulong value) => value <= long.MaxValue
        ? FromInt64((long)value)
        : throw new SharpCoreDBException(SharpCoreDBErrorCode.TypeMismatch, $"The UInt64 value {value} does not fit a 64-bit signed INTEGER.");

    /// <summary>A numeric value as a boolean (non-zero is true).</summary>
    /// <returns>The boolean.</returns>
    /// <exception cref="InvalidCastException">The value is not numeric.</exception>
    public bool AsBoolean() => StorageClass == SqlStorageClass.Integer ? _bits != 0 : AsDouble() != 0;

    /// <summary>A GUID: a 16-byte big-endian BLOB, or TEXT in any <see cref="Guid.Parse(string)"/> format.</summary>
    /// <returns>The GUID.</returns>
    /// <exception cref="InvalidCastException">The value is not a GUID.</exception>
    public Guid AsGuid()
    {
        if (TryGetGuid(out Guid value))
        {
            return value;
        }

        throw new InvalidCastException($"The value {this} is not a GUID (16-byte BLOB or GUID text).");
    }

    /// <summary>A decimal: a DECIMAL or INTEGER exactly, invariant TEXT parsed, a REAL by its shortest round-trip text.</summary>
    /// <returns>The decimal.</returns>
    /// <exception cref="InvalidCastException">The value is not a number or decimal text, or is out of range.</exception>
    public decimal AsDecimal()
    {
        if (TryGetDecimal(out decimal value))
        {
            return value;
        }

        throw new InvalidCastException($"The value {this} is not a DECIMAL in range.");
    }

    /// <summary>
    /// The value as the CLR object a data reader returns: the declared type when the stored value has that
    /// type's storage form, otherwise long, double, string, byte[] or <see cref="DBNull.Value"/>.
    /// </summary>
    /// <returns>The boxed CLR value.</returns>
    public object ToObject()
    {
        switch (DeclaredType)
        {
            case SqlDeclaredType.Boolean when StorageClass == SqlStorageClass.Integer:
                return _bits != 0;
            case SqlDeclaredType.DateTime or SqlDeclaredType.UnixTime when TryGetDateTime(out DateTime dateTime):
                return dateTime;
            case SqlDeclaredType.DateTimeOffset when TryGetDateTimeOffset(out DateTimeOffset dateTimeOffset):
                return dateTimeOffset;
            case SqlDeclaredType.TimeSpan when TryGetTimeSpan(out TimeSpan timeSpan):
                return timeSpan;
            case SqlDeclaredType.Guid when TryGetGuid(out Guid guid):
                return guid;
            case SqlDeclaredType.Decimal when TryGetDecimal(out decimal dec):
                return dec;
        }

        if (StorageClass == SqlStorageClass.Decimal)
        {
            return RawDecimal;
        }

        return StorageClass switch
        {
            SqlStorageClass.Null => DBNull.Value,
            SqlStorageClass.Integer => _bits,
            SqlStorageClass.Real => BitConverter.Int64BitsToDouble(_bits),
            _ => MaterializedReference!,
        };
    }

    private bool TryGetGuid(out Guid value)
    {
        switch (StorageClass)
        {
            case SqlStorageClass.Blob when _reference is PackedBlob packed:
                value = InlineGuid(packed.Tail);
                return true;
            case SqlStorageClass.Blob when BlobLength == PackedBlob.Size:
                value = new Guid(GetBlobBytes(default), bigEndian: true);
                return true;
            case SqlStorageClass.Text when _reference is PackedText { IsGuid: true } packed:
                value = InlineGuid(packed.GuidTail);
                return true;
            case SqlStorageClass.Text:
                Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                return Guid.TryParse(GetTextChars(buffer), out value);
            default:
                value = default;
                return false;
        }
    }

    private bool TryGetDecimal(out decimal value)
    {
        switch (StorageClass)
        {
            case SqlStorageClass.Text:
                Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                return decimal.TryParse(GetTextChars(buffer), NumberStyles.Float, CultureInfo.InvariantCulture, out value);
            case SqlStorageClass.Integer:
                value = _bits;
                return true;
            case SqlStorageClass.Decimal:
                value = RawDecimal;
                return true;
            case SqlStorageClass.Real:
                double d = BitConverter.Int64BitsToDouble(_bits);
                if (ExactDecimal.TryFromShortest(d, out value))
                {
                    return true;
                }

                // decimal covers ±7.9e28; the explicit conversion throws outside that, so test first.
                if (Math.Abs(d) < 7.9e28)
                {
                    value = (decimal)d;
                    return true;
                }

                value = default;
                return false;
            default:
                value = default;
                return false;
        }
    }
}
