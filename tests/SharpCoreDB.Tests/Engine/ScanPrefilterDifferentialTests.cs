using System.Globalization;
using SharpCoreDB.Tests.Types;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Random filtered scans against SQLite: a table scan drops the rows whose leading conjuncts (comparisons of a column
/// with a constant or parameter, BETWEEN split into two) it can tell false from the stored INTEGERs alone, and the
/// answers must not change. Columns of every affinity and collation hold values of every storage class (NULL, -0.0, integers of every
/// stored width, reals equal to integers, texts that look numeric, BLOBs), some behind a BLOB long enough to push them
/// into overflow pages; the constants are literals and parameters of every type, on either side of =, &lt;&gt;, &lt;,
/// &lt;=, &gt;, &gt;=, IS, IS NOT, BETWEEN, NOT BETWEEN and IN, alone or in AND and OR.
/// </summary>
public sealed class ScanPrefilterDifferentialTests
{
    private static readonly string[] Columns = ["i", "r", "n", "x", "b", "a", "nc", "rt"];

    private static readonly string[] Literals =
    [
        "NULL", "0", "1", "-1", "10", "-10", "127", "128", "-129", "32768", "8388608", "-8388609", "2147483648",
        "140737488355328", "9223372036854775807", "-9223372036854775808", "9007199254740993", "10.0", "-0.0", "0.0",
        "10.5", "-10.5", "1e1", "9.2233720368547758e18", "1e300", "'10'", "' 10'", "'10 '", "'10.0'", "'1e1'", "'-0'",
        "'abc'", "'ABC'", "''", "x'3130'", "x''",
    ];

    private static readonly string[] Operators = ["=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT", "=="];

    [Fact]
    public void Random_filtered_scans_on_every_affinity_match_sqlite()
    {
        for (int seed = 1; seed <= 4; seed++)
        {
            RunSeed(seed);
        }
    }

    [Fact]
    public void Integer_column_holding_text_and_blob_is_not_compared_as_a_number()
    {
        // A column without affinity keeps the text '10', the blob x'3130' and the integer 10 apart; an INTEGER column
        // turns '10' into 10 but keeps 'abc' text. Only the stored INTEGER 10 equals the parameter 10, and 'abc' is
        // greater than every number. The real 10.0 equals 10.
        using var pair = new DifferentialPair();
        pair.Both("CREATE TABLE t(id INTEGER PRIMARY KEY, a, i INTEGER, tail TEXT)");
        pair.Both("INSERT INTO t VALUES (1, '10', '10', 'p'), (2, x'3130', 'abc', 'q'), (3, 10, 10, 'r'), (4, 10.0, 9, 's'), (5, '9', x'3130', 't')");
        foreach (object value in new object[] { 10L, 10.0, "10", "abc", new byte[] { 0x31, 0x30 } })
        {
            foreach (string sql in new[]
            {
                "SELECT quote(id), tail FROM t WHERE a = @p ORDER BY id", "SELECT quote(id), tail FROM t WHERE i = @p ORDER BY id",
                "SELECT quote(id), tail FROM t WHERE i > @p ORDER BY id", "SELECT quote(id), tail FROM t WHERE @p < a ORDER BY id",
                "SELECT quote(id), tail FROM t WHERE i BETWEEN @p AND 'zzz' ORDER BY id",
            })
            {
                Compare(pair, 0, sql, [("@p", value)]);
            }
        }

        Assert.Equal("3|r; 4|s", DifferentialPair.TextRows(pair.Ours, "SELECT quote(id), tail FROM t WHERE a = @p", ("@p", 10L)));
    }

    private static void RunSeed(int seed)
    {
        var random = new Random(seed);
        using var pair = new DifferentialPair();
        const string columns = "pad BLOB, i INTEGER, r REAL, n NUMERIC, x TEXT, b BLOB, a, nc INTEGER COLLATE NOCASE, rt TEXT COLLATE RTRIM, tail TEXT";
        pair.Both($"CREATE TABLE t(id INTEGER PRIMARY KEY, {columns})");
        pair.Both($"CREATE TABLE w(id INTEGER, {columns}, PRIMARY KEY (id)) WITHOUT ROWID");
        pair.Both("BEGIN");
        string longPad = "x'" + new string('a', 12_000) + "'";
        for (int id = 1; id <= 150; id++)
        {
            var values = new List<string> { id.ToString(CultureInfo.InvariantCulture), random.Next(10) == 0 ? longPad : "x'00'" };
            foreach (string _ in Columns)
            {
                values.Add(Literals[random.Next(Literals.Length)]);
            }

            values.Add($"'t{id}'");
            pair.Both($"INSERT INTO t VALUES ({string.Join(", ", values)})");
            pair.Both($"INSERT INTO w VALUES ({string.Join(", ", values)})");
        }

        pair.Both("COMMIT");
        for (int round = 0; round < 300; round++)
        {
            string column = Columns[random.Next(Columns.Length)];
            var parameters = new List<(string Name, object Value)>();
            string condition = Condition(random, column, parameters);
            string filter = random.Next(4) switch
            {
                0 => $"{condition} AND {Condition(random, Columns[random.Next(Columns.Length)], parameters)}",
                1 => $"({condition} OR {Condition(random, Columns[random.Next(Columns.Length)], parameters)})",
                _ => condition,
            };
            string sql = $"SELECT quote(id), quote(tail) FROM {(round % 5 == 0 ? "w" : "t")} WHERE {filter} ORDER BY id";
            Compare(pair, seed, sql, parameters);

            // The same statement again with new parameter values: the cached plan must take the new ones.
            if (parameters.Count > 0)
            {
                for (int i = 0; i < parameters.Count; i++)
                {
                    parameters[i] = (parameters[i].Name, Parameter(random));
                }

                Compare(pair, seed, sql, parameters);
            }
        }
    }

    private static string Condition(Random random, string column, List<(string Name, object Value)> parameters)
    {
        string Operand() => Constant(random, parameters);
        return random.Next(10) switch
        {
            0 => $"{column} BETWEEN {Operand()} AND {Operand()}",
            1 => $"{column} NOT BETWEEN {Operand()} AND {Operand()}",
            2 => $"{column} IN ({Operand()}, {Operand()})",
            3 or 4 => $"{Operand()} {Operators[random.Next(Operators.Length)]} {column}",
            _ => $"{column} {Operators[random.Next(Operators.Length)]} {Operand()}",
        };
    }

    private static string Constant(Random random, List<(string Name, object Value)> parameters)
    {
        if (random.Next(2) == 0)
        {
            return Literals[random.Next(Literals.Length)];
        }

        string name = "@p" + parameters.Count.ToString(CultureInfo.InvariantCulture);
        parameters.Add((name, Parameter(random)));
        return name;
    }

    private static object Parameter(Random random) => random.Next(9) switch
    {
        0 => DBNull.Value,
        1 => (long)random.Next(-12, 12),
        2 => random.Next(2) == 0 ? long.MaxValue : long.MinValue,
        3 => new[] { 10.0, -0.0, 0.0, 10.5, 9007199254740992.0, 1e300, -1e300 }[random.Next(7)],
        4 => new[] { "10", "10.0", " 10", "10 ", "abc", "1e1", "", "-0" }[random.Next(8)],
        5 => new byte[] { 0x31, 0x30 },
        6 => (long)new[] { 127, 128, -129, 32768, 8388608 }[random.Next(5)],
        _ => (long)random.Next(-2, 2),
    };

    /// <summary>Runs <paramref name="sql"/> on both engines and fails with the seed, the statement and the parameters when the rows differ.</summary>
    internal static void Compare(DifferentialPair pair, int seed, string sql, List<(string Name, object Value)> parameters)
    {
        (string Name, object Value)[] bound = [.. parameters];
        string expected = DifferentialPair.TextRows(pair.Sqlite, sql, bound);
        string actual = DifferentialPair.TextRows(pair.Ours, sql, bound);
        Assert.True(expected == actual, $"seed {seed}: {sql} with {Describe(bound)}\nSQLite: {expected}\nSharpCoreDB: {actual}");
    }

    private static string Describe((string Name, object Value)[] parameters)
    {
        var parts = new List<string>();
        foreach ((string name, object value) in parameters)
        {
            string text = value switch
            {
                byte[] bytes => "x'" + Convert.ToHexString(bytes) + "'",
                double real => real.ToString("R", CultureInfo.InvariantCulture) + " (real)",
                string s => "'" + s + "'",
                DBNull => "NULL",
                _ => Convert.ToString(value, CultureInfo.InvariantCulture)!,
            };
            parts.Add(name + " = " + text);
        }

        return parts.Count == 0 ? "no parameters" : string.Join(", ", parts);
    }
}
