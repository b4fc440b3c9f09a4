using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Collations;

/// <summary>
/// Grouping, DISTINCT, set operations, IN (SELECT …), count(DISTINCT …) and equality joins under a user collation:
/// a user comparison has no hash consistent with it, so these must sort (O(n log n) calls of the application's
/// comparison), not hash everything into one bucket (n² calls). Results against SQLite with the same collation.
/// </summary>
public sealed class UserCollationGroupingTests
{
    // The queries that group or match values under the user collation "ci"; each returns one count.
    private static readonly string[] s_queries =
    [
        "SELECT count(*) FROM (SELECT w FROM t GROUP BY w COLLATE ci)",
        "SELECT count(*) FROM (SELECT DISTINCT w COLLATE ci FROM t)",
        "SELECT count(*) FROM (SELECT w COLLATE ci FROM t UNION SELECT v FROM u)",
        "SELECT count(*) FROM (SELECT w COLLATE ci FROM t INTERSECT SELECT v FROM u)",
        "SELECT count(*) FROM (SELECT w COLLATE ci FROM t EXCEPT SELECT v FROM u)",
        "SELECT count(*) FROM t WHERE w COLLATE ci IN (SELECT v FROM u)",
        "SELECT count(*) FROM t WHERE w COLLATE ci NOT IN (SELECT v FROM u)",
        "SELECT count(DISTINCT w COLLATE ci) FROM t",
        "SELECT count(*) FROM t JOIN u ON u.v = t.w COLLATE ci",
        "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT w COLLATE ci FROM t UNION SELECT upper(x) FROM c) SELECT x FROM c)",
    ];

    public static TheoryData<string> Queries() => new(s_queries);

    // ASCII case-insensitive, then ordinal: a total order an application could register, which no hash of the
    // engine's can know about.
    private static int CaseInsensitive(string x, string y) => string.Compare(x, y, StringComparison.OrdinalIgnoreCase);

    [Theory]
    [MemberData(nameof(Queries))]
    public void User_collated_query_calls_the_comparison_n_log_n_times(string sql)
    {
        const int distinct = 20_000;
        long calls = 0;
        using var engine = new SharpCoreDBConnection("Data Source=:memory:");
        engine.Open();
        engine.CreateCollation("ci", (x, y) =>
        {
            calls++;
            return CaseInsensitive(x, y);
        });
        Fill(engine, distinct, uCount: distinct);

        calls = 0;
        Assert.NotEqual("0", Scalar(engine, sql));

        // A sort or a search tree needs about n·log2(n) comparisons (a few passes of it); hashing everything into
        // one bucket needs n²/2, here 2·10⁸.
        double bound = 8 * distinct * Math.Log2(distinct);
        Assert.True(calls < bound, $"{sql}: {calls} comparisons for {distinct} values (bound {bound:F0})");
    }

    [Theory]
    [MemberData(nameof(Queries))]
    public void User_collated_query_matches_sqlite(string sql)
    {
        using var engine = new SharpCoreDBConnection("Data Source=:memory:");
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        engine.Open();
        sqlite.Open();
        engine.CreateCollation("ci", CaseInsensitive);
        sqlite.CreateCollation("ci", CaseInsensitive);
        Fill(engine, 300, uCount: 200);
        Fill(sqlite, 300, uCount: 200);
        Assert.Equal(Scalar(sqlite, sql), Scalar(engine, sql));
    }

    // t holds `count` values and u `uCount`, with case variants inside and across the tables: the value i is
    // 'k' + i in lower case in t, and every third one again in upper case; u holds upper-case values.
    private static void Fill(System.Data.Common.DbConnection connection, int count, int uCount)
    {
        using System.Data.Common.DbTransaction transaction = connection.BeginTransaction();
        Run(connection, transaction, "CREATE TABLE t(w TEXT)");
        Run(connection, transaction, "CREATE TABLE u(v TEXT)");
        using (System.Data.Common.DbCommand insert = connection.CreateCommand())
        {
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO t VALUES ($w)";
            System.Data.Common.DbParameter parameter = insert.CreateParameter();
            parameter.ParameterName = "$w";
            insert.Parameters.Add(parameter);
            for (int i = 0; i < count; i++)
            {
                parameter.Value = "k" + i.ToString(CultureInfo.InvariantCulture);
                insert.ExecuteNonQuery();
                if (i % 3 == 0)
                {
                    parameter.Value = "K" + i.ToString(CultureInfo.InvariantCulture);
                    insert.ExecuteNonQuery();
                }
            }
        }

        using (System.Data.Common.DbCommand insert = connection.CreateCommand())
        {
            insert.Transaction = transaction;
            insert.CommandText = "INSERT INTO u VALUES ($v)";
            System.Data.Common.DbParameter parameter = insert.CreateParameter();
            parameter.ParameterName = "$v";
            insert.Parameters.Add(parameter);
            for (int i = 0; i < uCount; i++)
            {
                // Every other value of t, and some t does not hold.
                parameter.Value = "K" + (2 * i).ToString(CultureInfo.InvariantCulture);
                insert.ExecuteNonQuery();
            }
        }

        transaction.Commit();
    }

    private static void Run(System.Data.Common.DbConnection connection, System.Data.Common.DbTransaction transaction, string sql)
    {
        using System.Data.Common.DbCommand command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static string Scalar(System.Data.Common.DbConnection connection, string sql)
    {
        using System.Data.Common.DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return Convert.ToString(command.ExecuteScalar(), CultureInfo.InvariantCulture)!;
    }
}
