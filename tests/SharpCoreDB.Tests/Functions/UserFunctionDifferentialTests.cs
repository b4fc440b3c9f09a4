using System.Globalization;
using System.Text;

namespace SharpCoreDB.Tests.Functions;

/// <summary>
/// Functions registered from C# against Microsoft.Data.Sqlite: the same delegate registered on both connections, the
/// same queries, the same rows.
/// </summary>
public sealed class UserFunctionDifferentialTests
{
    private const int Seed = 20_260_127;

    // f(a1..an) = a1*1 + a2*2 + ... : every argument and its position shows in the result.
    private static readonly Delegate[] s_weighted =
    [
        () => 42L,
        (long a) => a,
        (long a, long b) => a + (2 * b),
        (long a, long b, long c) => a + (2 * b) + (3 * c),
        (long a, long b, long c, long d) => a + (2 * b) + (3 * c) + (4 * d),
        (long a, long b, long c, long d, long e) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e),
        (long a, long b, long c, long d, long e, long f) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f),
        (long a, long b, long c, long d, long e, long f, long g) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g),
        (long a, long b, long c, long d, long e, long f, long g, long h) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k) + (12 * l),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l, long m) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k) + (12 * l) + (13 * m),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l, long m, long n) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k) + (12 * l) + (13 * m) + (14 * n),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l, long m, long n, long o) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k) + (12 * l) + (13 * m) + (14 * n) + (15 * o),
        (long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, long k, long l, long m, long n, long o, long p) => a + (2 * b) + (3 * c) + (4 * d) + (5 * e) + (6 * f) + (7 * g) + (8 * h) + (9 * i) + (10 * j) + (11 * k) + (12 * l) + (13 * m) + (14 * n) + (15 * o) + (16 * p),
    ];

    [Fact]
    public void Functions_of_0_to_16_arguments_give_SQLites_results_over_random_rows()
    {
        using var oracle = new FunctionOracle();
        var random = new Random(Seed);
        oracle.Execute("CREATE TABLE t(" + string.Join(", ", Columns(16)) + ")");
        for (int row = 0; row < 20; row++)
        {
            var values = new string[16];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = random.Next(-1000, 1000).ToString(CultureInfo.InvariantCulture);
            }

            oracle.Execute($"INSERT INTO t VALUES({string.Join(", ", values)})");
        }

        for (int arity = 0; arity <= 16; arity++)
        {
            oracle.Register("CreateFunction", $"f{arity}", s_weighted[arity], true);
            string call = $"f{arity}({string.Join(", ", Columns(arity))})";
            List<string> rows = oracle.AssertSame($"SELECT {call} FROM t ORDER BY rowid");
            Assert.Equal(20, rows.Count);
            oracle.AssertSame($"SELECT c1 FROM t WHERE {call} > 0 ORDER BY {call}, rowid");
            oracle.AssertSame($"SELECT {call} % 3, count(*) FROM t GROUP BY {call} % 3 ORDER BY 1");
        }
    }

    [Fact]
    public void State_overloads_pass_the_state_to_every_call()
    {
        using var oracle = new FunctionOracle();
        oracle.Register("CreateFunction", "s0", "state", (Func<string, string>)(s => s + "!"), true);
        oracle.Register("CreateFunction", "s1", 10L, (Func<long, long, long>)((s, a) => s * a), true);
        oracle.Register("CreateFunction", "s15", 1L, (Func<long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long>)(
            (s, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o) => s + a + b + c + d + e + f + g + h + i + j + k + l + m + n + o), true);
        oracle.Register("CreateFunction", "sv", "p", (Func<string, object?[], string>)((s, args) => s + args.Length), true);
        oracle.AssertSame("SELECT s0(), s1(4), s15(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15), sv(), sv(1, 'a', NULL)");
    }

    [Fact]
    public void Arguments_and_results_of_each_CLR_type_convert_as_in_Microsoft_Data_Sqlite()
    {
        using var oracle = new FunctionOracle();
        oracle.Execute("CREATE TABLE v(x)");
        oracle.Execute("INSERT INTO v VALUES(1), (0), (-7), (2.5), ('12'), ('text'), (x'00ff'), (NULL), (9223372036854775807)");
        oracle.Register("CreateFunction", "as_long", (Func<long, long>)(x => x), true);
        oracle.Register("CreateFunction", "as_int", (Func<int, int>)(x => x * 2), true);
        oracle.Register("CreateFunction", "as_double", (Func<double, double>)(x => x / 4), true);
        oracle.Register("CreateFunction", "as_string", (Func<string, string>)(x => "<" + x + ">"), true);
        oracle.Register("CreateFunction", "as_bool", (Func<bool, bool>)(x => !x), true);
        oracle.Register("CreateFunction", "as_blob", (Func<byte[], byte[]>)(x => [.. x, 1]), true);
        oracle.Register("CreateFunction", "as_nlong", (Func<long?, long?>)(x => x is null ? -1 : x + 1), true);
        oracle.Register("CreateFunction", "as_ndouble", (Func<double?, string>)(x => x is null ? "none" : "some"), true);
        oracle.Register("CreateFunction", "as_object", (Func<object?, string>)(x => x is null ? "null" : x.GetType().Name + ":" + Convert.ToString(x, CultureInfo.InvariantCulture)), true);
        oracle.Register("CreateFunction", "as_char", (Func<string, char>)(x => x[0]), true);
        oracle.Register("CreateFunction", "to_datetime", (Func<long, DateTime>)(x => new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc).AddSeconds(x)), true);
        oracle.Register("CreateFunction", "from_datetime", (Func<DateTime, string>)(x => x.ToString("O", CultureInfo.InvariantCulture)), true);
        oracle.Register("CreateFunction", "to_null", (Func<string?>)(() => null), true);

        // Values every conversion accepts on both sides.
        oracle.AssertSame("SELECT as_long(1), as_long(-7), as_long(2.5), as_long('12'), as_long(9223372036854775807)");
        oracle.AssertSame("SELECT as_int(1), as_int(-7), as_int('12')");
        oracle.AssertSame("SELECT as_double(1), as_double(2.5), as_double('12')");
        // A BLOB read as a string differs: SQLite's text of x'00ff' stops at the NUL, the reader decodes UTF-8.
        oracle.AssertSame("SELECT as_string(x) FROM v WHERE typeof(x) <> 'blob' ORDER BY rowid");
        oracle.AssertSame("SELECT as_bool(1), as_bool(0), as_bool(-7), as_bool(2.5)");
        oracle.AssertSame("SELECT hex(as_blob(x'00ff')), hex(as_blob('ab'))");
        oracle.AssertSame("SELECT as_nlong(x) FROM v WHERE x IS NULL OR typeof(x) = 'integer' ORDER BY rowid");
        oracle.AssertSame("SELECT as_ndouble(x) FROM v WHERE x IS NULL OR typeof(x) IN ('integer', 'real') ORDER BY rowid");
        oracle.AssertSame("SELECT as_object(x) FROM v WHERE typeof(x) <> 'blob' ORDER BY rowid");
        oracle.AssertSame("SELECT as_char('xyz'), typeof(as_char('xyz'))");
        oracle.AssertSame("SELECT to_datetime(0), to_datetime(86400), typeof(to_datetime(1))");
        oracle.AssertSame("SELECT from_datetime('2024-05-06 07:08:09')");
        oracle.AssertSame("SELECT to_null(), typeof(to_null())");
        oracle.AssertSame("SELECT typeof(as_long(1)), typeof(as_double(1)), typeof(as_string(1)), typeof(as_bool(1)), typeof(as_blob(x'00'))");

        // NULL into a non-nullable parameter fails on both.
        oracle.AssertSame("SELECT as_long(NULL)");
        oracle.AssertSame("SELECT as_double(NULL)");
    }

    [Fact]
    public void Variadic_functions_receive_the_values_as_objects()
    {
        using var oracle = new FunctionOracle();
        Func<object?[], string> describe = args =>
        {
            var text = new StringBuilder().Append(args.Length);
            foreach (object? arg in args)
            {
                text.Append(';').Append(arg is null ? "null" : arg.GetType().Name + "=" + (arg is byte[] b ? Convert.ToHexString(b) : Convert.ToString(arg, CultureInfo.InvariantCulture)));
            }

            return text.ToString();
        };
        oracle.Register("CreateFunction", "describe", describe, true);
        oracle.AssertSame("SELECT describe(), describe(1), describe(1, 2.5, 'x', x'01', NULL)");
    }

    [Fact]
    public void A_function_overrides_the_builtin_of_the_same_name_and_argument_count_only()
    {
        using var oracle = new FunctionOracle();
        oracle.Register("CreateFunction", "upper", (Func<string, string>)(x => "user:" + x), true);
        oracle.Register("CreateFunction", "ABS", (Func<long, long>)(x => 1000 + x), true);
        oracle.Register("CreateFunction", "substr", (Func<string, string>)(x => "one:" + x), true);
        oracle.AssertSame("SELECT upper('a'), Abs(-5), substr('abc'), substr('abc', 2), lower('B')");
        oracle.Ours.CreateFunction("upper", (Func<string, string>?)null);
        oracle.Sqlite.CreateFunction("upper", (Func<string, string>?)null);
        oracle.AssertSame("SELECT upper('a')");
    }

    [Fact]
    public void An_exact_argument_count_wins_over_a_variadic_function_of_the_same_name()
    {
        using var oracle = new FunctionOracle();
        oracle.Register("CreateFunction", "pick", (Func<object?[], string>)(args => "any" + args.Length), true);
        oracle.Register("CreateFunction", "pick", (Func<long, string>)(_ => "one"), true);
        oracle.AssertSame("SELECT pick(), pick(1), pick(1, 2)");
    }

    private static IEnumerable<string> Columns(int count)
    {
        for (int i = 1; i <= count; i++)
        {
            yield return "c" + i.ToString(CultureInfo.InvariantCulture);
        }
    }
}
