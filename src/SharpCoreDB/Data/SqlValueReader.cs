using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <summary>
/// The CLR forms of an SQL value, shared by everything that hands values to application code: the data reader's
/// typed getters and the arguments of functions registered from C#. The forms read are in docs/TYPES.md.
/// </summary>
internal static class SqlValueReader
{
    /// <summary>
    /// The value as <typeparamref name="T"/> (every type <see cref="SharpCoreDBDataReader.GetFieldValue{T}"/> lists);
    /// NULL reads as null for reference and nullable types.
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position, for <paramref name="origin"/>.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value has no form of <typeparamref name="T"/> (or is NULL and
    /// <typeparamref name="T"/> cannot be null).</exception>
    /// <exception cref="OverflowException">An integer does not fit a narrower integer type.</exception>
    public static T Get<T>(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        // typeof(T) tests are folded by the JIT per T, so value types are neither boxed nor tested one by one.
        if (default(T) is null)
        {
            if (value.IsNull)
            {
                return typeof(T) == typeof(DBNull) ? (T)(object)DBNull.Value : default!;
            }

            if (typeof(T).IsValueType)
            {
                return NullableField<T>.Read(value, origin, ordinal);
            }
        }

        if (typeof(T) == typeof(long)) { return (T)(object)GetInt64(value, origin, ordinal); }
        if (typeof(T) == typeof(int)) { return (T)(object)checked((int)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(short)) { return (T)(object)checked((short)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(byte)) { return (T)(object)checked((byte)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(sbyte)) { return (T)(object)checked((sbyte)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(ushort)) { return (T)(object)checked((ushort)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(uint)) { return (T)(object)checked((uint)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(ulong)) { return (T)(object)checked((ulong)GetInt64(value, origin, ordinal)); }
        if (typeof(T) == typeof(bool)) { return (T)(object)GetBoolean(value, origin, ordinal); }
        if (typeof(T) == typeof(double)) { return (T)(object)GetDouble(value, origin, ordinal); }
        if (typeof(T) == typeof(float)) { return (T)(object)(float)GetDouble(value, origin, ordinal); }
        if (typeof(T) == typeof(decimal)) { return (T)(object)GetDecimal(value, origin, ordinal); }
        if (typeof(T) == typeof(char)) { return (T)(object)GetChar(value, origin, ordinal); }
        if (typeof(T) == typeof(DateTime)) { return (T)(object)GetDateTime(value, origin, ordinal); }
        if (typeof(T) == typeof(DateTimeOffset)) { return (T)(object)GetDateTimeOffset(value, origin, ordinal); }
        if (typeof(T) == typeof(DateOnly)) { return (T)(object)GetDateOnly(value, origin, ordinal); }
        if (typeof(T) == typeof(TimeOnly)) { return (T)(object)GetTimeOnly(value, origin, ordinal); }
        if (typeof(T) == typeof(TimeSpan)) { return (T)(object)GetTimeSpan(value, origin, ordinal); }
        if (typeof(T) == typeof(Guid)) { return (T)(object)GetGuid(value, origin, ordinal); }
        if (typeof(T) == typeof(ReadOnlyMemory<byte>)) { return (T)(object)new ReadOnlyMemory<byte>(GetBlobCopy(value, origin, ordinal)); }
        if (typeof(T) == typeof(Memory<byte>)) { return (T)(object)new Memory<byte>(GetBlobCopy(value, origin, ordinal)); }
        if (typeof(T) == typeof(string)) { return (T)(object)GetString(value, origin, ordinal); }
        if (typeof(T) == typeof(byte[])) { return (T)(object)GetBlobCopy(value, origin, ordinal); }
        if (typeof(T) == typeof(Stream)) { return (T)(object)new MemoryStream(GetBlobCopy(value, origin, ordinal), writable: false); }
        if (typeof(T) == typeof(TextReader)) { return (T)(object)new StringReader(GetString(value, origin, ordinal)); }
        if (typeof(T) == typeof(object)) { return (T)ToObject(value); }
        if (typeof(T).IsEnum) { return ToEnum<T>(GetInt64(value, origin, ordinal)); }
        if (ToObject(value) is T same)
        {
            return same;
        }

        throw new InvalidCastException($"{origin.Describe(ordinal)} cannot be read as {typeof(T).Name}; docs/TYPES.md lists the types GetFieldValue reads.");
    }

    /// <summary>The value in its declared CLR type, or <see cref="DBNull.Value"/> for NULL.</summary>
    /// <param name="value">The value.</param>
    /// <returns>The object.</returns>
    public static object ToObject(in SqlValue value)
    {
        object result = value.ToObject();

        // An array of its own, as Microsoft.Data.Sqlite gives: the value's array may be the engine's or a parameter's,
        // and changing the result must not change another read or the database. (An inline or borrowed BLOB already
        // comes as a new array.)
        if (result is byte[] bytes && value.HoldsBlobArray)
        {
            return BlobArray.Copy(bytes);
        }

        // TEXT that holds invalid UTF-8 reaches the application as well-formed UTF-16, as from any UTF-8 reader.
        return result is string text ? Utf8Text.ToWellFormed(text) : result;
    }

    /// <summary>A boolean: a number (non-zero is true), or TEXT 'true'/'false' or integer text.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The boolean.</returns>
    public static bool GetBoolean(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        if (value.StorageClass is SqlStorageClass.Integer or SqlStorageClass.Real or SqlStorageClass.Decimal)
        {
            return value.AsBoolean();
        }

        // The text taken once: packed TEXT builds a new string per AsText().
        string? text = value.StorageClass == SqlStorageClass.Text ? value.AsText() : null;
        return text switch
        {
            not null when bool.TryParse(text, out var flag) => flag,
            not null when long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var number) => number != 0,
            _ => throw Cast(value, origin, ordinal, typeof(bool)),
        };
    }

    /// <summary>An integer; a REAL is truncated toward zero and integer text is parsed, as SQLite converts.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The integer.</returns>
    public static long GetInt64(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer:
                return value.AsInt64();
            case SqlStorageClass.Real:
                var real = value.AsDouble();
                // Out-of-range reals would wrap silently; refuse them instead.
                if (real >= -9.2233720368547758E18 && real < 9.2233720368547758E18)
                {
                    return (long)real;
                }

                break;
            case SqlStorageClass.Decimal:
                decimal truncated = decimal.Truncate(value.AsDecimal());
                if (truncated >= long.MinValue && truncated <= long.MaxValue)
                {
                    return (long)truncated;
                }

                break;
            case SqlStorageClass.Text when long.TryParse(value.AsText(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var parsed):
                return parsed;
        }

        throw Cast(value, origin, ordinal, typeof(long));
    }

    /// <summary>A double: any number, or numeric text.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The double.</returns>
    public static double GetDouble(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        return value.StorageClass switch
        {
            SqlStorageClass.Integer or SqlStorageClass.Real or SqlStorageClass.Decimal => value.AsDouble(),
            SqlStorageClass.Text when double.TryParse(value.AsText(), NumberStyles.Float, CultureInfo.InvariantCulture, out var parsed) => parsed,
            _ => throw Cast(value, origin, ordinal, typeof(double)),
        };
    }

    /// <summary>A decimal (see <see cref="SqlValue.AsDecimal"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The decimal.</returns>
    public static decimal GetDecimal(in SqlValue value, IValueOrigin origin, int ordinal) =>
        Named(value, origin, ordinal, static (in SqlValue v) => v.AsDecimal());

    /// <summary>A GUID (see <see cref="SqlValue.AsGuid"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The GUID.</returns>
    public static Guid GetGuid(in SqlValue value, IValueOrigin origin, int ordinal) =>
        Named(value, origin, ordinal, static (in SqlValue v) => v.AsGuid());

    /// <summary>TEXT (invalid UTF-8 in it as U+FFFD); numbers as SQLite renders them; a BLOB decoded as UTF-8.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The string.</returns>
    public static string GetString(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        return value.StorageClass switch
        {
            SqlStorageClass.Text => Utf8Text.ToWellFormed(value.AsText()),
            SqlStorageClass.Integer => value.AsInt64().ToString(CultureInfo.InvariantCulture),
            SqlStorageClass.Real => RealFormatter.FormatText(value.AsDouble()),
            SqlStorageClass.Decimal => value.AsDecimal().ToString(CultureInfo.InvariantCulture),
            _ => Encoding.UTF8.GetString(value.AsBlob()),
        };
    }

    /// <summary>TEXT of exactly one character, or an INTEGER code point (how a char binds as INTEGER).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The character.</returns>
    public static char GetChar(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        switch (value.StorageClass)
        {
            case SqlStorageClass.Integer when value.AsInt64() is >= char.MinValue and <= char.MaxValue:
                return (char)value.AsInt64();
            case SqlStorageClass.Text:
                string text = value.AsText();
                if (text.Length == 1)
                {
                    return text[0];
                }

                break;
        }

        throw new InvalidCastException($"{origin.Describe(ordinal)} holds {value}, which is not one character (TEXT of length 1 or an INTEGER code point).");
    }

    /// <summary>A date and time (see <see cref="SqlValue.TryGetDateTime"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The date and time.</returns>
    public static DateTime GetDateTime(in SqlValue value, IValueOrigin origin, int ordinal) =>
        NotNull(value, origin, ordinal).TryGetDateTime(out DateTime result) ? result : throw Cast(value, origin, ordinal, typeof(DateTime));

    /// <summary>A date, time and offset (see <see cref="SharpCoreDBDataReader.GetDateTimeOffset"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The value.</returns>
    public static DateTimeOffset GetDateTimeOffset(in SqlValue value, IValueOrigin origin, int ordinal) =>
        NotNull(value, origin, ordinal).TryGetDateTimeOffset(out DateTimeOffset result) ? result : throw Cast(value, origin, ordinal, typeof(DateTimeOffset));

    /// <summary>A date (see <see cref="SharpCoreDBDataReader.GetDateOnly"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The date.</returns>
    public static DateOnly GetDateOnly(in SqlValue value, IValueOrigin origin, int ordinal) =>
        NotNull(value, origin, ordinal).TryGetDateOnly(out DateOnly result) ? result : throw Cast(value, origin, ordinal, typeof(DateOnly));

    /// <summary>A time of day (see <see cref="SharpCoreDBDataReader.GetTimeOnly"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The time.</returns>
    public static TimeOnly GetTimeOnly(in SqlValue value, IValueOrigin origin, int ordinal) =>
        NotNull(value, origin, ordinal).TryGetTimeOnly(out TimeOnly result) ? result : throw Cast(value, origin, ordinal, typeof(TimeOnly));

    /// <summary>A duration (see <see cref="SharpCoreDBDataReader.GetTimeSpan"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The duration.</returns>
    public static TimeSpan GetTimeSpan(in SqlValue value, IValueOrigin origin, int ordinal) =>
        NotNull(value, origin, ordinal).TryGetTimeSpan(out TimeSpan result) ? result : throw Cast(value, origin, ordinal, typeof(TimeSpan));

    /// <summary>The bytes of the value, copied: a BLOB as is, TEXT as its stored bytes, numbers as their UTF-8 text.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>A copy the caller may change (the value may share its bytes with the engine's row buffer).</returns>
    public static byte[] GetBlobCopy(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        NotNull(value, origin, ordinal);
        Span<byte> inline = stackalloc byte[PackedBlob.Size];
        return value.StorageClass switch
        {
            // One array, the caller's: an inline BLOB (a GUID) is written straight into it.
            SqlStorageClass.Blob => BlobArray.Copy(value.GetBlobBytes(inline)),

            // TEXT as its stored bytes, invalid UTF-8 included.
            SqlStorageClass.Text => Utf8Text.Encode(value.AsText()),
            _ => Encoding.UTF8.GetBytes(GetString(value, origin, ordinal)),
        };
    }

    /// <summary>Returns <paramref name="value"/>, or throws when it is NULL.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value in errors.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value is NULL.</exception>
    public static ref readonly SqlValue NotNull(in SqlValue value, IValueOrigin origin, int ordinal)
    {
        if (value.IsNull)
        {
            throw new InvalidCastException($"{origin.Describe(ordinal)} is NULL; check IsDBNull first or read a nullable type.");
        }

        return ref value;
    }

    /// <summary>The error for a value that has no form of <paramref name="target"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="origin">Names the value.</param>
    /// <param name="ordinal">The value's position.</param>
    /// <param name="target">The type asked for.</param>
    /// <returns>The exception to throw.</returns>
    public static InvalidCastException Cast(in SqlValue value, IValueOrigin origin, int ordinal, Type target) =>
        new($"{origin.Describe(ordinal)} holds {StorageClassName(value.StorageClass)} {value}, which cannot be read as {target.Name}.");

    // A conversion whose own error names no place: the error is thrown again with the value's origin in front.
    private static TValue Named<TValue>(in SqlValue value, IValueOrigin origin, int ordinal, Conversion<TValue> convert)
    {
        NotNull(value, origin, ordinal);
        try
        {
            return convert(value);
        }
        catch (InvalidCastException e)
        {
            throw new InvalidCastException($"{origin.Describe(ordinal)}: {e.Message}", e);
        }
    }

    private delegate TValue Conversion<TValue>(in SqlValue value);

    // The enum of an integer as Enum.ToObject gives it (the integer's low bytes, so 300 is 44 for an enum over byte),
    // without boxing: on a little-endian machine the low bytes of the long are its first ones.
    private static T ToEnum<T>(long number) =>
        BitConverter.IsLittleEndian ? Unsafe.As<long, T>(ref number) : (T)Enum.ToObject(typeof(T), number);

    private static string StorageClassName(SqlStorageClass storageClass) => storageClass switch
    {
        SqlStorageClass.Integer => "INTEGER",
        SqlStorageClass.Real => "REAL",
        SqlStorageClass.Decimal => "DECIMAL",
        SqlStorageClass.Text => "TEXT",
        SqlStorageClass.Blob => "BLOB",
        _ => "NULL",
    };

    // Nullable<U> read as U (NULL was handled before): one delegate per T, built once, so the read itself neither
    // reflects nor boxes.
    private static class NullableField<T>
    {
        public static readonly ReadUnderlyingValue Read = Create();

        public delegate T ReadUnderlyingValue(in SqlValue value, IValueOrigin origin, int ordinal);

        private static ReadUnderlyingValue Create()
        {
            Type underlying = Nullable.GetUnderlyingType(typeof(T))!;
            MethodInfo method = typeof(NullableField<T>).GetMethod(nameof(ReadUnderlying), BindingFlags.NonPublic | BindingFlags.Static)!
                .MakeGenericMethod(underlying);
            return method.CreateDelegate<ReadUnderlyingValue>();
        }

        private static TValue? ReadUnderlying<TValue>(in SqlValue value, IValueOrigin origin, int ordinal)
            where TValue : struct => Get<TValue>(value, origin, ordinal);
    }
}
