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
        SqlValue value = Value(ordinal);

        // As Microsoft.Data.Sqlite and SqlClient: reading NULL as object gives DBNull.Value, as GetValue does.
        return typeof(T) == typeof(object) && value.IsNull ? (T)(object)DBNull.Value : SqlValueReader.Get<T>(value, this, ordinal);
    }

    /// <summary>A date, time and offset: ISO-8601 text keeps its offset (text without one is taken as UTC, offset
    /// zero); a number is a Julian day (Unix seconds in a UNIXTIME column) at offset zero.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a date and time.</exception>
    public DateTimeOffset GetDateTimeOffset(int ordinal) => SqlValueReader.GetDateTimeOffset(Value(ordinal), this, ordinal);

    /// <summary>A date: <c>yyyy-MM-dd</c> text, or the date part of anything <see cref="GetDateTime"/> reads.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The date.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a date.</exception>
    public DateOnly GetDateOnly(int ordinal) => SqlValueReader.GetDateOnly(Value(ordinal), this, ordinal);

    /// <summary>A time of day: <c>HH:mm[:ss[.fffffff]]</c> text, the time part of an ISO-8601 date and time, or a
    /// number from 0 up to 1 as a fraction of a day.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The time.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a time.</exception>
    public TimeOnly GetTimeOnly(int ordinal) => SqlValueReader.GetTimeOnly(Value(ordinal), this, ordinal);

    /// <summary>A duration: the sortable text a TimeSpan binds as, .NET's <c>"c"</c> form, or a number of days.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The duration.</returns>
    /// <exception cref="InvalidCastException">The value is NULL or not a duration in range.</exception>
    public TimeSpan GetTimeSpan(int ordinal) => SqlValueReader.GetTimeSpan(Value(ordinal), this, ordinal);

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

    private byte[] GetBlobCopy(int ordinal) => SqlValueReader.GetBlobCopy(Value(ordinal), this, ordinal);
}
