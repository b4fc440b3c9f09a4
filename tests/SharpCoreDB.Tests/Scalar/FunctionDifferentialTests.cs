using System.Globalization;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class FunctionDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(2000);

    private static readonly string[] s_unary =
    [
        "length", "octet_length", "lower", "upper", "trim", "ltrim", "rtrim", "abs", "round", "typeof", "hex", "quote",
        "unicode", "sign", "sqrt", "ceil", "floor", "trunc", "ln", "log", "log2", "log10", "exp", "sin", "atan",
        "degrees", "radians", "likely", "char", "concat",
    ];

    private static readonly string[] s_binary =
    [
        "substr", "trim", "ltrim", "rtrim", "round", "instr", "nullif", "ifnull", "coalesce", "min", "max", "iif",
        "pow", "atan2", "mod", "log", "concat_ws", "char", "concat",
    ];

    private static readonly string[] s_ternary = ["substr", "replace", "coalesce", "min", "max", "iif", "char", "concat_ws"];

    private static readonly string[] s_formats =
    [
        "%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%,d", "%x", "%X", "%#x", "%o", "%#o", "%u", "%i", "%lld", "%r",
        "%s", "%10s|", "%-10s|", "%.3s", "%!.3s", "%5.1s", "%q", "%Q", "%w", "%c", "%.3c", "%z",
        "%f", "%.2f", "%10.3f", "%-10.2f|", "%+.1f", "%.0f", "%#.0f", "%08.3f", "%,.2f", "%.20f", "%!.20f", "%!.3f",
        "%e", "%.3e", "%E", "%.0e", "%!.20e", "%+.2e", "%g", "%G", "%.3g", "%#g", "%!g", "%!.15g", "%.17g", "%.0g",
        "%%", "%5%", "a%yb", "%", "%.*f", "%*d|", "%-*d|", "x%ny", "%d %s %f", "%p", "%#p", "%#X",
    ];

    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void One_argument_functions_match_sqlite()
    {
        int seed = StressScale.Seed(5000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            foreach (string name in s_unary)
            {
                runner.Check(name, [a], _sqlite.Query($"SELECT {name}(?1)", a), 0, () => ScalarFunctions.Resolve(name, 1).Invoke([a]));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Two_argument_functions_match_sqlite()
    {
        int seed = StressScale.Seed(5001);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = i % 2 == 0 ? SmallInteger(values) : values.Next();
            foreach (string name in s_binary)
            {
                runner.Check(name, [a, b], _sqlite.Query($"SELECT {name}(?1, ?2)", a, b), 0, () => ScalarFunctions.Resolve(name, 2).Invoke([a, b]));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Three_argument_functions_match_sqlite()
    {
        int seed = StressScale.Seed(5002);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue b = i % 2 == 0 ? SmallInteger(values) : values.Next();
            SqlValue c = i % 3 == 0 ? SmallInteger(values) : values.Next();
            foreach (string name in s_ternary)
            {
                runner.Check(name, [a, b, c], _sqlite.Query($"SELECT {name}(?1, ?2, ?3)", a, b, c), 0, () => ScalarFunctions.Resolve(name, 3).Invoke([a, b, c]));
            }

            // replace() with a pattern taken from the text, so it actually replaces.
            if (a.StorageClass == SqlStorageClass.Text && a.AsText().Length > 1)
            {
                SqlValue part = SqlValue.FromText(a.AsText().Substring(1, 1));
                runner.Check("replace", [a, part, c], _sqlite.Query("SELECT replace(?1, ?2, ?3)", a, part, c), 0, () => ScalarFunctions.Resolve("replace", 3).Invoke([a, part, c]));
                runner.Check("instr", [a, part], _sqlite.Query("SELECT instr(?1, ?2)", a, part), 0, () => ScalarFunctions.Resolve("instr", 2).Invoke([a, part]));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Substr_matches_sqlite_for_all_index_combinations()
    {
        int seed = StressScale.Seed(5003);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        long[] indexes = [long.MinValue, long.MinValue + 1, -9, -6, -5, -4, -1, 0, 1, 2, 4, 5, 6, 9, long.MaxValue - 1, long.MaxValue];
        SqlValue[] subjects = [SqlValue.FromText("hello"), SqlValue.FromText("h\ud83d\ude00llo"), SqlValue.FromBlob([1, 2, 3, 4, 5]), SqlValue.FromInt64(123456), SqlValue.FromText(string.Empty)];
        foreach (SqlValue subject in subjects)
        {
            foreach (long start in indexes)
            {
                SqlValue y = SqlValue.FromInt64(start);
                runner.Check("substr", [subject, y], _sqlite.Query("SELECT substr(?1, ?2)", subject, y), 0, () => ScalarFunctions.Resolve("substr", 2).Invoke([subject, y]));
                foreach (long length in indexes)
                {
                    SqlValue z = SqlValue.FromInt64(length);
                    runner.Check("substr", [subject, y, z], _sqlite.Query("SELECT substr(?1, ?2, ?3)", subject, y, z), 0, () => ScalarFunctions.Resolve("substring", 3).Invoke([subject, y, z]));
                }
            }
        }

        for (int i = 0; i < s_cases; i++)
        {
            SqlValue a = values.Next();
            SqlValue y = SqlValue.FromInt64(values.Random.Next(-8, 9));
            SqlValue z = SqlValue.FromInt64(values.Random.Next(-8, 9));
            runner.Check("substr", [a, y, z], _sqlite.Query("SELECT substr(?1, ?2, ?3)", a, y, z), 0, () => ScalarFunctions.Resolve("substr", 3).Invoke([a, y, z]));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Printf_matches_sqlite_for_every_conversion()
    {
        int seed = StressScale.Seed(5004);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases / 2; i++)
        {
            SqlValue a = i % 2 == 0 ? values.NextNumberOrNull() : values.Next();
            SqlValue b = i % 3 == 0 ? SmallInteger(values) : values.Next();
            SqlValue c = values.Next();
            foreach (string format in s_formats)
            {
                // A '*' takes its width from an argument; keep those small so no case builds a huge string.
                SqlValue first = format.Contains('*', StringComparison.Ordinal) ? SmallInteger(values) : a;
                SqlValue f = SqlValue.FromText(format);
                runner.Check("printf", [f, first, b, c], _sqlite.Query("SELECT printf(?1, ?2, ?3, ?4)", f, first, b, c), 0, () => ScalarFunctions.Resolve("printf", 4).Invoke([f, first, b, c]));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Quote_and_real_rendering_match_sqlite_on_random_doubles()
    {
        int seed = StressScale.Seed(5005);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases * 2; i++)
        {
            SqlValue a = SqlValue.FromDouble(values.NextReal());
            OracleRow row = _sqlite.Query("SELECT quote(?1), CAST(?1 AS TEXT), printf('%!.20e|%.17g|%!.25f|%.3f', ?1, ?1, ?1, ?1), round(?1, 3), round(?1, 12), round(?1)", a);
            runner.Check("quote", [a], row, 0, () => ScalarFunctions.Resolve("quote", 1).Invoke([a]));
            runner.Check("CAST AS TEXT", [a], row, 1, () => SqlCast.Cast(a, Affinity.Text));
            SqlValue f = SqlValue.FromText("%!.20e|%.17g|%!.25f|%.3f");
            runner.Check("printf", [a], row, 2, () => SqlPrintf.Format(f, [a, a, a, a]));
            runner.Check("round 3", [a], row, 3, () => ScalarFunctions.Resolve("round", 2).Invoke([a, SqlValue.FromInt64(3)]));
            runner.Check("round 12", [a], row, 4, () => ScalarFunctions.Resolve("round", 2).Invoke([a, SqlValue.FromInt64(12)]));
            runner.Check("round", [a], row, 5, () => ScalarFunctions.Resolve("round", 1).Invoke([a]));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Functions_with_many_arguments_match_sqlite()
    {
        int seed = StressScale.Seed(5006);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue[] args = [values.Next(), values.Next(), values.Next(), values.Next(), values.Next()];
            foreach (string name in new[] { "coalesce", "min", "max", "iif", "char", "concat", "concat_ws", "printf" })
            {
                runner.Check(name, args, _sqlite.Query($"SELECT {name}(?1, ?2, ?3, ?4, ?5)", args), 0, () => ScalarFunctions.Resolve(name, 5).Invoke(args));
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Text_with_nul_characters_is_cut_or_kept_where_sqlite_does()
    {
        var runner = new DifferentialRunner(0);
        SqlValue[] subjects = [SqlValue.FromText("a\0b"), SqlValue.FromText("\0 a "), SqlValue.FromText("\0")];
        foreach (SqlValue a in subjects)
        {
            foreach (string name in new[] { "length", "quote", "upper", "hex", "unicode", "trim", "octet_length" })
            {
                runner.Check(name, [a], _sqlite.Query($"SELECT {name}(?1)", a), 0, () => ScalarFunctions.Resolve(name, 1).Invoke([a]));
            }

            SqlValue b = SqlValue.FromText("b");
            runner.Check("instr", [a, b], _sqlite.Query("SELECT instr(?1, ?2)", a, b), 0, () => ScalarFunctions.Resolve("instr", 2).Invoke([a, b]));
            runner.Check("replace", [a, b], _sqlite.Query("SELECT replace(?1, ?2, 'c')", a, b), 0, () => ScalarFunctions.Resolve("replace", 3).Invoke([a, b, SqlValue.FromText("c")]));
            runner.Check("substr", [a], _sqlite.Query("SELECT substr(?1, 1)", a), 0, () => ScalarFunctions.Resolve("substr", 2).Invoke([a, SqlValue.FromInt64(1)]));
            runner.Check("printf", [a], _sqlite.Query("SELECT printf('%s!', ?1)", a), 0, () => ScalarFunctions.Resolve("printf", 2).Invoke([SqlValue.FromText("%s!"), a]));
            runner.Check("concat", [a, b], _sqlite.Query("SELECT concat(?1, ?2)", a, b), 0, () => ScalarFunctions.Resolve("concat", 2).Invoke([a, b]));
            runner.Check("||", [a, b], _sqlite.Query("SELECT ?1 || ?2", a, b), 0, () => Arithmetic.Concat(a, b));
            runner.Check("LIKE", [a], _sqlite.Query("SELECT ?1 LIKE 'a'", a), 0, () => PatternMatcher.Like(a, SqlValue.FromText("a")));
        }

        runner.AssertClean();
    }

    [Fact]
    public void Abs_of_smallest_integer_is_an_overflow_error()
    {
        var error = Assert.Throws<SharpCoreDBException>(() => ScalarFunctions.Resolve("abs", 1).Invoke([SqlValue.FromInt64(long.MinValue)]));
        Assert.Equal(SharpCoreDBErrorCode.IntegerOverflow, error.ErrorCode);
        Assert.Equal("integer overflow", error.Message);
    }

    [Fact]
    public void Unknown_functions_and_wrong_arity_are_reported_like_sqlite()
    {
        var unknown = Assert.Throws<SharpCoreDBException>(() => ScalarFunctions.Resolve("foo", 1));
        Assert.Equal("no such function: foo", unknown.Message);
        Assert.Equal(SharpCoreDBErrorCode.Unsupported, unknown.ErrorCode);

        var arity = Assert.Throws<SharpCoreDBException>(() => ScalarFunctions.Resolve("substr", 1));
        Assert.Equal("wrong number of arguments to function substr()", arity.Message);

        var aggregateArity = Assert.Throws<SharpCoreDBException>(() => ScalarFunctions.Resolve("count", 3));
        Assert.Equal("wrong number of arguments to function count()", aggregateArity.Message);

        var misuse = Assert.Throws<SharpCoreDBException>(() => ScalarFunctions.Resolve("max", 1));
        Assert.Equal("misuse of aggregate function max()", misuse.Message);

        Assert.Same(ScalarFunctions.Resolve("UPPER", 1), ScalarFunctions.Resolve("upper", 1));
    }

    [Fact]
    public void Lazy_functions_are_marked_for_the_executor()
    {
        Assert.Equal(LazyEvaluation.FirstNonNull, ScalarFunctions.Resolve("coalesce", 3).Lazy);
        Assert.Equal(LazyEvaluation.FirstNonNull, ScalarFunctions.Resolve("ifnull", 2).Lazy);
        Assert.Equal(LazyEvaluation.Conditional, ScalarFunctions.Resolve("iif", 3).Lazy);
        Assert.Equal(LazyEvaluation.Conditional, ScalarFunctions.Resolve("if", 2).Lazy);
        Assert.Equal(LazyEvaluation.None, ScalarFunctions.Resolve("nullif", 2).Lazy);
        Assert.False(ScalarFunctions.Resolve("random", 0).IsDeterministic);
        Assert.True(ScalarFunctions.Resolve("abs", 1).IsDeterministic);
    }

    [Fact]
    public void Random_functions_use_the_given_source()
    {
        SqlValue first = ScalarFunctions.Resolve("random", 0).Invoke([], new Random(42));
        SqlValue second = ScalarFunctions.Resolve("random", 0).Invoke([], new Random(42));
        Assert.Equal(first.AsInt64(), second.AsInt64());
        Assert.Equal(16, ScalarFunctions.Resolve("randomblob", 1).Invoke([SqlValue.FromInt64(16)]).AsBlob().Length);
        Assert.Equal(3, ScalarFunctions.Resolve("zeroblob", 1).Invoke([SqlValue.FromInt64(3)]).AsBlob().Length);
    }

    private static SqlValue SmallInteger(RandomValues values) =>
        values.Random.Next(5) == 0
            ? SqlValue.FromText(values.Random.Next(-3, 4).ToString(CultureInfo.InvariantCulture))
            : SqlValue.FromInt64(values.Random.Next(-6, 7));
}
