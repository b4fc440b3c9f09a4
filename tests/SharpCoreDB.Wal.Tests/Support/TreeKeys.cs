using System.Buffers.Binary;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>B+tree keys for the tests' rows: the id as 8 big-endian bytes, so byte order is numeric order.</summary>
internal static class TreeKeys
{
    /// <summary>The key of <paramref name="id"/>.</summary>
    public static byte[] Of(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
