using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Unsigned LEB128 integers of at most 32 bits, as used in B+tree cells.</summary>
internal static class Varint
{
    /// <summary>The longest encoding of a 32-bit value.</summary>
    public const int MaxLength = 5;

    /// <summary>The encoded size of <paramref name="value"/>.</summary>
    public static int Size(uint value) =>
        value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x20_0000 ? 3 : value < 0x1000_0000 ? 4 : 5;

    /// <summary>Writes <paramref name="value"/> and returns the number of bytes written.</summary>
    public static int Write(Span<byte> destination, uint value)
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
    /// Reads a value; returns the bytes consumed, or 0 when the bytes are truncated or encode more than 32 bits
    /// (the caller turns that into a corruption error naming its page).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(ReadOnlySpan<byte> source, out uint value)
    {
        if (source.Length > 0 && source[0] < 0x80)
        {
            value = source[0];
            return 1;
        }

        return ReadSlow(source, out value);
    }

    private static int ReadSlow(ReadOnlySpan<byte> source, out uint value)
    {
        uint result = 0;
        int limit = Math.Min(source.Length, MaxLength);
        for (int i = 0; i < limit; i++)
        {
            uint b = source[i];
            if (i == MaxLength - 1 && b > 0x0F)
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
