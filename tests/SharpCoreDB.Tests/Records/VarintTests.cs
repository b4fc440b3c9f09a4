using RecordVarint = SharpCoreDB.Records.Varint;
using StorageVarint = SharpCoreDB.Storage.BTree.Varint;

namespace SharpCoreDB.Tests.Records;

/// <summary>The record format's 64-bit varint and the B+tree cells' 32-bit varint encode and decode alike.</summary>
public sealed class VarintTests
{
    private static readonly uint[] s_edges =
    [
        0, 1, 0x7F, 0x80, 0x81, 0xFF, 0x100, 0x3FFF, 0x4000, 0x4001, 0x1F_FFFF, 0x20_0000, 0x20_0001,
        0xFFF_FFFF, 0x1000_0000, 0x1000_0001, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, uint.MaxValue,
    ];

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Both_varints_write_the_same_bytes_for_every_32_bit_value(int seed)
    {
        var random = new Random(seed);
        Span<byte> record = stackalloc byte[RecordVarint.MaxLength];
        Span<byte> cell = stackalloc byte[StorageVarint.MaxLength];
        for (int i = 0; i < 200_000; i++)
        {
            uint value = i < s_edges.Length ? s_edges[i] : RandomValue(random);
            int recordLength = RecordVarint.Write(value, record);
            int cellLength = StorageVarint.Write(cell, value);
            Assert.True(
                record[..recordLength].SequenceEqual(cell[..cellLength]),
                $"seed {seed}: {value} is {Convert.ToHexString(record[..recordLength])} in records but {Convert.ToHexString(cell[..cellLength])} in cells");
            Assert.Equal(recordLength, RecordVarint.GetLength(value));
            Assert.Equal(cellLength, StorageVarint.Size(value));
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(4)]
    public void Both_varints_accept_and_reject_the_same_bytes_within_32_bits(int seed)
    {
        var random = new Random(seed);
        byte[] bytes = new byte[7];
        for (int i = 0; i < 200_000; i++)
        {
            int length = random.Next(0, bytes.Length + 1);
            for (int b = 0; b < length; b++)
            {
                // Mostly continuation bytes, so long, overlong and truncated encodings all turn up.
                bytes[b] = (byte)(random.Next(4) == 0 ? random.Next(0, 0x80) : random.Next(0x80, 0x100));
            }

            ReadOnlySpan<byte> source = bytes.AsSpan(0, length);
            bool recordOk = RecordVarint.TryRead(source, out ulong recordValue, out int recordLength);
            int cellLength = StorageVarint.Read(source, out uint cellValue);

            // The cell varint is the record varint limited to 32 bits (five bytes at most).
            bool fits = recordOk && recordLength <= StorageVarint.MaxLength && recordValue <= uint.MaxValue;
            string context = $"seed {seed}: bytes {Convert.ToHexString(source)}";
            Assert.True(fits == (cellLength != 0), context);
            if (fits)
            {
                Assert.Equal(recordLength, cellLength);
                Assert.Equal(recordValue, cellValue);
            }
        }
    }

    // Values of every encoded length equally often.
    private static uint RandomValue(Random random) => (uint)random.NextInt64(0, 1L << 32) >> random.Next(0, 32);
}
