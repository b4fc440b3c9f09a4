using SharpCoreDB.Storage.Encryption;
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

    /// <summary>The MAC of a frame in an authenticated log: the previous MAC, this frame's header up to its MAC, and its page image's trailer.</summary>
    /// <param name="authenticator">The database's authenticator.</param>
    /// <param name="previous">The previous frame's MAC (the header's for the first frame).</param>
    /// <param name="frame">The whole frame: header followed by the page image.</param>
    /// <param name="mac">Receives <see cref="Authenticator.MacSize"/> bytes.</param>
    public static void ComputeFrameMac(Authenticator authenticator, ReadOnlySpan<byte> previous, ReadOnlySpan<byte> frame, Span<byte> mac)
    {
        Span<byte> input = stackalloc byte[Authenticator.MacSize + WalFrameHeader.MacOffset + PageTrailer.EncryptedSize];
        previous[..Authenticator.MacSize].CopyTo(input);
        frame[..WalFrameHeader.MacOffset].CopyTo(input[Authenticator.MacSize..]);
        frame[^PageTrailer.EncryptedSize..].CopyTo(input[(Authenticator.MacSize + WalFrameHeader.MacOffset)..]);
        authenticator.Compute(input, mac);
    }

    /// <summary>Checks the MAC stored in a frame against the chain.</summary>
    /// <param name="authenticator">The database's authenticator.</param>
    /// <param name="previous">The previous frame's MAC (the header's for the first frame).</param>
    /// <param name="frame">The whole frame.</param>
    /// <returns>True when the stored MAC is the one the key gives.</returns>
    public static bool VerifyFrameMac(Authenticator authenticator, ReadOnlySpan<byte> previous, ReadOnlySpan<byte> frame)
    {
        Span<byte> mac = stackalloc byte[Authenticator.MacSize];
        ComputeFrameMac(authenticator, previous, frame, mac);
        return System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(mac, frame.Slice(WalFrameHeader.MacOffset, Authenticator.MacSize));
    }
}
