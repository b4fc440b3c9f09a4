using System.Buffers.Binary;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Tests.Format;

public sealed class WalFormatLayoutTests
{
    private static readonly byte[] Id = [.. Enumerable.Range(100, 16).Select(i => (byte)i)];

    [Fact]
    public void Header_and_frame_sizes_and_offsets_match_the_documented_layout()
    {
        Assert.Equal(80, WalHeader.SizeOf);
        Assert.Equal(8, WalHeader.VersionOffset);
        Assert.Equal(12, WalHeader.PageSizeOffset);
        Assert.Equal(16, WalHeader.Salt1Offset);
        Assert.Equal(20, WalHeader.Salt2Offset);
        Assert.Equal(24, WalHeader.CheckpointSequenceOffset);
        Assert.Equal(32, WalHeader.DatabaseIdOffset);
        Assert.Equal(48, WalHeader.FlagsOffset);
        Assert.Equal(56, WalHeader.MacOffset);
        Assert.Equal(76, WalHeader.ChecksumOffset);

        Assert.Equal(48, WalFrameHeader.SizeOf);
        Assert.Equal(0, WalFrameHeader.PageNumberOffset);
        Assert.Equal(4, WalFrameHeader.DatabaseSizeOffset);
        Assert.Equal(8, WalFrameHeader.SequenceOffset);
        Assert.Equal(16, WalFrameHeader.Salt1Offset);
        Assert.Equal(20, WalFrameHeader.Salt2Offset);
        Assert.Equal(24, WalFrameHeader.BatchOffset);
        Assert.Equal(28, WalFrameHeader.ChecksumOffset);
        Assert.Equal(32, WalFrameHeader.MacOffset);
    }

