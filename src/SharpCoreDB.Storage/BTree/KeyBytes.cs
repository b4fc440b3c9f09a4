using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// The byte order of keys (<c>memcmp</c>, then the shorter first), as <see cref="MemoryExtensions.SequenceCompareTo{T}(ReadOnlySpan{T}, ReadOnlySpan{T})"/>
/// defines it, with the first eight bytes compared inline.
/// </summary>
/// <remarks>
/// A node search compares the probe with about eight keys per level, and the keys are mostly short (a row id is 8
/// bytes, an index entry a type tag, a value and a row id), so most comparisons are decided in their first eight
/// bytes. Comparing those as one big-endian integer in the caller costs a few instructions; the library call it
/// replaces costs several times that for so short a span.
/// </remarks>
internal static class KeyBytes
{
    /// <summary>Compares two keys in byte order.</summary>
    /// <param name="left">The first key.</param>
    /// <param name="right">The second key.</param>
    /// <returns>Negative when <paramref name="left"/> sorts first, zero when equal, positive otherwise (only the sign is meaningful).</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length >= sizeof(ulong) && right.Length >= sizeof(ulong))
        {
            // Big-endian, so integer order is the order of the bytes.
            ulong a = BinaryPrimitives.ReadUInt64BigEndian(left);
            ulong b = BinaryPrimitives.ReadUInt64BigEndian(right);
            if (a != b)
            {
                return a < b ? -1 : 1;
            }

            // Equal first eight bytes: the rest decides, shorter first, exactly as over the whole keys.
            return left[sizeof(ulong)..].SequenceCompareTo(right[sizeof(ulong)..]);
        }

        return left.SequenceCompareTo(right);
    }
}
