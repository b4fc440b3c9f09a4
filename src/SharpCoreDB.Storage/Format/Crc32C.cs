using System.Buffers.Binary;
using System.Numerics;

namespace SharpCoreDB.Storage.Format;

/// <summary>
/// CRC-32C (Castagnoli), the checksum of every plain page trailer and of the rollback journal.
/// Standard parameters (reflected, initial value and final XOR 0xFFFFFFFF) so any external tool can
/// verify a page; hardware-accelerated through <see cref="BitOperations.Crc32C(uint, ulong)"/>.
/// </summary>
/// <remarks>
/// Use <see cref="Seed"/>, any number of <see cref="Append(uint, ReadOnlySpan{byte})"/> calls and
/// <see cref="Finish"/> to checksum data that is not contiguous (page bytes, then database id, then page
/// number) without copying it together.
/// </remarks>
internal static class Crc32C
{
    /// <summary>The running state to start from.</summary>
    public const uint Seed = 0xFFFF_FFFF;

    /// <summary>Checksums one contiguous block.</summary>
    /// <param name="data">The bytes.</param>
    /// <returns>The finished CRC-32C.</returns>
    public static uint Compute(ReadOnlySpan<byte> data) => Finish(Append(Seed, data));

    /// <summary>Feeds <paramref name="data"/> into a running state.</summary>
    /// <param name="state">The state from <see cref="Seed"/> or an earlier call.</param>
    /// <param name="data">The bytes.</param>
    /// <returns>The new running state.</returns>
    public static uint Append(uint state, ReadOnlySpan<byte> data)
    {
        // 8 bytes per instruction; the little-endian read feeds the bytes in memory order, which is what
        // the reflected CRC expects, so the result equals the byte-at-a-time definition on any CPU.
        while (data.Length >= sizeof(ulong))
        {
            state = BitOperations.Crc32C(state, BinaryPrimitives.ReadUInt64LittleEndian(data));
            data = data[sizeof(ulong)..];
        }

        if (data.Length >= sizeof(uint))
        {
            state = BitOperations.Crc32C(state, BinaryPrimitives.ReadUInt32LittleEndian(data));
            data = data[sizeof(uint)..];
        }

        foreach (byte b in data)
        {
            state = BitOperations.Crc32C(state, b);
        }

        return state;
    }

    /// <summary>Feeds a 32-bit value as its four little-endian bytes.</summary>
    /// <param name="state">The running state.</param>
    /// <param name="value">The value.</param>
    /// <returns>The new running state.</returns>
    public static uint Append(uint state, uint value) => BitOperations.Crc32C(state, value);

    /// <summary>Turns a running state into the final checksum.</summary>
    /// <param name="state">The running state.</param>
    /// <returns>The CRC-32C.</returns>
    public static uint Finish(uint state) => ~state;
}
