using System.Globalization;

namespace SharpCoreDB.Records;

/// <summary>
/// The text and byte views SQLite takes of a value (<c>sqlite3_value_text</c> / <c>sqlite3_value_blob</c>):
/// integers in decimal, reals as <c>%!.15g</c> (<see cref="RealFormatter.FormatText"/>), BLOB bytes read as UTF-8
/// text, TEXT as its UTF-8 bytes.
/// </summary>
internal static class TextConversion
{
    /// <summary>The longest text an INTEGER renders to ("-9223372036854775808").</summary>
    public const int MaxIntegerLength = 20;

    /// <summary>The value as text. NULL is not allowed (callers propagate NULL first).</summary>
    /// <param name="value">A non-NULL value.</param>
    /// <returns>The text.</returns>
    /// <exception cref="ArgumentException"><paramref name="value"/> is NULL.</exception>
    public static string ToText(in SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Text => (string)value.RawReference!,
        SqlStorageClass.Integer => value.RawBits.ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Real => RealFormatter.FormatText(BitConverter.Int64BitsToDouble(value.RawBits)),
        SqlStorageClass.Decimal => value.RawDecimal.ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Blob => Utf8Text.Decode((byte[])value.RawReference!),
        _ => throw new ArgumentException("NULL has no text form; propagate NULL before converting.", nameof(value)),
    };

    /// <summary>The value as bytes: a BLOB as is, anything else as the UTF-8 of its text. NULL is not allowed.</summary>
    /// <param name="value">A non-NULL value.</param>
    /// <returns>The bytes (the BLOB's own array for a BLOB).</returns>
    /// <exception cref="ArgumentException"><paramref name="value"/> is NULL.</exception>
    public static byte[] ToBytes(in SqlValue value) =>
        value.StorageClass == SqlStorageClass.Blob ? (byte[])value.RawReference! : Utf8Text.Encode(ToText(value));

    /// <summary>Decodes UTF-8 bytes as SQLite text, keeping invalid bytes (see <see cref="Utf8Text"/>).</summary>
    /// <param name="bytes">The bytes.</param>
    /// <returns>The text.</returns>
    public static string DecodeUtf8(ReadOnlySpan<byte> bytes) => Utf8Text.Decode(bytes);

    /// <summary>The number of UTF-8 bytes of a string.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The byte count.</returns>
    public static int Utf8Length(ReadOnlySpan<char> text) => Utf8Text.GetByteCount(text);

    /// <summary>The UTF-8 bytes of a string.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The bytes.</returns>
    public static byte[] EncodeUtf8(string text) => Utf8Text.Encode(text);

    /// <summary>
    /// Writes a non-NULL, non-BLOB value's text into <paramref name="buffer"/> without allocating when it is an
    /// INTEGER; returns the text itself for TEXT and REAL.
    /// </summary>
    /// <param name="value">An INTEGER, REAL or TEXT value.</param>
    /// <param name="buffer">At least <see cref="MaxIntegerLength"/> characters.</param>
    /// <returns>The text.</returns>
    public static ReadOnlySpan<char> AsTextSpan(in SqlValue value, Span<char> buffer)
    {
        if (value.StorageClass == SqlStorageClass.Integer)
        {
            value.RawBits.TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
            return buffer[..written];
        }

        return ToText(value);
    }
}
