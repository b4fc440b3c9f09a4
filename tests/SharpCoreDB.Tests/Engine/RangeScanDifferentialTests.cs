using System.Globalization;
using SharpCoreDB.Tests.Types;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Random row-id range scans against SQLite: bounds of every type on one or both sides (integers, reals, numeric and
/// other text, BLOBs, NULL), ascending and descending, with LIMIT and OFFSET and residual filters on columns of every
/// affinity, over a rowid table and a WITHOUT ROWID one whose rows hold NULLs, 1 KB values and values long enough to
/// spill into overflow pages. The range tells the cursor where it ends (read-ahead stops there); the answers must
/// not change, also when the same statement runs again with other parameters.
/// </summary>
public sealed class RangeScanDifferentialTests
{
    private static readonly string[] Residuals =
    [
        "i > @r", "r <= @r", "x >= @r", "b IS NOT @r", "a <> @r", "n = @r", "length(v) > 900", "i IS NULL", "x LIKE '1%'",
    ];

    [Fact]
    public void Random_row_id_ranges_match_sqlite()
    {
        for (int seed = 1; seed <= 3; seed++)
        {
            RunSeed(seed);
        }
    }

    private static void RunSeed(int seed)
    {
        var random = new Random(seed);
        using var pair = new DifferentialPair();
        const string columns = "i INTEGER, r REAL, x TEXT, b BLOB, a, n NUMERIC, v BLOB";
        pair.Both($"CREATE TABLE t(id INTEGER PRIMARY KEY, {columns})");
        pair.Both($"CREATE TABLE w(id INTEGER PRIMARY KEY, {columns}) WITHOUT ROWID");
        pair.Both("BEGIN");
        long id = -40;
        for (int row = 0; row < 500; row++)
        {
            // Gaps of 1 to 4, so bounds fall on and between row ids.
            id += 1 + random.Next(4);
            int valueLength = random.Next(10) switch
            {
                0 => 6_000,
                1 => 0,
                < 6 => 1_000,
                _ => 40,
            };
            object?[] values =
            [
                id, Pick(random, (long)random.Next(-50, 50)), Pick(random, random.Next(-50, 50) / 4.0),
                Pick(random, random.Next(100).ToString(CultureInfo.InvariantCulture)), Pick(random, new byte[] { (byte)random.Next(4) }),
                Pick(random, Parameter(random)), Pick(random, Parameter(random)), new byte[valueLength],
            ];
            var parameters = new (string Name, object Value)[values.Length];
            for (int i = 0; i < values.Length; i++)
            {
                parameters[i] = ("@c" + i.ToString(CultureInfo.InvariantCulture), values[i] ?? DBNull.Value);
            }

            pair.Both("INSERT INTO t VALUES (@c0, @c1, @c2, @c3, @c4, @c5, @c6, @c7)", parameters);
            pair.Both("INSERT INTO w VALUES (@c0, @c1, @c2, @c3, @c4, @c5, @c6, @c7)", parameters);
        }

        pair.Both("COMMIT");
        for (int round = 0; round < 400; round++)
        {
            var parameters = new List<(string Name, object Value)>();
            var conditions = new List<string>();
            int sides = random.Next(4);
            if (sides != 1)
            {
                conditions.Add(random.Next(2) == 0 ? "id >= @lo" : "id > @lo");
                parameters.Add(("@lo", Bound(random, id)));
            }

            if (sides != 2)
            {
                conditions.Add(random.Next(3) == 0 ? "@hi > id" : random.Next(2) == 0 ? "id < @hi" : "id <= @hi");
                parameters.Add(("@hi", Bound(random, id)));
            }

            if (random.Next(3) == 0)
            {
                conditions.Add(Residuals[random.Next(Residuals.Length)]);
                if (conditions[^1].Contains("@r", StringComparison.Ordinal))
                {
                    parameters.Add(("@r", Parameter(random)));
                }
            }

            string where = conditions.Count == 0 ? string.Empty : " WHERE " + string.Join(" AND ", conditions);
            string order = random.Next(3) == 0 ? " ORDER BY id DESC" : " ORDER BY id";
            string limit = random.Next(3) switch
            {
                0 => $" LIMIT {random.Next(1, 30)}",
                1 => $" LIMIT {random.Next(1, 30)} OFFSET {random.Next(0, 20)}",
                _ => string.Empty,
            };
            string sql = $"SELECT quote(id), quote(i), quote(x), length(v) FROM {(round % 3 == 0 ? "w" : "t")}{where}{order}{limit}";
            Compare(pair, seed, sql, parameters);

            // Again with new bounds: the cached plan must take them.
            for (int i = 0; i < parameters.Count; i++)
            {
                parameters[i] = (parameters[i].Name, parameters[i].Name == "@r" ? Parameter(random) : Bound(random, id));
            }

            Compare(pair, seed, sql, parameters);
        }
    }

    private static object? Pick(Random random, object value) => random.Next(6) == 0 ? null : value;

    // Mostly whole numbers in and around the key range (long ranges and short ones); sometimes another type.
    private static object Bound(Random random, long maxId) => random.Next(12) switch
    {
        0 => DBNull.Value,
        1 => random.Next(-80, (int)maxId + 40) + 0.5,
        2 => (double)random.Next(-80, (int)maxId + 40),
        3 => random.Next(-80, (int)maxId + 40).ToString(CultureInfo.InvariantCulture),
        4 => new[] { "abc", "", " 12", "12.5", "1e2" }[random.Next(5)],
        5 => new byte[] { 0x31, 0x32 },
        6 => random.Next(2) == 0 ? long.MaxValue : long.MinValue,
        _ => (long)random.Next(-80, (int)maxId + 40),
    };

    private static object Parameter(Random random) => random.Next(6) switch
    {
        0 => DBNull.Value,
        1 => (long)random.Next(-20, 20),
        2 => random.Next(-20, 20) / 4.0,
        3 => random.Next(100).ToString(CultureInfo.InvariantCulture),
        4 => new byte[] { (byte)random.Next(4) },
        _ => "abc",
    };

    private static void Compare(DifferentialPair pair, int seed, string sql, List<(string Name, object Value)> parameters) =>
        ScanPrefilterDifferentialTests.Compare(pair, seed, sql, parameters);
}
