using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class PatternDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(6000);

    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Like_and_glob_match_sqlite_on_random_patterns()
    {
        int seed = StressScale.Seed(4000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue text = SqlValue.FromText(values.Word(values.Random.Next(0, 7), "abAB-]\u00e9\ud83d\ude00"));
            SqlValue pattern = SqlValue.FromText(values.Word(values.Random.Next(0, 6), "aAbB%_*?[]^-\\\u00e9"));
            OracleRow row = _sqlite.Query("SELECT ?1 LIKE ?2, ?1 LIKE ?2 ESCAPE '\\', ?1 GLOB ?2, ?1 LIKE ?2 ESCAPE '%', ?1 LIKE ?2 ESCAPE 'a'", text, pattern);
            runner.Check("LIKE", [text, pattern], row, 0, () => PatternMatcher.Like(text, pattern));
            runner.Check("LIKE ESCAPE \\", [text, pattern], row, 1, () => PatternMatcher.Like(text, pattern, SqlValue.FromText("\\")));
            runner.Check("GLOB", [text, pattern], row, 2, () => PatternMatcher.Glob(text, pattern));
            runner.Check("LIKE ESCAPE %", [text, pattern], row, 3, () => PatternMatcher.Like(text, pattern, SqlValue.FromText("%")));
            runner.Check("LIKE ESCAPE a", [text, pattern], row, 4, () => PatternMatcher.Like(text, pattern, SqlValue.FromText("a")));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Like_and_glob_on_any_values_match_sqlite()
    {
        int seed = StressScale.Seed(4001);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases / 2; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = i % 3 == 0 ? a : values.Next();
            SqlValue escape = i % 5 == 0 ? values.Next() : SqlValue.FromText("x");
            OracleRow row = _sqlite.Query("SELECT ?1 LIKE ?2, ?1 GLOB ?2, like(?2, ?1), glob(?2, ?1)", a, b);
            runner.Check("LIKE", [a, b], row, 0, () => PatternMatcher.Like(a, b));
            runner.Check("GLOB", [a, b], row, 1, () => PatternMatcher.Glob(a, b));
            runner.Check("like()", [a, b], row, 2, () => ScalarFunctions.Resolve("like", 2).Invoke([b, a]));
            runner.Check("glob()", [a, b], row, 3, () => ScalarFunctions.Resolve("glob", 2).Invoke([b, a]));
            runner.Check("LIKE ESCAPE", [a, b, escape], _sqlite.Query("SELECT ?1 LIKE ?2 ESCAPE ?3", a, b, escape), 0, () => PatternMatcher.Like(a, b, escape));
        }

        runner.AssertClean();
    }

    [Theory]
    [InlineData("abc", "A%", true)]
    [InlineData("abc", "a_c", true)]
    [InlineData("a_c", "a\\_c", true)]
    [InlineData("abc", "a\\_c", false)]
    [InlineData("abc", "abc\\", false)]
    [InlineData("\u00e9", "\u00c9", false)]
    [InlineData("\ud83d\ude00", "_", true)]
    [InlineData("", "%", true)]
    [InlineData("a", "", false)]
    public void Like_handles_documented_edge_cases(string text, string pattern, bool expected) =>
        Assert.Equal(expected, PatternMatcher.Like(text, pattern, '\\'));

    [Theory]
    [InlineData("abc", "a[a-c]c", true)]
    [InlineData("a]c", "a[]]c", true)]
    [InlineData("abc", "a[^b]c", false)]
    [InlineData("a-c", "a[a-]c", true)]
    [InlineData("ABC", "abc", false)]
    [InlineData("abc", "a*", true)]
    [InlineData("abc", "a[bc", false)]
    [InlineData("abc", "?b?", true)]
    public void Glob_handles_documented_edge_cases(string text, string pattern, bool expected) =>
        Assert.Equal(expected, PatternMatcher.Glob(text, pattern));

    [Fact]
    public void Escape_of_more_than_one_character_is_an_error()
    {
        var error = Assert.Throws<SharpCoreDBException>(() => PatternMatcher.Like(SqlValue.FromText("a"), SqlValue.FromText("a"), SqlValue.FromText("ab")));
        Assert.Equal("ESCAPE expression must be a single character", error.Message);
    }

    [Fact]
    public void Long_patterns_do_not_recurse()
    {
        string text = new('a', 20000);
        string pattern = string.Concat(Enumerable.Repeat("%a", 8000)) + "b";
        Assert.False(PatternMatcher.Like(text, pattern));
        Assert.True(PatternMatcher.Like(text, string.Concat(Enumerable.Repeat("%a", 8000))));
    }

    [Fact]
    public void Patterns_beyond_the_length_limit_are_rejected()
    {
        var error = Assert.Throws<SharpCoreDBException>(() => PatternMatcher.Like(SqlValue.FromText("a"), SqlValue.FromText(new string('%', 50001))));
        Assert.Equal(SharpCoreDBErrorCode.TooBig, error.ErrorCode);
    }
}
