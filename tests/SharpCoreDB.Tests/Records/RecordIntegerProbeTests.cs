using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class RecordIntegerProbeTests
{
    // Every stored width (1, 2, 3, 4, 6 and 8 bytes, and the constants 0 and 1) at both ends of its range.
    private static readonly long[] Boundaries =
    [
        0, 1, -1, 2, 127, -128, 128, -129, 32767, -32768, 32768, -32769, 8388607, -8388608, 8388608, -8388609,
        2147483647, -2147483648, 2147483648, -2147483649, 140737488355327, -140737488355328, 140737488355328,
        -140737488355329, long.MaxValue, long.MinValue,
    ];

    [Theory]
    [InlineData(61)]
    [InlineData(62)]
    public void Probe_reads_exactly_the_integers_a_record_reader_reads(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var buffer = new PooledBufferWriter();
        for (int row = 0; row < 1000; row++)
        {
            int columns = generator.Random.Next(1, 12);
            var values = new SqlValue[columns];
            for (int i = 0; i < columns; i++)
            {
                values[i] = generator.Random.Next(3) == 0
                    ? SqlValue.FromInt64(Boundaries[generator.Random.Next(Boundaries.Length)])
                    : generator.Next();
            }

            buffer.Reset();
            RecordWriter.Write(values, buffer);
            byte[] record = buffer.WrittenSpan.ToArray();
            var reader = new RecordReader(record);
            bool afterDecimal = false;
            for (int column = 0; column <= columns; column++)
            {
                string context = $"seed {seed}, row {row}, column {column} of {columns}";
                bool read = RecordIntegerProbe.TryRead(record, column, out long value);
                SqlValue expected = column < columns ? reader.GetValue(column) : SqlValue.Null;
                bool integer = column < columns && expected.StorageClass == SqlStorageClass.Integer && !afterDecimal;
                Assert.True(read == integer, $"{context}: probe {read}, stored {expected.StorageClass}");
                Assert.True(value == (integer ? expected.AsInt64() : 0), $"{context}: probe {value}");

                // From any head of the record, the probe either reads the same integer or says it cannot.
                int cut = generator.Random.Next(0, record.Length + 1);
                if (RecordIntegerProbe.TryRead(record.AsSpan(0, cut), column, out long fromHead))
                {
                    Assert.True(integer && fromHead == value, $"{context}: from a {cut}-byte head {fromHead}");
                }

                afterDecimal |= column < columns && expected.StorageClass == SqlStorageClass.Decimal;
            }
        }
    }

    [Fact]
    public void Probe_skips_every_one_byte_text_and_blob_serial_type()
    {
        // Serial types 12..127 are the texts and blobs of 0 to 57 bytes, sized by table in the probe's common path;
        // 58 bytes and more take a two-byte serial type and the general path. Both must land on the integer after.
        using var buffer = new PooledBufferWriter();
        for (int length = 0; length <= 70; length++)
        {
            foreach (SqlValue before in new[] { SqlValue.FromText(new string('t', length)), SqlValue.FromBlob(new byte[length]) })
            {
                buffer.Reset();
                RecordWriter.Write([before, SqlValue.FromInt64(-424242), before, SqlValue.FromInt64(7)], buffer);
                byte[] record = buffer.WrittenSpan.ToArray();
                Assert.True(RecordIntegerProbe.TryRead(record, 1, out long first), $"{before.StorageClass} of {length} bytes");
                Assert.Equal(-424242, first);
                Assert.True(RecordIntegerProbe.TryRead(record, 3, out long second), $"{before.StorageClass} of {length} bytes");
                Assert.Equal(7, second);
                Assert.False(RecordIntegerProbe.TryRead(record, 0, out _));
            }
        }
    }

    [Theory]
    [InlineData(63, 150)]
    [InlineData(64, 300)]
    public void Probe_reads_records_whose_header_needs_a_two_byte_size(int seed, int columns)
    {
        // More than 127 header bytes: the header size is a two-byte varint, read by the general path.
        var generator = new ValueGenerator(seed);
        var values = new SqlValue[columns];
        for (int i = 0; i < columns; i++)
        {
            values[i] = i % 3 == 0 ? SqlValue.FromInt64(Boundaries[i % Boundaries.Length]) : generator.Next();
        }

        using var buffer = new PooledBufferWriter();
        RecordWriter.Write(values, buffer);
        byte[] record = buffer.WrittenSpan.ToArray();
        Assert.True(record[0] >= 0x80, "the header size takes two bytes");
        var reader = new RecordReader(record);
        for (int column = 0; column < columns; column++)
        {
            SqlValue expected = reader.GetValue(column);
            bool read = RecordIntegerProbe.TryRead(record, column, out long value);
            Assert.True(read == (expected.StorageClass == SqlStorageClass.Integer), $"seed {seed}, column {column}: {expected.StorageClass}");
            Assert.Equal(read ? expected.AsInt64() : 0, value);
        }
    }
}