    [Fact]
    public void Header_round_trips_with_magic_and_fields_at_their_offsets()
    {
        var header = new WalHeader(8192, 7, 0xDEADBEEF, 12345, Id, authenticator: null);
        byte[] bytes = new byte[WalHeader.SizeOf];
        header.Write(bytes);

        Assert.Equal("SCDBWAL\0"u8.ToArray(), bytes[..8]);
        Assert.Equal(2u, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(8)));
        Assert.Equal(8192, BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(12)));
        Assert.Equal(7u, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(16)));
        Assert.Equal(0xDEADBEEFu, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(20)));
        Assert.Equal(12345ul, BinaryPrimitives.ReadUInt64LittleEndian(bytes.AsSpan(24)));
        Assert.Equal(Id, bytes[32..48]);

        Assert.Equal(WalHeaderStatus.Valid, WalHeader.TryRead(bytes, out WalHeader read));
        Assert.Equal(header.PageSize, read.PageSize);
        Assert.Equal(header.Salt1, read.Salt1);
        Assert.Equal(header.Salt2, read.Salt2);
        Assert.Equal(header.CheckpointSequence, read.CheckpointSequence);
        Assert.Equal(header.Checksum, read.Checksum);
        Assert.Equal(Id, read.DatabaseId.ToArray());
        Assert.False(read.IsAuthenticated);
    }

    [Fact]
    public void Header_with_any_flipped_bit_is_invalid()
    {
        var header = new WalHeader(4096, 1, 2, 3, Id, authenticator: null);
        byte[] bytes = new byte[WalHeader.SizeOf];
        header.Write(bytes);
        for (int bit = 0; bit < WalHeader.SizeOf * 8; bit++)
        {
            byte[] damaged = (byte[])bytes.Clone();
            damaged[bit / 8] ^= (byte)(1 << (bit % 8));
            Assert.True(WalHeader.TryRead(damaged, out _) != WalHeaderStatus.Valid, $"bit {bit}");
        }
    }

    [Fact]
    public void Header_from_a_newer_version_is_reported_as_such()
    {
        byte[] bytes = new byte[WalHeader.SizeOf];
        new WalHeader(4096, 1, 2, 3, Id, authenticator: null).Write(bytes);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(WalHeader.VersionOffset), WalHeader.CurrentVersion + 1);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(WalHeader.ChecksumOffset), Crc32C.Append(0, bytes.AsSpan(0, WalHeader.ChecksumOffset)));
        Assert.Equal(WalHeaderStatus.NewerVersion, WalHeader.TryRead(bytes, out _));
    }

    [Fact]
    public void Short_header_is_missing()
    {
        Assert.Equal(WalHeaderStatus.Missing, WalHeader.TryRead(new byte[WalHeader.SizeOf - 1], out _));
    }

    [Fact]
    public void Frame_checksum_chains_on_the_previous_frame_and_covers_header_and_image()
    {
        byte[] frame = new byte[WalFrameHeader.SizeOf + 4096];
        new Random(1).NextBytes(frame);
        WalFrameHeader.WriteIdentity(frame, 9, 0, 77);
        uint first = WalFrameHeader.Stamp(frame, 5, 6, 1, previousChecksum: 100, authenticator: null, macChain: new byte[16]);
        WalFrameHeader fields = WalFrameHeader.Read(frame);
        Assert.Equal(9u, fields.PageNumber);
        Assert.Equal(77ul, fields.Sequence);
        Assert.Equal(5u, fields.Salt1);
        Assert.Equal(6u, fields.Salt2);
        Assert.Equal(1u, fields.Batch);
        Assert.Equal(first, fields.Checksum);
        Assert.False(fields.IsCommit);

        Assert.NotEqual(first, WalChecksum.ComputeFrame(101, frame));
        frame[^1] ^= 1;
        Assert.NotEqual(first, WalChecksum.ComputeFrame(100, frame));
        frame[^1] ^= 1;
        frame[3] ^= 1;
        Assert.NotEqual(first, WalChecksum.ComputeFrame(100, frame));
    }

    [Fact]
    public void Authenticated_header_and_frames_carry_MACs_that_only_the_key_gives()
    {
        using var key = new Authenticator(Enumerable.Repeat((byte)3, 32).ToArray());
        using var otherKey = new Authenticator(Enumerable.Repeat((byte)4, 32).ToArray());
        var header = new WalHeader(4096, 1, 2, 3, Id, key);
        Assert.True(header.IsAuthenticated);
        Assert.True(header.VerifyMac(key));
        Assert.False(header.VerifyMac(otherKey));

        byte[] frame = new byte[WalFrameHeader.SizeOf + 4096];
        new Random(2).NextBytes(frame);
        WalFrameHeader.WriteIdentity(frame, 9, 1, 77);
        byte[] chain = header.Mac.ToArray();
        WalFrameHeader.Stamp(frame, 1, 2, 1, header.Checksum, key, chain);
        Assert.True(WalChecksum.VerifyFrameMac(key, header.Mac, frame));
        Assert.False(WalChecksum.VerifyFrameMac(otherKey, header.Mac, frame));
        Assert.Equal(frame.AsSpan(WalFrameHeader.MacOffset, 16).ToArray(), chain);

        // The MAC covers the frame header and the image's trailer (the AES-GCM tag that authenticates the rest).
        foreach (int at in new[] { 0, 8, 16, 24, 28, frame.Length - 1, frame.Length - 20 })
        {
            frame[at] ^= 1;
            Assert.False(WalChecksum.VerifyFrameMac(key, header.Mac, frame), $"byte {at}");
            frame[at] ^= 1;
        }

        Assert.False(WalChecksum.VerifyFrameMac(key, new byte[16], frame));
    }

    [Fact]
    public void Header_of_the_pre_release_version_is_reported_as_older()
    {
        byte[] bytes = new byte[WalHeader.SizeOf];
        new WalHeader(4096, 1, 2, 3, Id, authenticator: null).Write(bytes);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(WalHeader.VersionOffset), 1);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(WalHeader.ChecksumOffset), Crc32C.Append(0, bytes.AsSpan(0, WalHeader.ChecksumOffset)));
        Assert.Equal(WalHeaderStatus.OlderVersion, WalHeader.TryRead(bytes, out _));
    }
}
