using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class RecordPrefixTests
{
    [Theory]
    [InlineData(51)]
    [InlineData(52)]
    public void Needed_length_covers_exactly_the_leading_columns_a_reader_asks_for(int seed)
    {
        var generator = new ValueGenerator(seed);
        using var buffer = new PooledBufferWriter();
        for (int row = 0; row < 500; row++)
        {
            int columns = generator.Random.Next(0, 20);
            var values = new SqlValue[columns];
            for (int i = 0; i < columns; i++)
            {
                values[i] = generator.Next();
            }

            buffer.Reset();
            RecordWriter.Write(values, buffer);
            byte[] record = buffer.WrittenSpan.ToArray();
            int wanted = generator.Random.Next(0, columns + 2);
            string context = $"seed {seed}, row {row}, {wanted} of {columns} columns";

            long needed = RecordPrefix.NeededLength(record, wanted);
            Assert.True(needed >= 0 && needed <= record.Length, $"{context}: needed {needed} of {record.Length}");
            if (wanted >= columns)
            {
                Assert.True(needed == record.Length, $"{context}: every column needs the whole record");
            }

            // A reader over just that prefix gives the same leading columns as over the whole record.
            var whole = new RecordReader(record);
            var prefix = new RecordReader(record.AsSpan(0, (int)needed));
            for (int column = 0; column < Math.Min(wanted, columns); column++)
            {
                Assert.True(SqlValueComparer.CompareValues(whole.GetValue(column), prefix.GetValue(column)) == 0, $"{context}: column {column}");
            }

            // A head too short to hold the header (or a DECIMAL's size byte) cannot tell, and says so.
            int cut = generator.Random.Next(0, record.Length + 1);
            long fromHead = RecordPrefix.NeededLength(record.AsSpan(0, cut), wanted);
            Assert.True(fromHead == -1 || fromHead == needed, $"{context}: from a {cut}-byte head {fromHead}, whole {needed}");
        }
    }
}
