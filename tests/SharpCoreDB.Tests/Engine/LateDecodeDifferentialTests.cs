using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Types;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Random filtered scans, joins and writes against SQLite: a scan decodes the columns its filter reads first and the
/// others only for the rows that pass, and the answers must not change (columns read by the filter and by the
/// SELECT overlapping or not, NULLs, values long enough to spill into overflow pages, ORDER BY, joins, correlated
/// subqueries that read the scanned row, UPDATE and DELETE).
/// </summary>
public sealed class LateDecodeDifferentialTests
{
    private static readonly string[] Columns = ["id", "a", "b", "c", "d", "e"];

    [Fact]
    public void Random_filtered_scans_match_sqlite()
    {
        for (int seed = 1; seed <= 6; seed++)
        {
            RunSeed(seed);
        }
    }

    private static void RunSeed(int seed)
    {
        var random = new Random(seed);
        using var pair = new DifferentialPair();
        pair.Both("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c BLOB, d REAL, e)");
        pair.Both("CREATE TABLE u(k INTEGER, x TEXT, y BLOB)");
        pair.Both("CREATE TABLE w(k INTEGER, b TEXT, c BLOB, PRIMARY KEY (k)) WITHOUT ROWID");
        pair.Both("BEGIN");
        for (int i = 1; i <= 120; i++)
        {
            pair.Both("INSERT INTO t VALUES (@id, @a, @b, @c, @d, @e)",
                ("@id", i), ("@a", Maybe(random, random.Next(-5, 15))), ("@b", Maybe(random, Text(random))), ("@c", Maybe(random, Blob(random))),
                ("@d", Maybe(random, Math.Round(random.NextDouble() * 20 - 5, 2))), ("@e", Maybe(random, Any(random))));
            pair.Both("INSERT INTO u VALUES (@k, @x, @y)", ("@k", Maybe(random, random.Next(-5, 15))), ("@x", Maybe(random, Text(random))), ("@y", Maybe(random, Blob(random))));
            pair.Both("INSERT INTO w VALUES (@k, @b, @c)", ("@k", i), ("@b", Maybe(random, Text(random))), ("@c", Maybe(random, Blob(random))));
        }

        pair.Both("COMMIT");
        for (int round = 0; round < 60; round++)
        {
            string filter = Filter(random, "t.");
            string select = Select(random, "t.");
            Compare(pair, seed, $"SELECT {select} FROM t WHERE {filter} ORDER BY t.id");
            Compare(pair, seed, $"SELECT {select} FROM t WHERE {filter} ORDER BY t.d, t.b, t.id");
            Compare(pair, seed, $"SELECT {select}, quote(u.x), quote(u.y) FROM t JOIN u ON u.k = t.a WHERE {filter} ORDER BY t.id, u.x, u.y");
            Compare(pair, seed, $"SELECT {select}, quote(u.y) FROM u JOIN t ON {filter} AND t.a = u.k ORDER BY t.id, quote(u.y)");
            Compare(pair, seed, $"SELECT quote(w.k), quote(w.c) FROM w WHERE {Filter(random, "w.", "k", "b", "c")} ORDER BY w.k");
            Compare(pair, seed, $"SELECT {select} FROM t WHERE {filter} AND EXISTS (SELECT 1 FROM u WHERE u.k = t.a AND u.x < t.b) ORDER BY t.id");
        }

        // Writes that read their rows through the same filtered scan.
        for (int round = 0; round < 10; round++)
        {
            pair.Both($"UPDATE t SET a = a + 1, b = b || 'z' WHERE {Filter(random, string.Empty)}");
            pair.Both($"DELETE FROM t WHERE {Filter(random, string.Empty)} AND id % 3 = {round % 3}");
            Compare(pair, seed, "SELECT " + Select(random, string.Empty, all: true) + " FROM t ORDER BY id");
        }
    }

    private static void Compare(DifferentialPair pair, int seed, string sql)
    {
        string expected = DifferentialPair.TextRows(pair.Sqlite, sql);
        string actual = DifferentialPair.TextRows(pair.Ours, sql);
        Assert.True(expected == actual, $"seed {seed}: {sql}\nSQLite: {Shorten(expected)}\nSharpCoreDB: {Shorten(actual)}");
    }

    private static string Shorten(string text) => text.Length > 2000 ? text[..2000] + "…" : text;

    // Quoted so that text, blob, integer and real answers compare as text whatever the providers' CLR mappings.
    private static string Select(Random random, string prefix, bool all = false)
    {
        var parts = new List<string>();
        foreach (string column in Columns)
        {
            if (all || random.Next(2) == 0)
            {
                parts.Add($"quote({prefix}{column})");
            }
        }

        return parts.Count == 0 ? $"quote({prefix}id)" : string.Join(", ", parts);
    }

    private static string Filter(Random random, string prefix, params string[] columns)
    {
        string[] pick = columns.Length > 0 ? columns : Columns;
        string one = Condition(random, prefix + pick[random.Next(pick.Length)]);
        return random.Next(3) switch
        {
            0 => one,
            1 => $"{one} AND {Condition(random, prefix + pick[random.Next(pick.Length)])}",
            _ => $"({one} OR {Condition(random, prefix + pick[random.Next(pick.Length)])})",
        };
    }

    private static string Condition(Random random, string column) => random.Next(8) switch
    {
        0 => $"{column} IS NULL",
        1 => $"{column} IS NOT NULL",
        2 => $"{column} = {random.Next(-5, 15)}",
        3 => $"{column} > {random.Next(-5, 15)}",
        4 => $"length({column}) > {random.Next(0, 3000)}",
        5 => $"{column} LIKE '{(char)('a' + random.Next(6))}%'",
        6 => $"typeof({column}) = '{(random.Next(2) == 0 ? "blob" : "text")}'",
        _ => $"{column} < 'm'",
    };

    private static object Maybe(Random random, object value) => random.Next(6) == 0 ? DBNull.Value : value;

    // Short text now and then long enough to spill out of the leaf page into overflow pages.
    private static string Text(Random random)
    {
        int length = random.Next(8) == 0 ? random.Next(3000, 12_000) : random.Next(0, 40);
        var builder = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            builder.Append((char)('a' + random.Next(8)));
        }

        return builder.ToString();
    }

    private static byte[] Blob(Random random)
    {
        var bytes = new byte[random.Next(8) == 0 ? random.Next(3000, 12_000) : random.Next(0, 40)];
        random.NextBytes(bytes);
        return bytes;
    }

    private static object Any(Random random) => random.Next(4) switch
    {
        0 => random.Next(-5, 15),
        1 => random.NextDouble().ToString("F3", CultureInfo.InvariantCulture),
        2 => Blob(random),
        _ => Text(random),
    };
}
