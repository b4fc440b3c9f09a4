namespace SharpCoreDB.Records;

/// <summary>
/// Unsigned LEB128 varints: 7 bits per byte, least significant group first, high bit set on every byte but the
/// last. Values below 128 take one byte, which is what almost every record header holds.
/// </summary>
internal static class Varint
{
    /// <summary>The longest encoding of a 64-bit value.</summary>
    public const int MaxLength = 10;

    /// <summary>The number of bytes <paramref name="value"/> encodes to.</summary>
    /// <param name="value">The value.</param>
    /// <returns>1 to 10.</returns>
    public static int GetLength(ulong value)
    {
        // 7 value bits per byte; a zero still takes one byte.
        int bits = 64 - System.Numerics.BitOperations.LeadingZeroCount(value | 1);
        return (bits + 6) / 7;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="destination">Where to write; must hold <see cref="GetLength"/> bytes.</param>
    /// <returns>The number of bytes written.</returns>
    public static int Write(ulong value, Span<byte> destination)
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

    /// <summary>Reads a varint from the start of <paramref name="source"/>.</summary>
    /// <param name="source">The bytes.</param>
    /// <param name="value">The value read.</param>
    /// <param name="length">The number of bytes it took.</param>
    /// <returns>False when the bytes end mid-varint or the varint is longer than 64 bits allow.</returns>
    public static bool TryRead(ReadOnlySpan<byte> source, out ulong value, out int length)
    {
        ulong result = 0;
        int shift = 0;
        for (int i = 0; i < source.Length && i < MaxLength; i++)
        {
            byte b = source[i];
            result |= (ulong)(b & 0x7F) << shift;
            if (b < 0x80)
            {
                // The tenth byte may carry only the top bit of a 64-bit value.
                if (i == MaxLength - 1 && b > 1)
                {
                    break;
                }

                value = result;
                length = i + 1;
                return true;
            }

            shift += 7;
        }

        value = 0;
        length = 0;
        return false;
    }
}
