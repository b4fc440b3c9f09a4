using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// The round-trip matrix against Microsoft.Data.Sqlite: every CLR type whose bound form the two providers share ×
/// every declared column type, bound as a parameter and written as the same literal, then seen through SQL (typeof,
/// quote, length, the date and time functions, comparisons with ISO literals, ORDER BY, min/max/sum, GROUP BY, an
/// index seek), after an UPDATE of another column, and after the database is closed and reopened — and read back
/// through GetFieldValue&lt;T&gt; wherever Microsoft.Data.Sqlite reads it.
/// </summary>
public sealed class TypeMatrixDifferentialTests : IDisposable
{
    private static readonly string[] s_queries =
    [
        "SELECT id, typeof(c), quote(c), length(c), other FROM t ORDER BY id",
        "SELECT id, date(c), time(c), datetime(c), julianday(c), unixepoch(c), strftime('%Y-%m-%d %H:%M:%f %s', c) FROM t ORDER BY id",
        "SELECT id, c > '2024-01-01', c >= '2024-02-29 13:45:10', c < '2024-02-29 13:45:10.1234568', c = '2024-01-01 00:00:00' FROM t ORDER BY id",
        "SELECT id, quote(c) FROM t ORDER BY c, id",
        "SELECT id, quote(c) FROM t ORDER BY c DESC, id",
        "SELECT quote(min(c)), quote(max(c)), typeof(sum(c)), count(c) FROM t",
        "SELECT quote(c), count(*) FROM t GROUP BY c ORDER BY c",
        "SELECT id FROM t WHERE c BETWEEN '2000-01-01' AND '2024-12-31' ORDER BY id",
        "SELECT count(*) FROM t WHERE date(c) = '2024-02-29'",
    ];

    private readonly DifferentialPair _pair = new();

    public void Dispose() => _pair.Dispose();

    [Theory]
    [MemberData(nameof(ColumnTypes))]
    public void Clr_values_look_the_same_to_sql_as_in_sqlite_and_read_back_the_same(string columnType)
    {
        string create = $"CREATE TABLE t(id INTEGER PRIMARY KEY, c {columnType}, other INTEGER DEFAULT 0)";
        _pair.Both(create);
        _pair.Both("CREATE INDEX t_c ON t(c)");
        var samples = ClrSample.SharedWithSqlite;
        for (int i = 0; i < samples.Count; i++)
        {
            _pair.Both("INSERT INTO t(id, c) VALUES (@id, @v)", ("@id", i), ("@v", samples[i].Value));

            // The same value as a literal: the text SQLite itself quotes the bound value as.
            string literal = DifferentialPair.Scalar(_pair.Sqlite, "SELECT quote(@v)", ("@v", samples[i].Value));
            _pair.Both($"INSERT INTO t(id, c) VALUES ({1000 + i}, {literal})");
        }

        var failures = new List<string>();
        Compare(failures, "after INSERT");
        ReadBack(failures, samples, "after INSERT");

        _pair.Both("UPDATE t SET other = other + 1");
        Compare(failures, "after UPDATE of another column");
        ReadBack(failures, samples, "after UPDATE");

        _pair.Reopen();
        Compare(failures, "after reopen");
        ReadBack(failures, samples, "after reopen");

        // Index seeks: each bound value finds the same rows.
        foreach (ClrSample sample in samples)
        {
            string ours = DifferentialPair.ValueRows(_pair.Ours, "SELECT id FROM t WHERE c = @v ORDER BY id", ("@v", sample.Value));
            string theirs = DifferentialPair.ValueRows(_pair.Sqlite, "SELECT id FROM t WHERE c = @v ORDER BY id", ("@v", sample.Value));
            if (ours != theirs)
            {
                failures.Add($"seek {sample}: ours {ours} | sqlite {theirs}");
            }
        }

        Assert.True(failures.Count == 0, $"{columnType}:\n" + string.Join("\n", failures.Take(40)));
    }

    public static TheoryData<string> ColumnTypes() => ClrSample.ColumnTypes;

    private void Compare(List<string> failures, string stage)
    {
        foreach (string query in s_queries)
        {
            string ours = DifferentialPair.ValueRows(_pair.Ours, query);
            string theirs = DifferentialPair.ValueRows(_pair.Sqlite, query);
            if (ours != theirs)
            {
                failures.Add($"{stage}: {query}\n  ours:   {ours}\n  sqlite: {theirs}");
            }
        }
    }

    // Every row read as its sample's CLR type: where Microsoft.Data.Sqlite reads it, ours gives the same value.
    private void ReadBack(List<string> failures, IReadOnlyList<ClrSample> samples, string stage)
    {
        for (int i = 0; i < samples.Count; i++)
        {
            foreach (int id in new[] { i, 1000 + i })
            {
                object? theirs;
                try
                {
                    theirs = ReadOne(_pair.Sqlite, id, samples[i]);
                }
                catch (Exception e) when (e is FormatException or InvalidCastException or OverflowException or InvalidOperationException or ArgumentException)
                {
                    continue;
                }

                object? ours;
                try
                {
                    ours = ReadOne(_pair.Ours, id, samples[i]);
                }
                catch (InvalidCastException) when (theirs is long or ulong && Storage(id) == "real")
                {
                    // The one deliberate difference: GetInt64 of a REAL outside the long range is refused where
                    // SQLite clamps it to long.MinValue/MaxValue (sqlite3_column_int64).
                    continue;
                }
                catch (Exception e)
                {
                    failures.Add($"{stage}: read {samples[i]} (row {id}): ours threw {e.GetType().Name}: {e.Message}; sqlite read {theirs}");
                    continue;
                }

                if (!ClrSample.Same(ours, theirs))
                {
                    failures.Add($"{stage}: read {samples[i]} (row {id}): ours {Show(ours)} | sqlite {Show(theirs)}");
                }
            }
        }
    }

    private string Storage(int id) => DifferentialPair.Scalar(_pair.Ours, "SELECT typeof(c) FROM t WHERE id = " + id.ToString(CultureInfo.InvariantCulture));

    private static object? ReadOne(DbConnection connection, int id, ClrSample sample)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = "SELECT c FROM t WHERE id = " + id.ToString(CultureInfo.InvariantCulture);
        using DbDataReader reader = command.ExecuteReader();
        Assert.True(reader.Read());
        return sample.Read(reader, 0);
    }

    private static string Show(object? value) => value switch
    {
        null => "null",
        byte[] bytes => Convert.ToHexString(bytes),
        DateTime d => d.ToString("O", CultureInfo.InvariantCulture) + " " + d.Kind,
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };
}
