using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Window;

/// <summary>
/// Seeded random window queries over random small tables with duplicates and NULLs, compared with SQLite: random
/// functions, partitions, orders, frames (ROWS, RANGE, GROUPS, every bound kind, EXCLUDE) and FILTER, several
/// windows per query. Functions whose result depends on the order of peers get the primary key as a last order
/// term, so both engines must agree exactly.
/// </summary>
public sealed class WindowRandomTests
{
    private const int Seed = 20_261_123;

    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    private static readonly string[] s_tieInsensitive =
    [
        "count(*)", "count(v)", "sum(v)", "total(v)", "avg(v)", "min(v)", "max(s)", "sum(w)", "min(w)",
        "rank()", "dense_rank()", "percent_rank()", "cume_dist()",
    ];

    private static readonly string[] s_tieSensitive =
    [
        "row_number()", "ntile(3)", "ntile(1)", "lag(v)", "lag(s, o, w)", "lead(w, v - 2)", "lag(s, 2, 'd')", "lead(w)", "lead(v, 3, -1)", "first_value(s)",
        "last_value(v)", "nth_value(s, 2)", "nth_value(v, 4)", "group_concat(s)", "group_concat(v, '.')",
    ];

    private static readonly string[] s_filters = ["v > 2", "s IS NOT NULL", "id % 3 <> 0"];

    private static readonly string[] s_partitions = [string.Empty, "PARTITION BY p", "PARTITION BY p, o % 2", "PARTITION BY s IS NULL"];

    private static readonly string[] s_orders = ["o", "o DESC", "o NULLS LAST", "o DESC NULLS FIRST", "w", "o, v DESC"];

    [Fact]
    public void Random_window_queries_match_sqlite()
    {
        var random = new Random(Seed);
        int queries = 0;
        int rounds = s_stress ? 2_000 : 60;
        for (int round = 0; round < rounds; round++)
        {
            using var both = new DualDatabase(RandomTable(random));
            for (int q = 0; q < 15; q++)
            {
                int calls = random.Next(1, 4);
                var select = new StringBuilder("SELECT id");
                for (int c = 0; c < calls; c++)
                {
                    select.Append(", ").Append(RandomCall(random));
                }

                AssertAgrees(both, select.Append(" FROM r ORDER BY id").ToString(), $"seed {Seed}, round {round}, query {q}");
                queries++;
            }
        }

        Assert.Equal(rounds * 15, queries);
    }

    [Fact]
    public void Random_window_queries_over_groups_match_sqlite()
    {
        // Over GROUP BY p every group has its own p, so ordering by p is a total order.
        string[] calls =
        [
            "sum(sum(v)) OVER (ORDER BY p{0})", "count(*) OVER (ORDER BY p{0})", "max(count(*)) OVER (ORDER BY p{0})",
            "group_concat(max(s)) OVER (ORDER BY p{0})", "first_value(min(w)) OVER (ORDER BY p DESC{0})",
            "rank() OVER (ORDER BY count(*) DESC)", "dense_rank() OVER (ORDER BY sum(v) IS NULL)", "lag(max(s)) OVER (ORDER BY p)",
            "lead(sum(v), 2, 0) OVER (ORDER BY p)", "ntile(2) OVER (ORDER BY p)", "avg(count(v)) OVER (ORDER BY p{0})",
        ];
        string[] frames =
        [
            string.Empty, " ROWS 1 PRECEDING", " ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING", " GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING",
            " RANGE BETWEEN 1 PRECEDING AND CURRENT ROW", " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW",
        ];
        string[] havings = [string.Empty, " HAVING count(*) > 1", " HAVING sum(v) IS NOT NULL"];
        var random = new Random(Seed + 1);
        for (int round = 0; round < 30; round++)
        {
            using var both = new DualDatabase(RandomTable(random));
            for (int q = 0; q < 10; q++)
            {
                string call = string.Format(CultureInfo.InvariantCulture, calls[random.Next(calls.Length)], frames[random.Next(frames.Length)]);
                string sql = $"SELECT p, count(*), {call} FROM r{(random.Next(0, 4) == 0 ? " WHERE v > 0" : string.Empty)} GROUP BY p{havings[random.Next(havings.Length)]} ORDER BY p";
                AssertAgrees(both, sql, $"seed {Seed + 1}, round {round}, query {q}");
            }
        }
    }

    // Same rows on both, and a query SQLite runs (two errors are not agreement); the failure names seed and query.
    private static void AssertAgrees(DualDatabase both, string sql, string where)
    {
        List<string> expected = DifferentialTests.SqliteRows(both.Sqlite, sql, Seed);
        List<string> actual = DifferentialTests.EngineRows(both.Engine, sql, Seed);
        Assert.True(expected.SequenceEqual(actual), $"{where}: {sql}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}");
        Assert.False(expected is ["error"], $"{where}: SQLite rejects {sql}");
    }

