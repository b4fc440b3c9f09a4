using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

public sealed class PageCodecTests
{
    private static readonly byte[] s_id = Enumerable.Range(40, 16).Select(i => (byte)i).ToArray();

    public static TheoryData<int, bool> Sizes => new()
    {
        { 4096, false }, { 4096, true }, { 16384, false }, { 65536, true },
    };

    [Theory]
    [MemberData(nameof(Sizes))]
    public void Seal_then_open_round_trips(int pageSize, bool encrypted)
    {
        using PageCodec codec = Create(pageSize, encrypted);
        Assert.Equal(pageSize - (encrypted ? 32 : 8), codec.UsableSize);
        byte[] plain = Random(codec.UsableSize, seed: pageSize);
        byte[] stored = new byte[pageSize];
        codec.Seal(7, plain, stored);
        byte[] back = new byte[codec.UsableSize];
        codec.Open(7, stored, back, "db");
        Assert.Equal(plain, back);
        if (encrypted)
        {
            Assert.NotEqual(plain, stored[..codec.UsableSize]);
        }
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void Opening_in_place_works(int pageSize, bool encrypted)
    {
        using PageCodec codec = Create(pageSize, encrypted);
        byte[] plain = Random(codec.UsableSize, seed: 3);
        byte[] buffer = new byte[pageSize];
        codec.Seal(3, plain, buffer);
        codec.Open(3, buffer, buffer, "db");
        Assert.Equal(plain, buffer[..codec.UsableSize]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Any_flipped_bit_is_reported_as_corrupt_naming_the_page(bool encrypted)
    {
        const int seed = 99;
        var rng = new Random(seed);
        using PageCodec codec = Create(4096, encrypted);
        byte[] stored = new byte[4096];
        codec.Seal(12, Random(codec.UsableSize, seed), stored);
        byte[] plain = new byte[4096];
        for (int i = 0; i < 300; i++)
        {
            int bit = i < 256 ? rng.Next(4096 * 8) : (codec.UsableSize * 8) + rng.Next(codec.TrailerSize * 8);
            stored[bit / 8] ^= (byte)(1 << (bit % 8));
            var ex = Assert.Throws<SharpCoreDBException>(() => codec.Open(12, stored, plain, "file.scdb"));
            Assert.True(ex.ErrorCode == SharpCoreDBErrorCode.Corrupt, $"seed {seed}, bit {bit}");
            Assert.Contains("page 12 of 'file.scdb'", ex.Message, StringComparison.Ordinal);
            stored[bit / 8] ^= (byte)(1 << (bit % 8));
        }

        codec.Open(12, stored, plain, "file.scdb");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_page_read_at_another_position_or_database_fails(bool encrypted)
    {
        using PageCodec codec = Create(4096, encrypted);
        byte[] stored = new byte[4096];
        codec.Seal(5, Random(codec.UsableSize, 5), stored);
        byte[] plain = new byte[4096];
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => codec.Open(6, stored, plain, "db")).ErrorCode);

        // Same key, same page number, another database id.
        byte[] otherId = (byte[])s_id.Clone();
        otherId[0] ^= 1;
        using var other = new PageCodec(4096, otherId, encrypted ? new PageCipher(Key) : null, encrypted ? new Authenticator(Key) : null);
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, Assert.Throws<SharpCoreDBException>(() => other.Open(5, stored, plain, "db")).ErrorCode);
    }

    [Theory]
    [InlineData(false, 1u)]
    [InlineData(true, 1u)]
    [InlineData(true, 0u)]
    public void A_never_written_all_zero_page_does_not_verify(bool encrypted, uint pageNumber)
    {
        using PageCodec codec = Create(4096, encrypted);
        Assert.False(codec.TryOpen(pageNumber, new byte[4096], new byte[4096], out string? failure));
        Assert.NotNull(failure);
    }

    [Fact]
    public void Page_zero_is_never_encrypted_even_in_an_encrypted_database()
    {
        using PageCodec codec = Create(4096, encrypted: true);
        byte[] plain = Random(codec.UsableSize, 1);
        CheckpointRecord.ClearSlots(plain);
        byte[] stored = new byte[4096];
        codec.Seal(0, plain, stored);
        Assert.Equal(plain, stored[..codec.UsableSize]);
        Assert.Equal(PageCodec.ComputeChecksum(plain, s_id, 0), BitConverter.ToUInt32(stored, codec.UsableSize));
        Assert.All(stored[(codec.UsableSize + 4)..(codec.UsableSize + PageTrailer.HeaderMacOffset)], b => Assert.Equal(0, b));
        Assert.Contains(stored[(codec.UsableSize + PageTrailer.HeaderMacOffset)..(codec.UsableSize + PageTrailer.HeaderMacOffset + 16)], b => b != 0);
        Assert.All(stored[(codec.UsableSize + PageTrailer.HeaderMacOffset + 16)..], b => Assert.Equal(0, b));
    }

    [Fact]
    public void Page_zero_of_an_encrypted_database_cannot_be_altered_without_the_key()
    {
        using PageCodec codec = Create(4096, encrypted: true);
        byte[] plain = Random(codec.UsableSize, 1);
        byte[] stored = new byte[4096];
        codec.Seal(0, plain, stored);
        byte[] opened = new byte[4096];
        Assert.True(codec.TryOpen(0, stored, opened, out _));

        // A forger without the key can fix the CRC but not the MAC.
        byte[] forged = (byte[])stored.Clone();
        forged[120] ^= 1;
        BitConverter.TryWriteBytes(forged.AsSpan(codec.UsableSize), PageCodec.ComputeChecksum(forged.AsSpan(0, codec.UsableSize), s_id, 0));
        Assert.False(codec.TryOpen(0, forged, opened, out string? failure));
        Assert.Equal("authentication", failure);

        // Another key (same database id) does not verify it either.
        using var other = new PageCodec(4096, s_id, new PageCipher(OtherKey), new Authenticator(OtherKey));
        Assert.False(other.TryOpen(0, stored, opened, out failure));
        Assert.Equal("authentication", failure);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Checkpoint_record_slots_are_outside_page_zero_checksum_and_read_as_zero(bool encrypted)
    {
        using PageCodec codec = Create(4096, encrypted);
        byte[] plain = Random(codec.UsableSize, 3);
        byte[] stored = new byte[4096];
        codec.Seal(0, plain, stored);
        Assert.All(stored[CheckpointRecord.Slot0Offset..(CheckpointRecord.Slot0Offset + CheckpointRecord.SizeOf)], b => Assert.Equal(0, b));
        new CheckpointRecord(5, 1, 2, 3).Write(stored.AsSpan(CheckpointRecord.Slot1Offset, CheckpointRecord.SizeOf), s_id, codec.Authenticator);
        stored[CheckpointRecord.Slot0Offset + 3] = 0x77;
        byte[] opened = new byte[4096];
        Assert.True(codec.TryOpen(0, stored, opened, out _));
        Assert.All(opened[CheckpointRecord.Slot1Offset..(CheckpointRecord.Slot1Offset + CheckpointRecord.SizeOf)], b => Assert.Equal(0, b));
        Assert.All(opened[CheckpointRecord.Slot0Offset..(CheckpointRecord.Slot0Offset + CheckpointRecord.SizeOf)], b => Assert.Equal(0, b));
        Assert.Equal(plain[..CheckpointRecord.Slot0Offset], opened[..CheckpointRecord.Slot0Offset]);

        // A byte outside the slots still fails.
        stored[CheckpointRecord.Slot0Offset - 1] ^= 1;
        Assert.False(codec.TryOpen(0, stored, opened, out _));
    }

    [Fact]
    public void Every_encrypted_seal_uses_a_fresh_nonce()
    {
        using PageCodec codec = Create(4096, encrypted: true);
        byte[] plain = Random(codec.UsableSize, 1);
        byte[] first = new byte[4096];
        byte[] second = new byte[4096];
        codec.Seal(1, plain, first);
        codec.Seal(1, plain, second);
        Assert.NotEqual(first[codec.UsableSize..(codec.UsableSize + 12)], second[codec.UsableSize..(codec.UsableSize + 12)]);
        Assert.NotEqual(first[..codec.UsableSize], second[..codec.UsableSize]);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Seal_and_open_allocate_nothing(bool encrypted)
    {
        using PageCodec codec = Create(4096, encrypted);
        byte[] plain = Random(codec.UsableSize, 1);
        byte[] stored = new byte[4096];
        byte[] back = new byte[4096];
        // Warm both paths (page 0 takes the header MAC's) so one-time runtime set-up is not counted.
        codec.Seal(0, plain, stored);
        codec.Open(0, stored, back, "db");
        codec.Seal(1, plain, stored);
        codec.Open(1, stored, back, "db");

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 200; i++)
        {
            codec.Seal((uint)i, plain, stored);
            codec.Open((uint)i, stored, back, "db");
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    private static byte[] Key => Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();

    private static byte[] OtherKey => Enumerable.Range(2, 32).Select(i => (byte)i).ToArray();

    private static PageCodec Create(int pageSize, bool encrypted) =>
        new(pageSize, s_id, encrypted ? new PageCipher(Key) : null, encrypted ? new Authenticator(Key) : null);

    private static byte[] Random(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}
