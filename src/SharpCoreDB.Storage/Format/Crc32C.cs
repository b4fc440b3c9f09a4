using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

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
    // Bytes per chain per round of the three-way loop; a multiple of 8. Spans shorter than three blocks take the
    // single chain, where joining would cost more than it saves.
    private const int BlockLength = 256;

    private static readonly uint[] s_shiftPastBlock = BuildShiftTable();

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
        // The CRC instruction takes three cycles but can start every cycle, so one dependent chain uses a third of
        // it. Three chains over three adjacent blocks, joined by shifting the earlier ones past the later blocks,
        // checksum a 4 KiB page 2.2 times as fast (ChecksumBenchmarks); pages are checksummed on every write and
        // every cache miss. The reads inside the loop are unchecked (the length is checked once per round): bounds
        // checks on three streams cost about what the instructions they guard do. Native-order reads are the
        // little-endian order only on little-endian machines; others take the single chain.
        while (BitConverter.IsLittleEndian && data.Length >= 3 * BlockLength)
        {
            ref byte start = ref MemoryMarshal.GetReference(data);
            uint first = state;
            uint second = 0;
            uint third = 0;
            for (nuint offset = 0; offset < BlockLength; offset += sizeof(ulong))
            {
                first = BitOperations.Crc32C(first, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, offset)));
                second = BitOperations.Crc32C(second, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, offset + BlockLength)));
                third = BitOperations.Crc32C(third, Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, offset + (2 * BlockLength))));
            }

            // The register after the three blocks is the first chain carried past two blocks of input, the second
            // past one, and the third: the CRC register is linear in its starting value.
            state = ShiftPastBlock(ShiftPastBlock(first) ^ second) ^ third;
            data = data[(3 * BlockLength)..];
        }

        return AppendSerial(state, data);
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

    // One chain, 8 bytes per instruction; the little-endian read feeds the bytes in memory order, which is what the
    // reflected CRC expects, so the result equals the byte-at-a-time definition on any CPU.
    private static uint AppendSerial(uint state, ReadOnlySpan<byte> data)
    {
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

    // The register after BlockLength zero bytes, from the register before: linear over GF(2), so the sum of the
    // images of its four bytes, looked up.
    private static uint ShiftPastBlock(uint state)
    {
        ReadOnlySpan<uint> table = s_shiftPastBlock;
        return table[(int)(state & 0xFF)]
            ^ table[256 + (int)((state >> 8) & 0xFF)]
            ^ table[512 + (int)((state >> 16) & 0xFF)]
            ^ table[768 + (int)(state >> 24)];
    }

    // Entry 256 * k + b: the register b << (8 * k) carried past BlockLength zero bytes.
    private static uint[] BuildShiftTable()
    {
        var table = new uint[4 * 256];
        for (int k = 0; k < 4; k++)
        {
            for (uint b = 0; b < 256; b++)
            {
                uint register = b << (8 * k);
                for (int i = 0; i < BlockLength; i += sizeof(ulong))
                {
                    register = BitOperations.Crc32C(register, 0UL);
                }

                table[(256 * k) + (int)b] = register;
            }
        }

        return table;
    }
}
