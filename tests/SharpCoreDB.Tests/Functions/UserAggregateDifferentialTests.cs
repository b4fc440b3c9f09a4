using System.Globalization;

namespace SharpCoreDB.Tests.Functions;

/// <summary>Aggregates registered from C# against Microsoft.Data.Sqlite: same delegates, same queries, same rows.</summary>
public sealed class UserAggregateDifferentialTests
{
    private const int Seed = 4_242;

    [Fact]
    public void Aggregates_match_SQLite_over_groups_empty_input_distinct_and_filter()
    {
        using var oracle = Prepared();
        oracle.Register("CreateAggregate", "tensum", 0L, (Func<long, long, long>)((acc, x) => acc + x), (Func<long, long>)(acc => acc * 10), true);
        oracle.Register("CreateAggregate", "plain", (Func<long, long, long>)((acc, x) => acc + x), true);
        oracle.Register("CreateAggregate", "joined", "", (Func<string, string, string>)((acc, x) => acc + x), true);
        oracle.Register("CreateAggregate", "rows", 0L, (Func<long, long>)(acc => acc + 1), true);
        oracle.Register("CreateAggregate", "mean", (0.0, 0L), (Func<(double Sum, long Count), double, (double, long)>)((acc, x) => (acc.Sum + x, acc.Count + 1)),
            (Func<(double Sum, long Count), double?>)(acc => acc.Count == 0 ? null : acc.Sum / acc.Count), true);

        foreach (string call in new[] { "tensum(v)", "plain(v)", "joined(s)", "rows()", "mean(v)", "tensum(DISTINCT v)", "joined(DISTINCT s)", "tensum(v) FILTER (WHERE v > 0)" })
        {
            oracle.AssertSame($"SELECT {call} FROM t");
            oracle.AssertSame($"SELECT g, {call} FROM t GROUP BY g ORDER BY g");
            oracle.AssertSame($"SELECT g FROM t GROUP BY g HAVING {call} IS NOT NULL ORDER BY {call}, g");
            oracle.AssertSame($"SELECT {call} FROM t WHERE 0");
            oracle.AssertSame($"SELECT g, {call} FROM t WHERE 0 GROUP BY g");
        }
    }

    [Fact]
    public void Aggregates_of_15_arguments_and_of_any_number_match_SQLite()
    {
        using var oracle = Prepared();
        oracle.Register("CreateAggregate", "wide", 0L,
            (Func<long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long>)(
                (acc, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o) => acc + a + (2 * b) + (3 * c) + d + e + f + g + h + i + j + k + l + m + n + (15 * o)),
            true);
        oracle.Register("CreateAggregate", "argcount", 0L, (Func<long, object?[], long>)((acc, args) => acc + args.Length), true);
        oracle.Register("CreateAggregate", "noseed", (Func<string?, object?[], string>)((acc, args) => acc + args.Length), true);
        oracle.Register("CreateAggregate", "selected", 0L, (Func<long, object?[], long>)((acc, args) => acc + args.Length), (Func<long, string>)(acc => "n=" + acc), true);
        oracle.AssertSame("SELECT wide(v, v, v, v, v, v, v, v, v, v, v, v, v, v, g) FROM t");
        oracle.AssertSame("SELECT g, argcount(), argcount(v), argcount(v, s, g), noseed(v), selected(v, v) FROM t GROUP BY g ORDER BY g");
    }

    [Fact]
    public void An_aggregate_from_CSharp_is_refused_as_a_window_function_as_in_SQLite()
    {
        using var oracle = Prepared();
        oracle.Register("CreateAggregate", "plain", (Func<long, long, long>)((acc, x) => acc + x), true);
        oracle.Register("CreateFunction", "scalar", (Func<long, long>)(x => x), true);
        oracle.AssertSame("SELECT plain(v) OVER (ORDER BY v) FROM t");
        oracle.AssertSame("SELECT scalar(v) OVER (ORDER BY v) FROM t");
        var error = Assert.Throws<SharpCoreDBException>(() => FunctionOracle.Rows(oracle.Ours, "SELECT plain(v) OVER () FROM t"));
        Assert.Contains("plain() may not be used as a window function", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_aggregate_from_CSharp_overrides_the_builtin_aggregate_and_a_scalar_can_replace_an_aggregate()
    {
        using var oracle = Prepared();
        oracle.Register("CreateAggregate", "sum", 100L, (Func<long, long, long>)((acc, x) => acc + x), true);
        oracle.Register("CreateFunction", "max", (Func<long, long>)(x => -x), true);
        oracle.AssertSame("SELECT sum(v), total(v) FROM t");
        oracle.AssertSame("SELECT max(v) FROM t ORDER BY rowid");
        oracle.AssertSame("SELECT max(v, g) FROM t ORDER BY rowid");
    }

    private static FunctionOracle Prepared()
    {
        var oracle = new FunctionOracle();
        var random = new Random(Seed);
        oracle.Execute("CREATE TABLE t(g INTEGER, v INTEGER, s TEXT)");
        for (int i = 0; i < 40; i++)
        {
            int g = random.Next(0, 5);
            int v = random.Next(-20, 20);
            string s = ((char)('a' + random.Next(0, 6))).ToString();
            oracle.Execute(string.Create(CultureInfo.InvariantCulture, $"INSERT INTO t VALUES({g}, {v}, '{s}')"));
        }

        return oracle;
    }
}
