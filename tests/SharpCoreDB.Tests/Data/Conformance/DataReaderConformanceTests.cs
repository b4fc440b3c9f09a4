using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbDataReader: moving through rows and results, reading values by every getter, and its life cycle.</summary>
public sealed class DataReaderConformanceTests : ConformanceTestBase
{
    private const string Row = "SELECT 1 AS i, 2.5 AS r, 'text' AS t, x'0A0B0C' AS b, NULL AS n";

    private async Task<OpenRow> ReadRow(Provider provider, bool async, string sql = Row)
    {
        DbConnection connection = await OpenConnection(provider, async);
        DbCommand command = Command(connection, sql);
        DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        return new OpenRow(connection, command, reader);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Values_come_back_as_their_storage_class_type(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        Assert.Equal(5, reader.FieldCount);
        Assert.Equal(5, reader.VisibleFieldCount);
        Assert.Equal(1L, reader.GetValue(0));
        Assert.Equal(2.5, reader.GetValue(1));
        Assert.Equal("text", reader.GetValue(2));
        Assert.Equal(new byte[] { 10, 11, 12 }, reader.GetValue(3));
        Assert.Equal(DBNull.Value, reader.GetValue(4));
        Assert.Equal(typeof(long), reader.GetFieldType(0));
        Assert.Equal(typeof(double), reader.GetFieldType(1));
        Assert.Equal(typeof(string), reader.GetFieldType(2));
        Assert.Equal(typeof(byte[]), reader.GetFieldType(3));
        Assert.Equal(["i", "r", "t", "b", "n"], Enumerable.Range(0, 5).Select(reader.GetName));
        Assert.Equal("INTEGER", reader.GetDataTypeName(0));
        Assert.Equal("REAL", reader.GetDataTypeName(1));
        Assert.Equal("TEXT", reader.GetDataTypeName(2));
        Assert.Equal("BLOB", reader.GetDataTypeName(3));
        Assert.Equal(0, reader.Depth);
        Assert.True(reader.HasRows);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Typed_getters_convert_as_the_oracle_does(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async, "SELECT 7, '12', 3.75, 1, 0, 'a'");
        DbDataReader reader = row.Reader;
        Assert.Equal(7, reader.GetInt32(0));
        Assert.Equal((short)7, reader.GetInt16(0));
        Assert.Equal((byte)7, reader.GetByte(0));
        Assert.Equal(7.0, reader.GetDouble(0));
        Assert.Equal(7m, reader.GetDecimal(0));
        Assert.Equal("7", reader.GetString(0));
        Assert.Equal(12L, reader.GetInt64(1));
        Assert.Equal(3.75f, reader.GetFloat(2));
        Assert.True(reader.GetBoolean(3));
        Assert.False(reader.GetBoolean(4));
        Assert.Equal('a', reader.GetChar(5));
        Assert.Equal(7L, await Api.FieldValue<long>(reader, 0, async));
        Assert.Equal("12", await Api.FieldValue<string>(reader, 1, async));
        Assert.Equal(3.75, await Api.FieldValue<double>(reader, 2, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_value_too_large_for_the_getter_throws_OverflowException(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async, "SELECT 1099511627776");
        DbDataReader reader = row.Reader;
        Assert.Throws<OverflowException>(() => reader.GetInt32(0));
        Assert.Throws<OverflowException>(() => reader.GetByte(0));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task NULL_is_reported_by_IsDBNull_and_refused_by_value_getters(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        Assert.True(await Api.IsDBNull(reader, 4, async));
        Assert.False(await Api.IsDBNull(reader, 0, async));
        // A deliberate difference: Microsoft.Data.Sqlite throws InvalidOperationException; we throw
        // InvalidCastException, as Npgsql does and as GetFieldValue's contract says for a value that is not a T.
        Type expected = provider == Provider.SharpCoreDB ? typeof(InvalidCastException) : typeof(InvalidOperationException);
        Assert.Throws(expected, () => reader.GetInt64(4));
        Assert.Throws(expected, () => reader.GetString(4));
        Assert.Throws(expected, () => reader.GetFieldValue<long>(4));
        if (provider == Provider.SharpCoreDB)
        {
            // Reference and nullable types read NULL as null, as in SqlClient and Npgsql (Microsoft.Data.Sqlite
            // throws, as for GetString).
            Assert.Null(await Api.FieldValue<string?>(reader, 4, async));
            Assert.Null(await Api.FieldValue<long?>(reader, 4, async));
        }

        Assert.Equal(DBNull.Value, await Api.FieldValue<object>(reader, 4, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Names_resolve_to_ordinals_case_insensitively(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        Assert.Equal(2, reader.GetOrdinal("t"));
        Assert.Equal(2, reader.GetOrdinal("T"));
        Assert.Equal("text", reader["t"]);
        Assert.Equal(1L, reader[0]);
        // A deliberate difference: IDataRecord.GetOrdinal documents IndexOutOfRangeException (SqlClient and Npgsql
        // throw it); Microsoft.Data.Sqlite throws ArgumentOutOfRangeException.
        Type expected = provider == Provider.SharpCoreDB ? typeof(IndexOutOfRangeException) : typeof(ArgumentOutOfRangeException);
        Assert.Throws(expected, () => reader.GetOrdinal("missing"));
        Assert.Throws(expected, () => reader["missing"]);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task An_ordinal_out_of_range_throws(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        Assert.ThrowsAny<ArgumentOutOfRangeException>(() => reader.GetValue(5));
        Assert.ThrowsAny<ArgumentOutOfRangeException>(() => reader.GetName(-1));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task GetValues_fills_the_array_and_returns_how_many(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        if (provider == Provider.SharpCoreDB)
        {
            // Microsoft.Data.Sqlite needs room for every column; SqlClient and we fill what fits.
            object[] three = new object[3];
            Assert.Equal(3, reader.GetValues(three));
            Assert.Equal([1L, 2.5, "text"], three);
        }

        object[] seven = new object[7];
        Assert.Equal(5, reader.GetValues(seven));
        Assert.Equal(DBNull.Value, seven[4]);
        Assert.Null(seven[5]);
    }

    // Ours only: this sequence of partial reads crashes the test host under Microsoft.Data.Sqlite 10.
    [Theory, MemberData(nameof(OursOnly))]
    public async Task GetBytes_and_GetChars_read_in_pieces_and_report_the_length(Provider provider, bool async)
    {
        await using OpenRow row = await ReadRow(provider, async);
        DbDataReader reader = row.Reader;
        Assert.Equal(3, reader.GetBytes(3, 0, null, 0, 0));
        byte[] buffer = new byte[4];
        Assert.Equal(2, reader.GetBytes(3, 1, buffer, 1, 3));
        Assert.Equal(new byte[] { 0, 11, 12, 0 }, buffer);
        Assert.Equal(4, reader.GetChars(2, 0, null, 0, 0));
        char[] chars = new char[2];
        Assert.Equal(2, reader.GetChars(2, 1, chars, 0, 2));
        Assert.Equal("ex", new string(chars));
        using Stream stream = reader.GetStream(3);
        Assert.Equal(3, stream.Length);
        using TextReader text = reader.GetTextReader(2);
        Assert.Equal("text", await text.ReadToEndAsync());
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Reading_before_the_first_Read_throws_InvalidOperationException(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1");
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.Throws<InvalidOperationException>(() => reader.GetValue(0));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Reading_past_the_last_row_throws_and_Read_stays_false(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1");
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        Assert.False(await Api.Read(reader, async));
        Assert.False(await Api.Read(reader, async));
        Assert.Throws<InvalidOperationException>(() => reader.GetValue(0));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task An_empty_result_has_columns_but_no_rows(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1 AS a, 'x' AS b WHERE 0");
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.False(reader.HasRows);
        Assert.Equal(2, reader.FieldCount);
        Assert.Equal("b", reader.GetName(1));
        Assert.False(await Api.Read(reader, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task NextResult_moves_through_each_statement_and_RecordsAffected_sums_the_changes(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(x)", async);
        using DbCommand command = Command(connection, "INSERT INTO t VALUES (1), (2); SELECT x FROM t ORDER BY x; UPDATE t SET x = x * 10; SELECT sum(x) FROM t;");
        DbDataReader reader = await Api.Reader(command, async);
        var values = new List<long>();
        do
        {
            while (await Api.Read(reader, async))
            {
                values.Add(reader.GetInt64(0));
            }
        }
        while (await Api.NextResult(reader, async));

        await Api.CloseReader(reader, async);
        Assert.Equal([1L, 2L, 30L], values);
        Assert.Equal(4, reader.RecordsAffected);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_closed_reader_refuses_reads_and_closing_twice_is_harmless(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1");
        DbDataReader reader = await Api.Reader(command, async);
        Assert.False(reader.IsClosed);
        await Api.CloseReader(reader, async);
        await Api.CloseReader(reader, async);
        Assert.True(reader.IsClosed);
        await Api.Throws<InvalidOperationException>(() => Api.Read(reader, async));
        await Api.Throws<InvalidOperationException>(() => Api.NextResult(reader, async));
        await Api.Dispose(reader, async);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Declared_column_types_are_reported_for_table_columns(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(a INTEGER, b TEXT, c REAL, d BLOB, e VARCHAR(10)); INSERT INTO t VALUES (1, 'x', 1.5, x'00', 'y');", async);
        using DbCommand command = Command(connection, "SELECT a, b, c, d, e FROM t");
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        // As Microsoft.Data.Sqlite: the type name without its size.
        Assert.Equal(["INTEGER", "TEXT", "REAL", "BLOB", "VARCHAR"], Enumerable.Range(0, 5).Select(reader.GetDataTypeName));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Enumerating_the_reader_yields_data_records(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 1 UNION ALL SELECT 2");
        await using DbDataReader reader = await Api.Reader(command, async);
        var seen = new List<object>();
        foreach (IDataRecord record in reader)
        {
            seen.Add(record[0]);
        }

        Assert.Equal([1L, 2L], seen);
    }
}
