using System.Buffers.Binary;
using System.Text;

namespace SharpCoreDB.Records;

/// <content>
/// Sixteen bytes held inline, so binding and reading a GUID allocates nothing: a GUID bound as its BLOB or as its
/// text, and any 16-byte BLOB (or GUID text) read from a record or an index key. The bytes, big-endian:
/// <code>
///   0-7   _bits           (big-endian)
///   8-11  _decimalHigh    (big-endian)
///   12    _decimalFlags
///   13-14 _inlineMiddle   (big-endian)
///   15    which shared instance the reference is: PackedBlob.Tail, or PackedText.GuidTail for the text
/// </code>
/// </content>
internal readonly partial struct SqlValue
{
    private SqlValue(object marker, SqlStorageClass storageClass, SqlDeclaredType declaredType, ReadOnlySpan<byte> bytes)
    {
        _classes = Classes(storageClass, declaredType);
        _reference = marker;
        _bits = BinaryPrimitives.ReadInt64BigEndian(bytes);
        _decimalHigh = BinaryPrimitives.ReadUInt32BigEndian(bytes[8..]);
        _decimalFlags = bytes[12];
        _inlineMiddle = BinaryPrimitives.ReadUInt16BigEndian(bytes[13..]);
    }

    /// <summary>True for a 16-byte BLOB held inline: its bytes are written on demand (<see cref="GetBlobBytes"/>).</summary>
    internal bool IsPackedBlob => _reference is PackedBlob;

    /// <summary>True for a BLOB whose value is an array it shares (<see cref="AsBlob"/> returns that array itself).</summary>
    internal bool HoldsBlobArray => _reference is byte[];

    /// <summary>The length of a BLOB in bytes, without a class check.</summary>
    internal int BlobLength => _reference switch
    {
        PackedBlob => PackedBlob.Size,
        BorrowedBlob borrowed => borrowed.Length,
        _ => ((byte[])_reference!).Length,
    };

    /// <summary>Creates a GUID: a 16-byte big-endian BLOB tagged <see cref="SqlDeclaredType.Guid"/>, held inline.</summary>
    /// <param name="value">The GUID.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromGuid(Guid value)
    {
        Span<byte> bytes = stackalloc byte[PackedBlob.Size];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        return new(PackedBlob.For(bytes[^1]), SqlStorageClass.Blob, SqlDeclaredType.Guid, bytes);
    }

    /// <summary>Creates the TEXT of a GUID in its <c>D</c> form (<c>xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx</c>), held inline.</summary>
    /// <param name="value">The GUID.</param>
    /// <param name="upperCase">True for upper-case hex digits (as Microsoft.Data.Sqlite binds a GUID as text).</param>
    /// <returns>The value.</returns>
    public static SqlValue FromGuidText(Guid value, bool upperCase)
    {
        Span<byte> bytes = stackalloc byte[PackedBlob.Size];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        return new(PackedText.Guid(upperCase, bytes[^1]), SqlStorageClass.Text, SqlDeclaredType.None, bytes);
    }

    /// <summary>A BLOB read from storage: held inline when it is 16 bytes long, otherwise copied into an array.</summary>
    /// <param name="bytes">The stored bytes.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromBlobBytes(ReadOnlySpan<byte> bytes) =>
        bytes.Length == PackedBlob.Size
            ? new(PackedBlob.For(bytes[^1]), SqlStorageClass.Blob, SqlDeclaredType.None, bytes)
            : FromBlob(BlobArray.Copy(bytes));

    /// <summary>Creates a BLOB whose bytes stay in a reused record buffer (see <see cref="BorrowedBlob"/>).</summary>
    /// <param name="borrowed">The borrowed bytes.</param>
    /// <returns>The value.</returns>
    internal static SqlValue FromBorrowedBlob(BorrowedBlob borrowed) => new(SqlStorageClass.Blob, 0, borrowed, SqlDeclaredType.None);

    /// <summary>The bytes of a BLOB: an array's own, or an inline BLOB's written into <paramref name="buffer"/>.</summary>
    /// <param name="buffer">At least <see cref="PackedBlob.Size"/> bytes when the value is held inline; may be empty otherwise.</param>
    /// <returns>The bytes.</returns>
    internal ReadOnlySpan<byte> GetBlobBytes(Span<byte> buffer)
    {
        if (_reference is PackedBlob packed)
        {
            WriteInline(buffer, packed.Tail);
            return buffer[..PackedBlob.Size];
        }

        return _reference is BorrowedBlob borrowed ? borrowed.Bytes : (byte[])_reference!;
    }

    /// <summary>Compares two BLOBs as memcmp does, without an array for an inline one.</summary>
    /// <param name="left">The first BLOB.</param>
    /// <param name="right">The second BLOB.</param>
    /// <returns>Negative, zero or positive.</returns>
    internal static int CompareBlobs(in SqlValue left, in SqlValue right)
    {
        if (left._reference is PackedBlob leftTail && right._reference is PackedBlob rightTail)
        {
            // The fields hold the bytes big-endian in byte order, so unsigned field order is byte order.
            int order = ((ulong)left._bits).CompareTo((ulong)right._bits);
            if (order == 0)
            {
                order = left._decimalHigh.CompareTo(right._decimalHigh);
            }

            if (order == 0)
            {
                order = left._decimalFlags.CompareTo(right._decimalFlags);
            }

            if (order == 0)
            {
                order = left._inlineMiddle.CompareTo(right._inlineMiddle);
            }

            return order != 0 ? order : leftTail.Tail.CompareTo(rightTail.Tail);
        }

        Span<byte> leftBuffer = left.IsPackedBlob ? stackalloc byte[PackedBlob.Size] : default;
        Span<byte> rightBuffer = right.IsPackedBlob ? stackalloc byte[PackedBlob.Size] : default;
        return left.GetBlobBytes(leftBuffer).SequenceCompareTo(right.GetBlobBytes(rightBuffer));
    }

    // The GUID held inline (as a BLOB or as text) whose last byte is tail.
    private Guid InlineGuid(byte tail)
    {
        Span<byte> bytes = stackalloc byte[PackedBlob.Size];
        WriteInline(bytes, tail);
        return new Guid(bytes, bigEndian: true);
    }

    private void WriteInline(Span<byte> destination, byte tail)
    {
        BinaryPrimitives.WriteInt64BigEndian(destination, _bits);
        BinaryPrimitives.WriteUInt32BigEndian(destination[8..], _decimalHigh);
        destination[12] = _decimalFlags;
        BinaryPrimitives.WriteUInt16BigEndian(destination[13..], _inlineMiddle);
        destination[15] = tail;
    }

    // An inline BLOB as the array code outside this struct sees.
    private byte[] InlineBlobArray(byte tail)
    {
        var bytes = new byte[PackedBlob.Size];
        WriteInline(bytes, tail);
        return bytes;
    }

    // GUID text of 36 ASCII bytes that its D form writes back exactly in one letter case; anything else (braces,
    // no dashes, mixed case, invalid UTF-8) stays a string.
    private static bool TryPackGuidText(ReadOnlySpan<byte> utf8, out SqlValue value)
    {
        value = default;
        if (utf8.Length != PackedText.GuidLength || utf8[8] != '-' || utf8[13] != '-' || utf8[18] != '-' || utf8[23] != '-')
        {
            return false;
        }

        Span<char> text = stackalloc char[PackedText.GuidLength];
        if (Ascii.ToUtf16(utf8, text, out _) != System.Buffers.OperationStatus.Done
            || !Guid.TryParseExact(text, "D", out Guid guid))
        {
            return false;
        }

        // Digits alone read the same in both cases; a letter decides. (Searched in the bytes: Span<char>'s
        // ContainsAnyInRange allocates an array here.)
        bool upperCase = utf8.IndexOfAnyInRange((byte)'A', (byte)'F') >= 0;
        SqlValue candidate = FromGuidText(guid, upperCase);
        Span<char> written = stackalloc char[PackedText.GuidLength];
        if (!candidate.GetTextChars(written).SequenceEqual(text))
        {
            return false;
        }

        value = candidate;
        return true;
    }
}
