namespace SharpCoreDB.Tests.Data;

public sealed class ParameterCollectionTests
{
    [Theory]
    [InlineData("@id")]
    [InlineData(":id")]
    [InlineData("$id")]
    [InlineData("id")]
    [InlineData("ID")]
    public void Lookup_ignores_prefix_and_falls_back_to_case_insensitive(string lookup)
    {
        var parameters = new SharpCoreDBParameterCollection();
        parameters.AddWithValue("@other", 1);
        parameters.AddWithValue("id", 42);

        Assert.Equal(1, parameters.IndexOf(lookup));
        Assert.Equal(42, parameters[lookup].Value);
    }

    [Fact]
    public void Exact_case_wins_over_case_insensitive_match()
    {
        var parameters = new SharpCoreDBParameterCollection();
        parameters.AddWithValue("@Id", 1);
        parameters.AddWithValue("@id", 2);

        Assert.Equal(2, parameters["id"].Value);
        Assert.Equal(1, parameters["Id"].Value);
    }

    [Fact]
    public void Missing_name_throws_index_out_of_range_naming_it()
    {
        var parameters = new SharpCoreDBParameterCollection();

        var error = Assert.Throws<IndexOutOfRangeException>(() => parameters["nope"]);
        Assert.Contains("nope", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Only_input_direction_is_accepted()
    {
        var parameter = new SharpCoreDBParameter("x", 1);

        Assert.Throws<ArgumentException>(() => parameter.Direction = System.Data.ParameterDirection.Output);
    }

    [Fact]
    public void DbType_is_inferred_from_the_value_until_set()
    {
        var parameter = new SharpCoreDBParameter("x", 5L);
        Assert.Equal(System.Data.DbType.Int64, parameter.DbType);

        parameter.DbType = System.Data.DbType.String;
        Assert.Equal(System.Data.DbType.String, parameter.DbType);

        parameter.ResetDbType();
        Assert.Equal(System.Data.DbType.Int64, parameter.DbType);
    }
}
