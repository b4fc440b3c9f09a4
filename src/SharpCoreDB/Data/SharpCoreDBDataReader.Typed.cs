using System.Reflection;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <content>Typed reads beyond IDataRecord's getters: <see cref="GetFieldValue{T}"/> for every CLR type a parameter
/// binds, the date and time types, streams and text readers. The forms read are in docs/TYPES.md.</content>
public sealed partial class SharpCoreDBDataReader
{
    /// <summary>
    /// The value as <typeparamref name="T"/>: bool, byte, sbyte, short, ushort, int, uint, long, ulong, float, double,
    /// decimal, char, string, byte[], ReadOnlyMemory&lt;byte&gt;, Memory&lt;byte&gt;, Stream, TextReader, Guid, DateTime,
    /// DateTimeOffset, DateOnly, TimeOnly, TimeSpan, an enum (from its integer), object, or Nullable&lt;T&gt; of any of
    /// them. NULL reads as null for reference and nullable types, and as <see cref="DBNull.Value"/> for object.
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The stored value has no form of <typeparamref name="T"/> (or is NULL
    /// and <typeparamref name="T"/> cannot be null).</exception>
    /// <exception cref="OverflowException">An integer does not fit a narrower integer type.</exception>
    public override T GetFieldValue<T>(int ordinal)
    {
        // typeof(T) tests are folded by the JIT per T, so value types are neither boxed nor tested one by one.
        if (default(T) is null)
        {
            if (IsDBNull(ordinal))
            {
                // As Microsoft.Data.Sqlite and SqlClient: object (like GetValue) and DBNull read NULL as DBNull.Value.
                return typeof(T) == typeof(DBNull) || typeof(T) == typeof(object) ? (T)(object)DBNull.Value : default!;
            }

            if (typeof(T).IsValueType)
            {
                return NullableField<T>.Read(this, ordinal);
            }
        }

        if (typeof(T) == typeof(long)) { return (T)(object)GetInt64(ordinal); }
        if (typeof(T) == typeof(int)) { return (T)(object)GetInt32(ordinal); }
        if (typeof(T) == typeof(short)) { return (T)(object)GetInt16(ordinal); }
        if (typeof(T) == typeof(byte)) { return (T)(object)GetByte(ordinal); }
        if (typeof(T) == typeof(sbyte)) { return (T)(object)checked((sbyte)GetInt64(ordinal)); }
        if (typeof(T) == typeof(ushort)) { return (T)(object)checked((ushort)GetInt64(ordinal)); }
        if (typeof(T) == typeof(uint)) { return (T)(object)checked((uint)GetInt64(ordinal)); }
        if (typeof(T) == typeof(ulong)) { return (T)(object)checked((ulong)GetInt64(ordinal)); }
        if (typeof(T) == typeof(bool)) { return (T)(object)GetBoolean(ordinal); }
        if (typeof(T) == typeof(double)) { return (T)(object)GetDouble(ordinal); }
        if (typeof(T) == typeof(float)) { return (T)(object)GetFloat(ordinal); }
        if (typeof(T) == typeof(decimal)) { return (T)(object)GetDecimal(ordinal); }
        if (typeof(T) == typeof(char)) { return (T)(object)GetChar(ordinal); }
        if (typeof(T) == typeof(DateTime)) { return (T)(object)GetDateTime(ordinal); }
        if (typeof(T) == typeof(DateTimeOffset)) { return (T)(object)GetDateTimeOffset(ordinal); }
        if (typeof(T) == typeof(DateOnly)) { return (T)(object)GetDateOnly(ordinal); }
        if (typeof(T) == typeof(TimeOnly)) { return (T)(object)GetTimeOnly(ordinal); }
        if (typeof(T) == typeof(TimeSpan)) { return (T)(object)GetTimeSpan(ordinal); }
        if (typeof(T) == typeof(Guid)) { return (T)(object)GetGuid(ordinal); }
        if (typeof(T) == typeof(ReadOnlyMemory<byte>)) { return (T)(object)new ReadOnlyMemory<byte>(GetBlobCopy(ordinal)); }
        if (typeof(T) == typeof(Memory<byte>)) { return (T)(object)new Memory<byte>(GetBlobCopy(ordinal)); }
        if (typeof(T) == typeof(string)) { return (T)(object)GetString(ordinal); }
        if (typeof(T) == typeof(byte[])) { return (T)(object)GetBlobCopy(ordinal); }
        if (typeof(T) == typeof(Stream)) { return (T)(object)GetStream(ordinal); }
        if (typeof(T) == typeof(TextReader)) { return (T)(object)GetTextReader(ordinal); }
        if (typeof(T) == typeof(object)) { return (T)GetValue(ordinal); }
        if (typeof(T).IsEnum) { return (T)Enum.ToObject(typeof(T), GetInt64(ordinal)); }
        if (GetValue(ordinal) is T same)
        {
            return same;
        }

        throw new InvalidCastException($"Column {ordinal} ('{GetName(ordinal)}') cannot be read as {typeof(T).Name}; docs/TYPES.md lists the types GetFieldValue reads.");
    }

    /// <summary>A date, time and offset: ISO-8601 text keeps its offset (text without one is taken as UTC, offset
    /// zero); a number is a Julian day (Unix seconds in a UNIXTIME column) at offset zero.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a date and time.</exception>
    public DateTimeOffset GetDateTimeOffset(int ordinal) =>
        Read(ordinal, static (in SqlValue value, out DateTimeOffset result) => value.TryGetDateTimeOffset(out result));

    /// <summary>A date: <c>yyyy-MM-dd</c> text, or the date part of anything <see cref="GetDateTime"/> reads.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The date.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a date.</exception>
    public DateOnly GetDateOnly(int ordinal) =>
        Read(ordinal, static (in SqlValue value, out DateOnly result) => value.TryGetDateOnly(out result));

    /// <summary>A time of day: <c>HH:mm[:ss[.fffffff]]</c> text, the time part of an ISO-8601 date and time, or a
    /// number from 0 up to 1 as a fraction of a day.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The time.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a time.</exception>
    public TimeOnly GetTimeOnly(int ordinal) =>
        Read(ordinal, static (in SqlValue value, out TimeOnly result) => value.TryGetTimeOnly(out result));

    /// <summary>A duration: the sortable text a TimeSpan binds as, .NET's <c>"c"</c> form, or a number of days.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The duration.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a duration in range.</exception>
    public TimeSpan GetTimeSpan(int ordinal) =>
        Read(ordinal, static (in SqlValue value, out TimeSpan result) => value.TryGetTimeSpan(out result));

    /// <summary>The bytes of the value as a read-only stream: a BLOB as is, TEXT and numbers as their UTF-8 text.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The stream.</returns>
    /// <exception cref="InvalidCastException">The value is NULL.</exception>
    public override Stream GetStream(int ordinal) => new MemoryStream(GetBlobCopy(ordinal), writable: false);

    /// <summary>The text of the value (as <see cref="GetString"/>) as a reader.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="InvalidCastException">The value is NULL.</exception>
    public override TextReader GetTextReader(int ordinal) => new StringReader(GetString(ordinal));

    // Reads a form the value may or may not have; the static lambdas passed in are cached, so nothing allocates.
    private TValue Read<TValue>(int ordinal, TryRead<TValue> read)
    {
        var value = NotNull(ordinal);
        return read(value, out TValue result) ? result : throw Cast(ordinal, value, typeof(TValue));
    }

    // A copy: the caller may change the array, the value may be shared with the engine's row buffer.
    private byte[] GetBlobCopy(int ordinal)
    {
        var value = NotNull(ordinal);
        return value.StorageClass switch
        {
            SqlStorageClass.Blob => value.AsBlob().ToArray(),

            // TEXT as its stored bytes, invalid UTF-8 included.
            SqlStorageClass.Text => Utf8Text.Encode(value.AsText()),
            _ => Encoding.UTF8.GetBytes(GetString(ordinal)),
        };
    }

    private delegate bool TryRead<TValue>(in SqlValue value, out TValue result);

    // Nullable<U> read as U (NULL was handled before): one delegate per T, built once, so the read itself neither
    // reflects nor boxes.
    private static class NullableField<T>
    {
        public static readonly Func<SharpCoreDBDataReader, int, T> Read = Create();

        private static Func<SharpCoreDBDataReader, int, T> Create()
        {
            Type underlying = Nullable.GetUnderlyingType(typeof(T))!;
            MethodInfo method = typeof(NullableField<T>).GetMethod(nameof(ReadUnderlying), BindingFlags.NonPublic | BindingFlags.Static)!
                .MakeGenericMethod(underlying);
            return method.CreateDelegate<Func<SharpCoreDBDataReader, int, T>>();
        }

        private static TValue? ReadUnderlying<TValue>(SharpCoreDBDataReader reader, int ordinal)
            where TValue : struct => reader.GetFieldValue<TValue>(ordinal);
    }
}
