using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.SqlLogicTest;

public sealed class ResultHasherTests
{
    [Fact]
    public void Hash_is_md5_of_values_each_followed_by_newline()
    {
        // Known digests: md5("") and md5("1\n2\n"), as printed by md5sum.
        Assert.Equal("0 values hashing to d41d8cd98f00b204e9800998ecf8427e", ResultHasher.Describe([]));
        Assert.Equal("2 values hashing to 6ddb4095eb719e2a9f0a3f95677d24e0", ResultHasher.Describe(["1", "2"]));
        Assert.True(ResultHasher.IsHashLine("2 values hashing to 6ddb4095eb719e2a9f0a3f95677d24e0"));
        Assert.False(ResultHasher.IsHashLine("hashing"));
    }

    [Fact]
    public void Row_sort_compares_rendered_text_column_by_column()
    {
        List<string> values = ["9", "b", "10", "z", "10", "a", "NULL", "x"];
        ResultSorter.Sort(values, 2, SortMode.RowSort);
        Assert.Equal(["10", "a", "10", "z", "9", "b", "NULL", "x"], values);
    }

    [Fact]
    public void Value_sort_sorts_every_value_and_nosort_keeps_engine_order()
    {
        List<string> values = ["9", "b", "10", "(empty)"];
        ResultSorter.Sort(values, 2, SortMode.NoSort);
        Assert.Equal(["9", "b", "10", "(empty)"], values);
        ResultSorter.Sort(values, 2, SortMode.ValueSort);
        Assert.Equal(["(empty)", "10", "9", "b"], values);
    }
}
