using System.Globalization;
using System.Text;
using SharpCoreDB.Tests.Engine;
using SharpCoreDB.Tests.Scalar;

namespace SharpCoreDB.Tests.Planning;

/// <summary>
/// Random differential test of the terms an index seek makes redundant, against SQLite: columns under BINARY, NOCASE
/// and RTRIM with TEXT, INTEGER, REAL, NUMERIC and no affinity, holding mixed values ('1' and 1 and 1.0, case, trailing
/// spaces, blobs) in the same column; random indexes (some under another collation than the column, some on two
/// columns); queries with equality, IN and range terms whose collation and affinity sometimes match the index and
/// sometimes do not. A term dropped where the seek is looser than the comparison returns rows SQLite does not, and
/// a key column read from a folded index entry returns the wrong case. The seed and the query are in every failure.
/// </summary>
public sealed class ImpliedTermDifferentialTests
{
    private static readonly string[] s_columns = ["tn", "tb", "tr", "i", "r", "nu", "x"];
    private static readonly string[] s_collations = ["", "", "", " COLLATE NOCASE", " COLLATE RTRIM", " COLLATE BINARY"];
    private static readonly string[] s_indexes =
    [
        "CREATE INDEX i_tn ON t(tn)",
        "CREATE INDEX i_tb ON t(tb)",
        "CREATE INDEX i_tbn ON t(tb COLLATE NOCASE)",
        "CREATE INDEX i_tr ON t(tr, i)",
        "CREATE INDEX i_i ON t(i)",
        "CREATE INDEX i_in ON t(i COLLATE NOCASE, tn)",
        "CREATE INDEX i_r ON t(r)",
        "CREATE INDEX i_nu ON t(nu, tb)",
        "CREATE INDEX i_x ON t(x)",
        "CREATE INDEX i_xn ON t(x COLLATE NOCASE)",
        "CREATE INDEX i_tnx ON t(tn, x COLLATE RTRIM)",
    ];

    private static readonly string[] s_values =
    [
        "NULL", "1", "'1'", "1.0", "'1.0'", "' 1'", "'1 '", "2", "'2'", "1.5", "'1.5'", "-3", "'abc'", "'ABC'", "'abc '",
        "'Abc  '", "'b'", "'B'", "X'61'", "X'616263'", "''", "' '", "'10'", "10",
    ];

    private static readonly string[] s_affinityWrappers = ["{0}", "{0}", "{0}", "CAST({0} AS TEXT)", "CAST({0} AS INTEGER)", "CAST({0} AS REAL)", "+{0}"];

    public static TheoryData<int> Seeds() => StressScale.Seeds(normal: 40, stress: 1000);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_seekable_terms_match_sqlite(int seed)
    {
        var random = new Random(seed);
        using var db = new DualDatabase(
            "CREATE TABLE t(id INTEGER PRIMARY KEY, tn TEXT COLLATE NOCASE, tb TEXT, tr TEXT COLLATE RTRIM, i INTEGER, r REAL, nu NUMERIC, x BLOB)");
        foreach (string index in s_indexes)
        {
            if (random.Next(2) == 0)
            {
                db.Execute(index);
            }
        }

        int rows = random.Next(10, 60);
        for (int id = 1; id <= rows; id++)
        {
            var insert = new StringBuilder("INSERT INTO t VALUES (").Append(id.ToString(CultureInfo.InvariantCulture));
            for (int c = 0; c < s_columns.Length; c++)
            {
                insert.Append(", ").Append(Pick(random, s_values));
            }

            db.Execute(insert.Append(')').ToString());
        }

        for (int q = 0; q < 60; q++)
        {
            string sql = Query(random);
            List<string> expected = DifferentialTests.SqliteRows(db.Sqlite, sql, seed);
            List<string> actual = DifferentialTests.EngineRows(db.Engine, sql, seed);
            Assert.True(
                expected.SequenceEqual(actual),
                $"seed {seed}: {sql}\n  sqlite: {string.Join(" ", expected)}\n  engine: {string.Join(" ", actual)}\n  plan: {string.Join(" / ", db.Engine.Query("EXPLAIN " + sql))}");
        }
    }

    private static string Pick(Random random, string[] items) => items[random.Next(items.Length)];

    private static string Value(Random random) => string.Format(CultureInfo.InvariantCulture, Pick(random, s_affinityWrappers), Pick(random, s_values));

    // A term on one column: equality (either side), IN, or a range, with a random collation on either side.
    private static string Term(Random random, string column)
    {
        string left = column + Pick(random, s_collations);
        return random.Next(8) switch
        {
            0 or 1 => $"{left} = {Value(random)}",
            2 => $"{Value(random)}{Pick(random, s_collations)} = {column}",
            3 or 4 => $"{left} IN ({Value(random)}, {Value(random)}{(random.Next(2) == 0 ? ", " + Value(random) : "")})",
            5 => $"{left} {Pick(random, [">", ">=", "<", "<="])} {Value(random)}",
            6 => $"{left} BETWEEN {Value(random)} AND {Value(random)}",
            _ => $"{left} = {Value(random)} AND {column} = {Value(random)}",
        };
    }

    private static string Where(Random random)
    {
        string where = Term(random, Pick(random, s_columns));
        if (random.Next(2) == 0)
        {
            where += " AND " + Term(random, Pick(random, s_columns));
        }

        return where;
    }

    // The selected columns are sometimes only the row id (an index alone can answer), sometimes the sought columns
    // themselves (a folded key must not stand in for the stored text).
    private static string Query(Random random)
    {
        string a = Pick(random, s_columns);
        string b = Pick(random, s_columns);
        return random.Next(6) switch
        {
            0 or 1 => $"SELECT id FROM t WHERE {Where(random)} ORDER BY id",
            2 => $"SELECT id, {a}, typeof({a}) FROM t WHERE {Where(random)} ORDER BY id",
            3 => $"SELECT count(*), group_concat({a}, ',') FROM (SELECT {a} FROM t WHERE {Where(random)} ORDER BY id)",
            4 => $"SELECT {a} FROM t WHERE {Where(random)} ORDER BY id",
            _ => $"SELECT p.id, q.id FROM t p JOIN t q ON q.{b}{Pick(random, s_collations)} = p.{a} WHERE {Term(random, "p." + a)} ORDER BY 1, 2",
        };
    }
}
