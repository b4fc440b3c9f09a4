using System.Globalization;
using System.Text;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Records;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Differential tests against SQLite: the same random schema, data, changes and queries (within the supported
/// SQL) run on both engines, and the results must be equal (as multisets, or in order when ORDER BY covers
/// every output column). Every failure names the seed and the SQL.
/// </summary>
public sealed class DifferentialTests
{
    private static readonly string[] s_texts = ["'a'", "'b'", "'ab'", "'B'", "'10'", "'2'", "' 3'", "''", "'x%'", "'1e1'"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 24, stress: 400);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_queries_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var engine = new EngineHarness();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();

        var setup = new List<string>
        {
            "CREATE TABLE t1(a INTEGER, b TEXT, c REAL, d INTEGER)",
            "CREATE TABLE t2(x INTEGER PRIMARY KEY, y TEXT, z INTEGER)",
        };
        if (random.Next(2) == 0)
        {
            setup.Add("CREATE INDEX i1a ON t1(a)");
        }

        if (random.Next(2) == 0)
        {
            setup.Add("CREATE INDEX i1bd ON t1(b, d DESC)");
        }

        if (random.Next(2) == 0)
        {
            setup.Add("CREATE INDEX i2z ON t2(z)");
        }

        if (random.Next(2) == 0)
        {
            setup.Add("CREATE INDEX i1c ON t1(c)");
        }

        int rows = random.Next(5, 40);
        for (int i = 0; i < rows; i++)
        {
            setup.Add($"INSERT INTO t1 VALUES ({Value(random)}, {Value(random)}, {Value(random)}, {Value(random)})");
        }

        for (int i = 1; i <= random.Next(3, 25); i++)
        {
            setup.Add($"INSERT INTO t2 VALUES ({i * 2}, {Value(random)}, {Value(random)})");
        }

        foreach (string sql in setup)
        {
            Both(engine, sqlite, sql, seed);
        }

        for (int q = 0; q < 120; q++)
        {
            if (q % 30 == 29)
            {
                Both(engine, sqlite, RandomChange(random), seed);
                continue;
            }

            (string sql, bool ordered) = RandomQuery(random);
            List<string> expected = SqliteRows(sqlite, sql, seed);
            List<string> actual = EngineRows(engine, sql, seed);
            if (!ordered)
            {
                expected.Sort(StringComparer.Ordinal);
                actual.Sort(StringComparer.Ordinal);
            }

            Assert.True(
                expected.SequenceEqual(actual),
                $"seed {seed}: results differ for\n  {sql}\n  sqlite: {string.Join(" ; ", expected.Take(12))}\n  engine: {string.Join(" ; ", actual.Take(12))}\nsetup:\n  {string.Join("\n  ", setup)}");
        }
    }

    private static string Value(Random random) => random.Next(8) switch
    {
        0 => "NULL",
        1 or 2 => s_texts[random.Next(s_texts.Length)],
        3 => (random.Next(-8, 16) + 0.5).ToString(CultureInfo.InvariantCulture),
        _ => random.Next(-5, 20).ToString(CultureInfo.InvariantCulture),
    };

    private static string Column(Random random, bool joined) => joined && random.Next(3) == 0
        ? "t2." + "xyz"[random.Next(3)]
        : "t1." + "abcd"[random.Next(4)];

    private static string Operand(Random random, bool joined) => random.Next(6) switch
    {
        0 => Value(random),
        1 => Column(random, joined) + " + " + random.Next(1, 4).ToString(CultureInfo.InvariantCulture),
        2 => "abs(" + Column(random, joined) + ")",
        _ => Column(random, joined),
    };

    private static string Predicate(Random random, bool joined, int depth = 0)
    {
        if (depth < 2 && random.Next(4) == 0)
        {
            return $"({Predicate(random, joined, depth + 1)} {(random.Next(2) == 0 ? "AND" : "OR")} {Predicate(random, joined, depth + 1)})";
        }

        string column = Column(random, joined);
        return random.Next(9) switch
        {
            0 => $"{column} IS {(random.Next(2) == 0 ? "NOT " : string.Empty)}NULL",
            1 => $"{column} {(random.Next(3) == 0 ? "NOT " : string.Empty)}BETWEEN {Value(random)} AND {Value(random)}",
            2 => $"{column} {(random.Next(3) == 0 ? "NOT " : string.Empty)}IN ({Value(random)}, {Value(random)}, {Value(random)})",
            3 => $"NOT ({column} = {Value(random)})",
            4 => $"{column} LIKE {s_texts[random.Next(s_texts.Length)]}",
            5 => $"{Value(random)} {Comparison(random)} {column}",
            6 => $"{column} IN (SELECT z FROM t2 WHERE x > {random.Next(0, 20)})",
            _ => $"{column} {Comparison(random)} {Operand(random, joined)}",
        };
    }

    private static string Comparison(Random random) => random.Next(7) switch
    {
        0 => "=",
        1 => "<>",
        2 => "<",
        3 => "<=",
        4 => ">",
        5 => ">=",
        _ => "IS",
    };

    private static (string Sql, bool Ordered) RandomQuery(Random random)
    {
        bool joined = random.Next(4) == 0;
        string from = !joined ? "t1" : random.Next(3) switch
        {
            0 => "t1, t2",
            1 => $"t1 JOIN t2 ON t2.z = t1.{"abcd"[random.Next(4)]}",
            _ => $"t1 LEFT JOIN t2 ON t2.x = t1.{"ad"[random.Next(2)]}",
        };
        string where = random.Next(5) == 0 ? string.Empty : " WHERE " + Predicate(random, joined);
        switch (random.Next(7))
        {
            case 6:
                {
                    // Compound SELECTs over columns of different affinities, where equal values of different types
                    // meet (3 and 3.0): typeof shows which one a set operation keeps.
                    string op = (string[])["UNION", "UNION ALL", "INTERSECT", "EXCEPT"] is var ops ? ops[random.Next(ops.Length)] : string.Empty;
                    string left = $"SELECT t1.{"abcd"[random.Next(4)]} AS v FROM t1 WHERE {Predicate(random, false)}";
                    string right = random.Next(2) == 0
                        ? $"SELECT t1.{"abcd"[random.Next(4)]} FROM t1 WHERE {Predicate(random, false)}"
                        : $"SELECT {"xyz"[random.Next(3)]} FROM t2";
                    string third = random.Next(3) == 0 ? $" {ops[random.Next(ops.Length)]} SELECT {Value(random)}" : string.Empty;
                    return ($"SELECT typeof(v), v FROM ({left} {op} {right}{third})", false);
                }

            case 0:
                {
                    string key = "t1." + "abd"[random.Next(3)];
                    return ($"SELECT {key}, count(*), sum(t1.d), max(t1.c), min(t1.b) FROM {from}{where} GROUP BY {key}"
                        + (random.Next(2) == 0 ? $" HAVING count(*) > {random.Next(0, 3)}" : string.Empty), false);
                }

            case 1:
                return ($"SELECT count(*), count(t1.a), total(t1.d), avg(t1.a) FROM {from}{where}", false);
            case 2:
                return ($"SELECT DISTINCT t1.{"abcd"[random.Next(4)]} FROM {from}{where}", false);
            case 3:
                {
                    string column = Column(random, joined);
                    string direction = random.Next(2) == 0 ? "ASC" : "DESC";
                    return ($"SELECT {column}, t1.rowid FROM {from}{where} ORDER BY {column} {direction}, t1.rowid {direction}"
                        + (random.Next(2) == 0 ? $" LIMIT {random.Next(0, 6)} OFFSET {random.Next(0, 3)}" : string.Empty), true);
                }

            case 4:
                return ($"SELECT {Operand(random, joined)}, CASE WHEN {Predicate(random, joined)} THEN 'y' ELSE 'n' END, coalesce(t1.b, t1.a, 'none') FROM {from}{where}", false);
            default:
                return ($"SELECT t1.a, t1.b, (SELECT count(*) FROM t2 WHERE t2.z < t1.d) FROM {from}{where}", false);
        }
    }

    // The INSERT … SELECT is ordered: new row ids follow the SELECT's order, which is otherwise unspecified.
    private static string RandomChange(Random random) => random.Next(3) switch
    {
        0 => $"UPDATE t1 SET d = d + 1, b = {Value(random)} WHERE {Predicate(random, false)}",
        1 => $"DELETE FROM t1 WHERE {Predicate(random, false)}",
        _ => $"INSERT INTO t1 SELECT z, y, x + 0.5, x FROM t2 WHERE {Predicate(random, true).Replace("t1.", "t2.", StringComparison.Ordinal).Replace("t2.a", "t2.x", StringComparison.Ordinal).Replace("t2.b", "t2.y", StringComparison.Ordinal).Replace("t2.c", "t2.z", StringComparison.Ordinal).Replace("t2.d", "t2.x", StringComparison.Ordinal)} ORDER BY x",
    };

    /// <summary>Runs a statement on both; they must agree on whether it fails (the message names the seed and both errors).</summary>
    /// <returns>True when both succeeded.</returns>
    internal static bool Both(EngineHarness engine, SqliteConnection sqlite, string sql, int seed)
    {
        string? sqliteError = null;
        try
        {
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            command.ExecuteNonQuery();
        }
        catch (SqliteException e)
        {
            sqliteError = e.Message;
        }

        string? engineError = null;
        try
        {
            engine.Execute(sql);
        }
        catch (SharpCoreDBException e)
        {
            engineError = e.Message;
        }

        Assert.True(sqliteError is null == engineError is null, $"seed {seed}: {sql}\n  sqlite: {sqliteError ?? "ok"}\n  engine: {engineError ?? "ok"}");
        return sqliteError is null;
    }

    /// <summary>SQLite's rows for a query, each rendered with storage classes ("I:1|T:a|"); one "error" row when it fails.</summary>
    internal static List<string> SqliteRows(SqliteConnection sqlite, string sql, int seed)
    {
        var rows = new List<string>();
        try
        {
            using SqliteCommand command = sqlite.CreateCommand();
            command.CommandText = sql;
            using SqliteDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                var line = new StringBuilder();
                for (int i = 0; i < reader.FieldCount; i++)
                {
                    line.Append(Render(reader.IsDBNull(i) ? null : reader.GetValue(i))).Append('|');
                }

                rows.Add(line.ToString());
            }
        }
        catch (SqliteException e)
        {
            rows.Add("error");
            _ = seed;
            _ = e;
        }

        return rows;
    }

    /// <summary>The engine's rows for a query, rendered as <see cref="SqliteRows"/> renders SQLite's.</summary>
    internal static List<string> EngineRows(EngineHarness engine, string sql, int seed)
    {
        var rows = new List<string>();
        try
        {
            foreach (SqlValue[] row in engine.Rows(sql))
            {
                var line = new StringBuilder();
                foreach (SqlValue value in row)
                {
                    line.Append(Render(value.IsNull ? null : value.ToObject())).Append('|');
                }

                rows.Add(line.ToString());
            }
        }
        catch (SharpCoreDBException e)
        {
            rows.Add("error");
            _ = seed;
            _ = e;
        }

        return rows;
    }

    private static string Render(object? value) => value switch
    {
        null => "NULL",
        long l => "I:" + l.ToString(CultureInfo.InvariantCulture),
        double d => "R:" + d.ToString("R", CultureInfo.InvariantCulture),
        string s => "T:" + s,
        byte[] b => "B:" + Convert.ToHexString(b),
        _ => "?:" + value,
    };
}
