using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// Unsigned LEB128 integers, the one varint of the file format: 7 bits per byte, least significant group first, the
/// high bit set on every byte but the last. B+tree cells hold 32-bit lengths (at most <see cref="MaxLength32"/>
/// bytes), records 64-bit header sizes and serial types (at most <see cref="MaxLength64"/>); a value has the same
/// bytes at either width, so the two widths differ only in what a read accepts.
/// </summary>
internal static class Varint
{
    /// <summary>The longest encoding of a 32-bit value.</summary>
    public const int MaxLength32 = 5;

    /// <summary>The longest encoding of a 64-bit value.</summary>
    public const int MaxLength64 = 10;

    /// <summary>The encoded size of <paramref name="value"/>: 1 to 5.</summary>
    public static int Size(uint value) =>
        value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : value < 0x1000_0000 ? 4 : 5;

    /// <summary>The encoded size of <paramref name="value"/>: 1 to 10.</summary>
    public static int Size(ulong value)
    {
        // 7 value bits per byte; a zero still takes one byte.
        int bits = 64 - System.Numerics.BitOperations.LeadingZeroCount(value | 1);
        return (bits + 6) / 7;
    }

    /// <summary>Writes <paramref name="value"/> and returns the number of bytes written.</summary>
    /// <param name="destination">Where to write; must hold <see cref="Size(uint)"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static int Write(Span<byte> destination, uint value) => Write(destination, (ulong)value);

    /// <summary>Writes <paramref name="value"/> and returns the number of bytes written.</summary>
    /// <param name="destination">Where to write; must hold <see cref="Size(ulong)"/> bytes.</param>
    /// <param name="value">The value.</param>
    public static int Write(Span<byte> destination, ulong value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>
    /// Reads a 32-bit value; returns the bytes consumed, or 0 when the bytes are truncated or encode more than 32 bits
    /// (the caller turns that into a corruption error naming its page).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ReadOnlySpan<byte> source, out uint value)
    {
        int length = Read(source, MaxLength32, out ulong wide);
        value = (uint)wide;
        return length;
    }

    /// <summary>
    /// Reads a 64-bit value; returns the bytes consumed, or 0 when the bytes are truncated or encode more than 64 bits.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ReadOnlySpan<byte> source, out ulong value) => Read(source, MaxLength64, out value);

    // Almost every varint is one or two bytes (a key or value length under 16 KiB, a serial type): those cases stay
    // inline. A row of 64 to 8,191 bytes has a two-byte value length in its leaf cell (the length is stored shifted
    // left by one for the overflow flag), read once per row by every scan. Every width accepts two bytes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Read(ReadOnlySpan<byte> source, int maxLength, out ulong value)
    {
        if (!source.IsEmpty)
        {
            uint first = source[0];
            if (first < 0x80)
            {
                value = first;
                return 1;
            }

            if (source.Length > 1 && source[1] < 0x80)
            {
                value = (first & 0x7F) | ((uint)source[1] << 7);
                return 2;
            }
        }

        return ReadSlow(source, maxLength, out value);
    }

    // The last byte a width allows may carry only the value bits left: 32 - 28 = 4 bits of a 32-bit value, 64 - 63 = 1
    // bit of a 64-bit one. A longer or wider encoding is refused, so every accepted value fits its width.
    private static int ReadSlow(ReadOnlySpan<byte> source, int maxLength, out ulong value)
    {
        ulong lastByteLimit = maxLength == MaxLength32 ? 0x0Fu : 0x01u;
        ulong result = 0;
        int limit = Math.Min(source.Length, maxLength);
        for (int i = 0; i < limit; i++)
        {
            ulong b = source[i];
            if (i == maxLength - 1 && b > lastByteLimit)
            {
                break;
            }

            result |= (b & 0x7F) << (7 * i);
            if (b < 0x80)
            {
                value = result;
                return i + 1;
            }
        }

        value = 0;
        return 0;
    }
}
