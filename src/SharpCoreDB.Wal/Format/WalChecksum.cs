using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Wal.Format;

/// <summary>
/// The WAL's checksum: the CRC32C register (<see cref="Crc32C.Append(uint, ReadOnlySpan{byte})"/>, without the
/// initial value and final XOR), seeded with the previous frame's checksum so that every frame vouches for the whole
/// log before it. The header's checksum is the register over its bytes from 0.
/// </summary>
internal static class WalChecksum
{
    /// <summary>The checksum of a frame: its header up to the checksum field, then its page image, chained to <paramref name="previous"/>.</summary>
    /// <param name="previous">The checksum of the frame before (the WAL header's checksum for the first frame).</param>
    /// <param name="frame">The whole frame: header followed by the page image.</param>
    public static uint ComputeFrame(uint previous, ReadOnlySpan<byte> frame)
    {
        uint crc = Crc32C.Append(previous, frame[..WalFrameHeader.ChecksumOffset]);
        return Crc32C.Append(crc, frame[WalFrameHeader.SizeOf..]);
    }
}
