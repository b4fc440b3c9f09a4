using System.Numerics;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Wal.Format;

/// <summary>
/// The WAL's checksum: CRC32C (hardware-accelerated through <see cref="BitOperations.Crc32C(uint, ulong)"/>),
/// seeded with the previous frame's checksum so that every frame vouches for the whole log before it.
/// </summary>
internal static class WalChecksum
{
    /// <summary>Continues a CRC32C over <paramref name="data"/>, starting from <paramref name="crc"/>.</summary>
    public static uint Append(uint crc, ReadOnlySpan<byte> data) => Crc32C.Append(crc, data);

    /// <summary>The checksum of a frame: its header up to the checksum field, then its page image, chained to <paramref name="previous"/>.</summary>
    /// <param name="previous">The checksum of the frame before (the WAL header's checksum for the first frame).</param>
    /// <param name="frame">The whole frame: header followed by the page image.</param>
    public static uint ComputeFrame(uint previous, ReadOnlySpan<byte> frame)
    {
        uint crc = Append(previous, frame[..WalFrameHeader.ChecksumOffset]);
        return Append(crc, frame[WalFrameHeader.SizeOf..]);
    }
}
