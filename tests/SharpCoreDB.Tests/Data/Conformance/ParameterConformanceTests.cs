using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbParameter: defaults, names, NULL, direction, and binding by every prefix.</summary>
public sealed class ParameterConformanceTests : ConformanceTestBase
{
    [Theory, MemberData(nameof(Providers))]
    public void A_new_parameter_has_the_documented_defaults(Provider provider)
    {
        DbParameter parameter = Factory(provider).CreateParameter()!;
        Assert.Equal(string.Empty, parameter.ParameterName);
        Assert.Null(parameter.Value);
        Assert.Equal(ParameterDirection.Input, parameter.Direction);
        Assert.Equal(DbType.String, parameter.DbType);
        Assert.Equal(0, parameter.Size);
        Assert.Equal(string.Empty, parameter.SourceColumn);
        Assert.False(parameter.SourceColumnNullMapping);
    }

    [Theory, MemberData(nameof(OurProvider))]
    public void Setting_a_value_infers_DbType_and_ResetDbType_goes_back(Provider provider)
    {
        // As SqlClient; Microsoft.Data.Sqlite keeps String until DbType is set.
        DbParameter parameter = Factory(provider).CreateParameter()!;
        parameter.Value = 42L;
        Assert.Equal(DbType.Int64, parameter.DbType);
        parameter.DbType = DbType.Double;
        Assert.Equal(DbType.Double, parameter.DbType);
        parameter.ResetDbType();
        Assert.Equal(DbType.Int64, parameter.DbType);
        parameter.Value = new byte[] { 1 };
        Assert.Equal(DbType.Binary, parameter.DbType);
    }

    [Theory, MemberData(nameof(Providers))]
    public void Only_input_direction_is_supported(Provider provider)
    {
        DbParameter parameter = Factory(provider).CreateParameter()!;
        Assert.Throws<ArgumentException>(() => parameter.Direction = ParameterDirection.Output);
        Assert.Throws<ArgumentException>(() => parameter.Direction = ParameterDirection.ReturnValue);
        parameter.Direction = ParameterDirection.Input;
        Assert.Equal(ParameterDirection.Input, parameter.Direction);
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Parameters_bind_by_each_prefix_and_without_one(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @a, :b, $c, @d");
        Parameter(command, "@a", 1);
        Parameter(command, ":b", 2);
        Parameter(command, "$c", 3);
        Parameter(command, "d", 4);
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        Assert.Equal([1L, 2L, 3L, 4L], Enumerable.Range(0, 4).Select(reader.GetInt64));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task DBNull_binds_NULL_and_so_does_null_on_our_provider(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using (DbCommand command = Command(connection, "SELECT @p IS NULL"))
        {
            Parameter(command, "@p", DBNull.Value);
            Assert.Equal(1L, await Api.Scalar(command, async));
        }

        using DbCommand unset = Command(connection, "SELECT @p IS NULL");
        Parameter(unset, "@p", null);
        if (provider == Provider.SharpCoreDB)
        {
            // A deliberate difference: null binds NULL, as DBNull does (Microsoft.Data.Sqlite refuses it).
            Assert.Equal(1L, await Api.Scalar(unset, async));
        }
        else
        {
            await Api.Throws<InvalidOperationException>(() => Api.Scalar(unset, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_parameter_the_SQL_uses_but_the_command_lacks_is_an_error(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @missing");
        if (provider == Provider.SharpCoreDB)
        {
            // Bad input: our error carries a code and names the parameter (Microsoft.Data.Sqlite: InvalidOperationException).
            var error = await Api.Throws<SharpCoreDBException>(() => Api.Scalar(command, async));
            Assert.Contains("@missing", error.Message, StringComparison.Ordinal);
        }
        else
        {
            await Api.Throws<InvalidOperationException>(() => Api.Scalar(command, async));
        }
    }

    [Theory, MemberData(nameof(Both))]
    public async Task A_parameter_the_SQL_does_not_use_is_ignored(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT 9");
        Parameter(command, "@unused", 1);
        Assert.Equal(9L, await Api.Scalar(command, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task One_parameter_used_twice_binds_both_places(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @p + @p");
        Parameter(command, "@p", 21);
        Assert.Equal(42L, await Api.Scalar(command, async));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Values_round_trip_through_a_table(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        await Execute(connection, "CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)", async);
        using (DbCommand insert = Command(connection, "INSERT INTO t VALUES (@i, @r, @s, @b, @n)"))
        {
            Parameter(insert, "@i", long.MinValue);
            Parameter(insert, "@r", double.Epsilon);
            Parameter(insert, "@s", "héllo 'quoted' \u00e9\U0001F600");
            Parameter(insert, "@b", new byte[] { 0, 255, 128 });
            Parameter(insert, "@n", DBNull.Value);
            Assert.Equal(1, await Api.NonQuery(insert, async));
        }

        using DbCommand select = Command(connection, "SELECT i, r, s, b, n FROM t");
        await using DbDataReader reader = await Api.Reader(select, async);
        Assert.True(await Api.Read(reader, async));
        Assert.Equal(long.MinValue, reader.GetInt64(0));
        Assert.Equal(double.Epsilon, reader.GetDouble(1));
        Assert.Equal("héllo 'quoted' \u00e9\U0001F600", reader.GetString(2));
        Assert.Equal(new byte[] { 0, 255, 128 }, (byte[])reader.GetValue(3));
        Assert.True(reader.IsDBNull(4));
    }

    [Theory, MemberData(nameof(Both))]
    public async Task Size_truncates_text_and_blobs(Provider provider, bool async)
    {
        await using DbConnection connection = await OpenConnection(provider, async);
        using DbCommand command = Command(connection, "SELECT @s, @b");
        Parameter(command, "@s", "abcdef").Size = 3;
        Parameter(command, "@b", new byte[] { 1, 2, 3, 4 }).Size = 2;
        await using DbDataReader reader = await Api.Reader(command, async);
        Assert.True(await Api.Read(reader, async));
        Assert.Equal("abc", reader.GetString(0));
        Assert.Equal(new byte[] { 1, 2 }, (byte[])reader.GetValue(1));
    }
}
