using System.Text;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Tests.Records;

public sealed class RecordReaderSpanTests
{
    [Theory]
    [InlineData(41)]
    [InlineData(42)]
    public void Blob_spans_and_payload_lengths_match_the_written_values(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var buffer = new PooledBufferWriter();
        for (int row = 0; row < 1000; row++)
        {
            int columns = generator.Random.Next(0, 40);
            var values = new SqlValue[columns];
            for (int i = 0; i < columns; i++)
            {
                values[i] = generator.Next();
            }

            buffer.Reset();
            RecordWriter.Write(values, buffer);
            ReadOnlySpan<byte> record = buffer.WrittenSpan;
            Assert.True(Varint.Read(record, out ulong headerSize) != 0, $"seed {seed}, row {row}: header size");

            // Shuffled, so lengths are asked both before and after the header walk passed a column.
            var reader = new RecordReader(record);
            int[] order = Enumerable.Range(0, columns).ToArray();
            generator.Random.Shuffle(order);
            long payloadTotal = 0;
            foreach (int column in order)
            {
                string context = $"seed {seed}, row {row}, column {column}";
                SqlValue expected = values[column];
                int length = reader.GetPayloadLength(column);
                payloadTotal += length;
                switch (expected.StorageClass)
                {
                    case SqlStorageClass.Blob:
                        Assert.True(length == expected.AsBlob().Length, $"{context}: BLOB length {length}, expected {expected.AsBlob().Length}");
                        Assert.True(reader.GetBlobSpan(column).SequenceEqual(expected.AsBlob()), $"{context}: BLOB bytes differ");
                        break;
                    case SqlStorageClass.Text:
                        int utf8 = Utf8Text.GetByteCount(expected.AsText());
                        Assert.True(length == utf8, $"{context}: TEXT length {length}, expected {utf8} UTF-8 bytes");
                        Assert.Throws<InvalidCastException>(() => new RecordReader(buffer.WrittenSpan).GetBlobSpan(column));
                        break;
                    case SqlStorageClass.Null:
                        Assert.True(length == 0, $"{context}: NULL length {length}");
                        break;
                    case SqlStorageClass.Real:
                        Assert.True(length == 8, $"{context}: REAL length {length}");
                        break;
                    default:
                        Assert.True(length is >= 0 and <= 8, $"{context}: INTEGER length {length}");
                        break;
                }
            }

            // Every payload byte is accounted for exactly once: the lengths tile the record after its header.
            Assert.True(payloadTotal == record.Length - (long)headerSize, $"seed {seed}, row {row}: payload lengths sum to {payloadTotal}, record body is {record.Length - (long)headerSize}");
            Assert.True(reader.GetPayloadLength(columns) == 0, $"seed {seed}, row {row}: a column past the end has a length");
        }
    }

    [Fact]
    public void Blob_span_refuses_other_classes_and_missing_columns()
    {
        SqlValue[] values = [SqlValue.FromInt64(7), SqlValue.FromText("abc"), SqlValue.Null, SqlValue.FromBlob([])];
        byte[] record = new byte[RecordWriter.GetSize(values)];
        RecordWriter.Write(values, record);
        for (int column = 0; column < 3; column++)
        {
            int c = column;
            Assert.Throws<InvalidCastException>(() => new RecordReader(record).GetBlobSpan(c));
        }

        Assert.Throws<InvalidCastException>(() => new RecordReader(record).GetBlobSpan(9));
        var reader = new RecordReader(record);
        Assert.True(reader.GetBlobSpan(3).IsEmpty);
        Assert.Equal(3, reader.GetPayloadLength(1));
        Assert.Equal(0, reader.GetPayloadLength(3));
    }

    [Fact]
    public void Reading_blob_spans_and_lengths_allocates_nothing()
    {
        const int Seed = 43;
        var random = new Random(Seed);
        var values = new SqlValue[12];
        for (int i = 0; i < values.Length; i++)
        {
            byte[] blob = new byte[random.Next(1, 3000)];
            random.NextBytes(blob);
            values[i] = i % 3 == 0 ? SqlValue.FromText(new string('x', blob.Length)) : SqlValue.FromBlob(blob);
        }

        byte[] record = new byte[RecordWriter.GetSize(values)];
        RecordWriter.Write(values, record);
        long total = SumLengths(record, values.Length);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            total += SumLengths(record, values.Length);
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.True(total > 0, $"seed {Seed}: no payload read");
        Assert.True(allocated == 0, $"seed {Seed}: 1,000 passes over {values.Length} columns allocated {allocated} bytes");
    }

    private static long SumLengths(byte[] record, int columns)
    {
        var reader = new RecordReader(record);
        long total = 0;
        for (int column = 0; column < columns; column++)
        {
            total += reader.GetStorageClass(column) == SqlStorageClass.Blob
                ? reader.GetBlobSpan(column)[^1]
                : reader.GetPayloadLength(column);
        }

        return total;
    }
}
