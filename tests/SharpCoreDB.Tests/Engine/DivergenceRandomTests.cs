using System.Globalization;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Seeded random differential tests for the areas where SQLite and the engine once diverged: affinity of values
/// copied between columns of every declared type, conflict resolution (OR FAIL/ABORT/IGNORE/REPLACE/ROLLBACK) against
/// NOT NULL DEFAULT, UNIQUE and CHECK, VALUES rows with subqueries, truth tests, json_set/json_insert paths, CAST to
/// every type name, compound column affinity, ORDER BY/GROUP BY terms, and window sum/total/avg over moving frames.
/// Every failure names the seed and the SQL.
/// </summary>
public sealed class DivergenceRandomTests
{
    private static readonly string[] s_values =
    [
        "NULL", "0", "1", "2", "-3", "10", "0.5", "2.0", "-0.0", "1e999", "-1e999", "9223372036854775807", "'10'", "' 7 '",
        "'2.5'", "'abc'", "''", "'1x'", "'0'", "x'3132'", "'2024-01-02'", "json('5')", "json('[1,2]')", "CAST(3 AS REAL)",
    ];

    // No DECIMAL: its columns keep exact decimals on purpose, where SQLite stores REAL (DecimalOracleTests cover them).
    private static readonly string[] s_types = ["TEXT", "NUMERIC", "INTEGER", "REAL", "BLOB", "", "DATETIME", "VARCHAR(5)", "FLOAT"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 12, stress: 300);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Values_copied_between_columns_get_the_target_affinity(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase();
        string[] types = [.. Enumerable.Range(0, 4).Select(_ => Pick(random, s_types))];
        Run(dual, seed, $"CREATE TABLE s({string.Join(", ", types.Select((t, i) => $"c{i} {t}"))})");
        Run(dual, seed, $"CREATE TABLE d({string.Join(", ", types.Select((_, i) => $"c{i} {Pick(random, s_types)}"))})");
        for (int i = 0; i < 6; i++)
        {
            Run(dual, seed, $"INSERT INTO s VALUES ({Pick(random, s_values)}, {Pick(random, s_values)}, {Pick(random, s_values)}, {Pick(random, s_values)})");
        }

        Run(dual, seed, "INSERT INTO d SELECT c3, c2, c1, c0 FROM s");
        Run(dual, seed, $"INSERT INTO d(c0, c1) VALUES ({Pick(random, s_values)}, {Pick(random, s_values)})");
        Run(dual, seed, "UPDATE d SET c2 = c0, c3 = c1 WHERE rowid % 2 = 0");
        Same(dual, seed, "SELECT rowid, typeof(c0), c0 || '', typeof(c1), c1 || '', typeof(c2), c2 || '', typeof(c3), c3 || '' FROM d ORDER BY rowid");
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Conflict_resolution_matches_sqlite(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase();
        Run(dual, seed, "CREATE TABLE t(id INTEGER PRIMARY KEY DEFAULT 5, a NOT NULL DEFAULT 'dflt', b UNIQUE, c CHECK (c IS NULL OR c < 8))");
        string[] modes = ["", "OR FAIL ", "OR ABORT ", "OR IGNORE ", "OR REPLACE ", "OR ROLLBACK "];
        for (int i = 0; i < 12; i++)
        {
            if (random.Next(4) == 0)
            {
                Run(dual, seed, random.Next(2) == 0 ? "BEGIN" : "COMMIT", tolerate: true);
            }

            string mode = Pick(random, modes);
            string statement = random.Next(3) == 0
                ? $"UPDATE {mode}t SET {Pick(random, ["a", "b", "c", "id"])} = {SmallValue(random)} WHERE id % 3 = {random.Next(3)}"
                : $"INSERT {mode}INTO t(id, a, b, c) VALUES {string.Join(", ", Enumerable.Range(0, random.Next(1, 4)).Select(_ => $"({SmallValue(random)}, {SmallValue(random)}, {SmallValue(random)}, {SmallValue(random)})"))}";
            Run(dual, seed, statement, tolerate: true);
            Same(dual, seed, "SELECT id, a, b, c FROM t ORDER BY id");
        }

        Run(dual, seed, "INSERT INTO t(a, b) VALUES ('v', (SELECT count(*) FROM t)), ('w', (SELECT count(*) + 100 FROM t))", tolerate: true);
        Same(dual, seed, "SELECT id, a, b, c FROM t ORDER BY id");
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Scalar_divergence_areas_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase();
        string[] paths = ["'$.a'", "'$.b[0]'", "'$.b[1]'", "'$.b[#]'", "'$.a.c'", "'$.b[0].c'", "'$[0]'", "'$.b[#-1]'", "'$.a[0][0]'"];
        string[] documents = ["'{}'", "'{\"a\":1}'", "'{\"b\":[]}'", "'{\"b\":[5]}'", "'[]'", "'[1]'", "'{\"a\":{\"c\":2}}'"];
        string[] typeNames = ["", "INTEGER", "REAL", "TEXT", "NUMERIC", "BLOB", "INT", "FLOAT", "VARCHAR(3)", "BOOLEAN"];
        for (int i = 0; i < 40; i++)
        {
            string v = Pick(random, s_values);
            string sql = random.Next(4) switch
            {
                0 => $"SELECT {v} IS TRUE, {v} IS NOT TRUE, {v} IS FALSE, {v} IS NOT FALSE, NOT {v} IS TRUE",
                1 => $"SELECT {Pick(random, ["json_set", "json_insert", "json_replace"])}({Pick(random, documents)}, {Pick(random, paths)}, {Pick(random, ["1", "'x'", "json('[2]')"])})",
                2 => $"SELECT typeof(CAST({v} AS {Pick(random, typeNames)})), CAST({v} AS {Pick(random, typeNames)}) || ''",
                _ => $"SELECT typeof(v), v || '' FROM (SELECT CAST({v} AS {Pick(random, typeNames)}) AS v UNION ALL SELECT {Pick(random, s_values)} UNION ALL SELECT CAST({Pick(random, s_values)} AS {Pick(random, typeNames)}))",
            };
            Same(dual, seed, sql);
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Order_and_group_terms_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase();
        Run(dual, seed, "CREATE TABLE t(a, b, c)");
        for (int i = 0; i < 8; i++)
        {
            Run(dual, seed, $"INSERT INTO t VALUES ({random.Next(-3, 4)}, {SmallValue(random)}, {random.Next(0, 3)})");
        }

        string[] terms = ["1", "2", "+1", "-1", "+2", "- -2", "0", "3", "(0 AND c)", "(c AND 0)", "(1 AND c)", "9223372036854775806", "2147483648", "-(1)", "+ +1", "(-1 AND 0)"];
        for (int i = 0; i < 20; i++)
        {
            string term = Pick(random, terms);
            string sql = random.Next(3) switch
            {
                0 => $"SELECT a, b FROM t ORDER BY {term}, a, b, c",
                1 => $"SELECT a, count(*) FROM t GROUP BY {term} ORDER BY 1, 2",
                _ => $"SELECT a, b FROM t UNION SELECT c, a FROM t ORDER BY {term}",
            };
            Same(dual, seed, sql);
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Window_sums_over_moving_frames_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var dual = new DualDatabase();
        Run(dual, seed, "CREATE TABLE t(i INTEGER PRIMARY KEY, o, v)");
        string[] values = ["1", "2", "-3", "0.5", "2.0", "1e999", "-1e999", "NULL", "'4'", "'x'", "9223372036854775807", "-9223372036854775807"];
        string[] orders = ["1", "2", "5", "2.5", "9223372036854775807", "9223372036854775806", "-9223372036854775807", "NULL"];
        for (int i = 1; i <= 10; i++)
        {
            Run(dual, seed, $"INSERT INTO t VALUES ({i}, {Pick(random, orders)}, {Pick(random, values)})");
        }

        string[] frames =
        [
            "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW", "ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING", "ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING",
            "ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING", "RANGE BETWEEN 2.5 PRECEDING AND CURRENT ROW", "RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING",
            "RANGE BETWEEN CURRENT ROW AND 3 FOLLOWING", "GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW",
        ];
        for (int q = 0; q < 12; q++)
        {
            string function = Pick(random, ["sum(v)", "total(v)", "avg(v)", "count(v)", "sum(v) FILTER (WHERE i % 2 = 0)"]);
            string frame = Pick(random, frames);
            string order = frame.StartsWith("ROWS", StringComparison.Ordinal) ? "i" : Pick(random, ["o", "o DESC"]);
            Same(dual, seed, $"SELECT i, typeof(x), x FROM (SELECT i, {function} OVER (ORDER BY {order}, i {frame}) AS x FROM t) ORDER BY i".Replace(", i RANGE", " RANGE", StringComparison.Ordinal));
        }
    }

    private static string SmallValue(Random random) => random.Next(6) switch
    {
        0 => "NULL",
        1 => "'s" + random.Next(3).ToString(CultureInfo.InvariantCulture) + "'",
        _ => random.Next(0, 10).ToString(CultureInfo.InvariantCulture),
    };

    private static string Pick(Random random, string[] items) => items[random.Next(items.Length)];

    private static void Run(DualDatabase dual, int seed, string sql, bool tolerate = false)
    {
        Log(dual).Add(sql);
        bool ok = DifferentialTests.Both(dual.Engine, dual.Sqlite, sql, seed);
        Assert.True(ok || tolerate, $"seed {seed}: both failed on {sql}");
    }

    private static void Same(DualDatabase dual, int seed, string sql)
    {
        List<string> expected = DifferentialTests.SqliteRows(dual.Sqlite, sql, seed);
        List<string> actual = DifferentialTests.EngineRows(dual.Engine, sql, seed);
        Assert.True(
            expected.SequenceEqual(actual),
            $"seed {seed}: results differ for\n  {sql}\n  sqlite: {string.Join(" ; ", expected)}\n  engine: {string.Join(" ; ", actual)}\nafter:\n  {string.Join("\n  ", Log(dual))}");
    }

    // The statements run so far on a database pair, for failure messages.
    private static List<string> Log(DualDatabase dual) => s_logs.GetValue(dual, _ => []);

    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<DualDatabase, List<string>> s_logs = [];
}