    private static string RandomTable(Random random)
    {
        var sql = new StringBuilder("CREATE TABLE r(id INTEGER PRIMARY KEY, p INTEGER, o INTEGER, v INTEGER, w REAL, s TEXT);");
        int rows = random.Next(0, 4) == 0 ? random.Next(0, 3) : random.Next(3, 26);
        for (int i = 1; i <= rows; i++)
        {
            sql.Append(CultureInfo.InvariantCulture, $"INSERT INTO r VALUES ({i}, {Maybe(random, random.Next(1, 4))}, {Maybe(random, random.Next(0, 7))}, ")
                .Append(CultureInfo.InvariantCulture, $"{Maybe(random, random.Next(-3, 10))}, {Maybe(random, (random.Next(-6, 12) / 2.0).ToString("0.0", CultureInfo.InvariantCulture))}, ")
                .Append(random.Next(0, 5) == 0 ? "NULL" : "'" + (char)('a' + random.Next(0, 6)) + "'")
                .Append(");");
        }

        return sql.ToString();
    }

    private static string Maybe(Random random, object value) =>
        random.Next(0, 5) == 0 ? "NULL" : Convert.ToString(value, CultureInfo.InvariantCulture)!;

    private static string RandomCall(Random random)
    {
        bool sensitive = random.Next(0, 2) == 0;
        string function = sensitive ? s_tieSensitive[random.Next(s_tieSensitive.Length)] : s_tieInsensitive[random.Next(s_tieInsensitive.Length)];
        bool aggregate = !function.Contains("rank", StringComparison.Ordinal) && !function.Contains("cume", StringComparison.Ordinal)
            && !function.Contains("row_number", StringComparison.Ordinal) && !function.Contains("ntile", StringComparison.Ordinal)
            && !function.Contains("lag", StringComparison.Ordinal) && !function.Contains("lead", StringComparison.Ordinal)
            && !function.Contains("_value", StringComparison.Ordinal);
        string filter = aggregate && random.Next(0, 4) == 0 ? $" FILTER (WHERE {s_filters[random.Next(s_filters.Length)]})" : string.Empty;

        string partition = s_partitions[random.Next(s_partitions.Length)];
        string order = random.Next(0, 5) == 0 ? string.Empty : s_orders[random.Next(s_orders.Length)];
        string frame = random.Next(0, 3) == 0 ? string.Empty : RandomFrame(random);
        bool rangeOffset = frame.StartsWith("RANGE", StringComparison.Ordinal) && frame.Contains("ING", StringComparison.Ordinal)
            && (frame.Contains(" PRECEDING", StringComparison.Ordinal) || frame.Contains(" FOLLOWING", StringComparison.Ordinal))
            && HasOffset(frame);
        if (rangeOffset)
        {
            // RANGE offsets need exactly one numeric ORDER BY term; order-sensitive functions then count rows instead.
            order = new[] { "o", "w DESC", "o NULLS LAST", "w DESC NULLS FIRST", "o DESC" }[random.Next(5)];
            if (sensitive)
            {
                frame = "ROWS" + frame[5..].Replace("1.5", "1", StringComparison.Ordinal);
            }
        }

        // A ROWS frame splits peers, so it makes every function depend on their order.
        sensitive |= frame.StartsWith("ROWS", StringComparison.Ordinal);
        if (sensitive && !(rangeOffset && !frame.StartsWith("ROWS", StringComparison.Ordinal)))
        {
            order = order.Length == 0 ? "id" : order + ", id";
        }

        var window = new StringBuilder();
        foreach (string part in new[] { partition, order.Length == 0 ? string.Empty : "ORDER BY " + order, frame })
        {
            if (part.Length > 0)
            {
                window.Append(window.Length > 0 ? " " : string.Empty).Append(part);
            }
        }

        return $"{function}{filter} OVER ({window})";
    }

    private static bool HasOffset(string frame)
    {
        foreach (string word in frame.Split(' '))
        {
            if (word.Length > 0 && char.IsDigit(word[0]))
            {
                return true;
            }
        }

        return false;
    }

    private static string RandomFrame(Random random)
    {
        string unit = random.Next(0, 3) switch
        {
            0 => "ROWS",
            1 => "RANGE",
            _ => "GROUPS",
        };

        // Bound kinds in SQLite's order; the end may not come before the start, nor be CURRENT ROW after a FOLLOWING start.
        int start = random.Next(0, 4);
        int end;
        do
        {
            end = random.Next(Math.Max(start, 1), 5);
        }
        while (start == 3 && end == 2);

        string exclude = random.Next(0, 3) switch
        {
            0 => " EXCLUDE " + new[] { "CURRENT ROW", "GROUP", "TIES", "NO OTHERS" }[random.Next(4)],
            _ => string.Empty,
        };
        return $"{unit} BETWEEN {Bound(random, start, unit)} AND {Bound(random, end, unit)}{exclude}";
    }

    private static string Bound(Random random, int kind, string unit)
    {
        string offset = unit == "RANGE" && random.Next(0, 3) == 0 ? "1.5" : random.Next(0, 4).ToString(CultureInfo.InvariantCulture);
        return kind switch
        {
            0 => "UNBOUNDED PRECEDING",
            1 => offset + " PRECEDING",
            2 => "CURRENT ROW",
            3 => offset + " FOLLOWING",
            _ => "UNBOUNDED FOLLOWING",
        };
    }
}
