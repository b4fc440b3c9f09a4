using System.Buffers.Binary;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Tests.Format;

public sealed class WalFormatLayoutTests
{
    [Fact]
    public void Header_and_frame_sizes_and_offsets_match_the_documented_layout()
    {
        Assert.Equal(40, WalHeader.SizeOf);
        Assert.Equal(8, WalHeader.VersionOffset);
        Assert.Equal(12, WalHeader.PageSizeOffset);
        Assert.Equal(16, WalHeader.Salt1Offset);
        Assert.Equal(20, WalHeader.Salt2Offset);
        Assert.Equal(24, WalHeader.CheckpointSequenceOffset);
        Assert.Equal(32, WalHeader.ReservedOffset);
        Assert.Equal(36, WalHeader.ChecksumOffset);

        Assert.Equal(32, WalFrameHeader.SizeOf);
        Assert.Equal(0, WalFrameHeader.PageNumberOffset);
        Assert.Equal(4, WalFrameHeader.DatabaseSizeOffset);
        Assert.Equal(8, WalFrameHeader.SequenceOffset);
        Assert.Equal(16, WalFrameHeader.Salt1Offset);
        Assert.Equal(20, WalFrameHeader.Salt2Offset);
        Assert.Equal(24, WalFrameHeader.BatchOffset);
        Assert.Equal(28, WalFrameHeader.ChecksumOffset);
    }

    [Fact]
    public void Header_round_trips_with_magic_and_fields_at_their_offsets()
    {
        var header = new WalHeader(8192, 7, 0xDEADBEEF, 12345);
        byte[] bytes = new byte[WalHeader.SizeOf];
        header.Write(bytes);

        Assert.Equal("SCDBWAL\0"u8.ToArray(), bytes[..8]);
        Assert.Equal(1u, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(8)));
        Assert.Equal(8192, BinaryPrimitives.ReadInt32LittleEndian(bytes.AsSpan(12)));
        Assert.Equal(7u, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(16)));
        Assert.Equal(0xDEADBEEFu, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(20)));
        Assert.Equal(12345ul, BinaryPrimitives.ReadUInt64LittleEndian(bytes.AsSpan(24)));

        Assert.Equal(WalHeaderStatus.Valid, WalHeader.TryRead(bytes, out WalHeader read));
        Assert.Equal(header.PageSize, read.PageSize);
        Assert.Equal(header.Salt1, read.Salt1);
        Assert.Equal(header.Salt2, read.Salt2);
        Assert.Equal(header.CheckpointSequence, read.CheckpointSequence);
        Assert.Equal(header.Checksum, read.Checksum);
    }

    [Fact]
    public void Header_with_any_flipped_bit_is_invalid()
    {
        var header = new WalHeader(4096, 1, 2, 3);
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
        new WalHeader(4096, 1, 2, 3).Write(bytes);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(WalHeader.VersionOffset), 2);
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
        uint first = WalFrameHeader.Stamp(frame, 5, 6, 1, previousChecksum: 100);
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
}
