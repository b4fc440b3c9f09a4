using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class SqlValueTests
{
    [Fact]
    public void Default_is_null()
    {
        SqlValue value = default;
        Assert.True(value.IsNull);
        Assert.Equal(DBNull.Value, value.ToObject());
    }

    [Fact]
    public void Declared_types_round_trip_through_their_storage_classes()
    {
        var when = new DateTime(2024, 2, 29, 13, 45, 7, DateTimeKind.Utc).AddTicks(1234567);
        var guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");

        SqlValue boolean = SqlValue.FromBoolean(true);
        Assert.Equal(SqlStorageClass.Integer, boolean.StorageClass);
        Assert.Equal(true, boolean.ToObject());

        // A DateTime binds as ISO-8601 text (no conversion, no zone suffix) and reads back to the tick.
        SqlValue dateTime = SqlValue.FromObject(when);
        Assert.Equal(SqlStorageClass.Text, dateTime.StorageClass);
        Assert.Equal("2024-02-29 13:45:07.1234567", dateTime.AsText());
        Assert.Equal(when.Ticks, ((DateTime)dateTime.WithDeclaredType(SqlDeclaredType.DateTime).ToObject()).Ticks);

        SqlValue guidValue = SqlValue.FromGuid(guid);
        Assert.Equal(SqlStorageClass.Blob, guidValue.StorageClass);
        Assert.Equal(Convert.FromHexString("00112233445566778899AABBCCDDEEFF"), guidValue.AsBlob());
        Assert.Equal(guid, guidValue.ToObject());

        foreach (decimal dec in new[] { 1.50m, -0.0001m, decimal.MaxValue, decimal.MinValue, 0m, 1e-28m })
        {
            SqlValue decimalValue = SqlValue.FromDecimal(dec).WithDeclaredType(SqlDeclaredType.Decimal);
            Assert.Equal(dec == 0m ? SqlStorageClass.Integer : SqlStorageClass.Decimal, decimalValue.StorageClass);
            decimal back = (decimal)decimalValue.ToObject();
            Assert.Equal(decimal.GetBits(dec), decimal.GetBits(back));
        }
    }

    [Fact]
    public void Declared_tag_survives_a_record_round_trip_when_reattached()
    {
        SqlValue[] row = [SqlValue.FromGuid(Guid.NewGuid()), SqlValue.FromObject(DateTime.UnixEpoch), SqlValue.FromBoolean(false)];
        byte[] record = new byte[RecordWriter.GetSize(row)];
        RecordWriter.Write(row, record);
        var reader = new RecordReader(record);
        Assert.Equal(row[0].AsGuid(), reader.GetValue(0).WithDeclaredType(SqlDeclaredType.Guid).ToObject());
        Assert.Equal(DateTime.UnixEpoch, reader.GetValue(1).WithDeclaredType(SqlDeclaredType.DateTime).ToObject());
        Assert.Equal(false, reader.GetValue(2).WithDeclaredType(SqlDeclaredType.Boolean).ToObject());
        Assert.Equal(0L, reader.GetValue(2).ToObject());
    }

    [Fact]
    public void Guid_byte_order_sorts_like_guid_text()
    {
        var random = new Random(91);
        var guids = new List<Guid>();
        for (int i = 0; i < 200; i++)
        {
            byte[] bytes = new byte[16];
            random.NextBytes(bytes);
            guids.Add(new Guid(bytes));
        }

        var byText = guids.OrderBy(g => g.ToString(), StringComparer.Ordinal).ToList();
        var byValue = guids.OrderBy(SqlValue.FromGuid, SqlValueComparer.Instance).ToList();
        Assert.Equal(byText, byValue);
    }

    [Fact]
    public void Clr_values_map_to_storage_classes()
    {
        Assert.Equal(SqlStorageClass.Integer, SqlValue.FromObject(5).StorageClass);
        Assert.Equal(SqlStorageClass.Integer, SqlValue.FromObject(DayOfWeek.Friday).StorageClass);
        Assert.Equal(SqlStorageClass.Real, SqlValue.FromObject(1.5f).StorageClass);
        Assert.Equal(SqlStorageClass.Text, SqlValue.FromObject('x').StorageClass);
        Assert.True(SqlValue.FromObject(DBNull.Value).IsNull);
        Assert.True(SqlValue.FromObject(double.NaN).IsNull);
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, Assert.Throws<SharpCoreDBException>(() => SqlValue.FromObject(ulong.MaxValue)).ErrorCode);
        Assert.Throws<NotSupportedException>(() => SqlValue.FromObject(new object()));
        Assert.Throws<InvalidCastException>(() => SqlValue.FromText("x").AsInt64());
    }

    [Fact]
    public void The_most_bound_types_convert_as_their_general_rules_say()
    {
        // long, byte[], string and double are converted by exact type before the general switch: the same values.
        foreach (long number in new[] { long.MinValue, -1L, 0L, 1L, long.MaxValue })
        {
            AssertSame(SqlValue.FromInt64(number), SqlValue.FromObject(number));
        }

        foreach (int length in new[] { 0, 15, 16, 17, 100 })
        {
            byte[] bytes = Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();
            SqlValue blob = SqlValue.FromObject(bytes);
            Assert.Equal(SqlStorageClass.Blob, blob.StorageClass);
            Assert.Equal(bytes, blob.AsBlob());
        }

        // An sbyte[] is a byte[] to the runtime's casts, so it still binds as a blob, through the general switch.
        Assert.Equal(new byte[] { 255, 1 }, SqlValue.FromObject(new sbyte[] { -1, 1 }).AsBlob());

        Assert.Equal("a\uFFFDb", SqlValue.FromObject("a\uD800b").AsText());
        Assert.Equal("", SqlValue.FromObject("").AsText());
        AssertSame(SqlValue.FromDouble(-0.0), SqlValue.FromObject(-0.0));
        AssertSame(SqlValue.FromDouble(1.5), SqlValue.FromObject(1.5));
        Assert.True(SqlValue.FromObject(double.NaN).IsNull);
        Assert.True(SqlValue.FromObject(null).IsNull);
    }

    private static void AssertSame(SqlValue expected, SqlValue actual)
    {
        Assert.Equal(expected.StorageClass, actual.StorageClass);
        Assert.Equal(expected.DeclaredType, actual.DeclaredType);
        Assert.Equal(expected.RawBits, actual.RawBits);
    }
}
