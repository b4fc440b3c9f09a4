using System.Buffers.Binary;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// UNIQUE and indexed TEXT/BLOB columns hold values of any length, as in SQLite: values from 1 KB to 1 MB on 4 KiB
/// pages (their index keys overflow into chains of pages) are inserted, sought, range-scanned, ordered, updated and
/// deleted, in memory, across reopens and encrypted; results are compared with SQLite where a query allows.
/// </summary>
public sealed class LongIndexKeyTests
{
    // Long values that share long prefixes, so comparisons and separators must read past a node's local bytes.
    private static readonly int[] s_lengths = [1_000, 1_024, 4_000, 4_096, 10_000, 50_000, 100_000, 1_000_000];

    [Fact]
    public void Unique_text_column_accepts_values_up_to_1_MB_and_refuses_a_long_duplicate()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
        List<string> values = Values('u');
        for (int i = 0; i < values.Count; i++)
        {
            db.Execute("INSERT INTO t VALUES (?, ?)", i, values[i]);
        }

        // A value that differs from a stored one only in its last character is no duplicate.
        string almost = values[^1][..^1] + "~";
        db.Execute("INSERT INTO t VALUES (?, ?)", 1000, almost);

        SharpCoreDBException error = db.Fails("INSERT INTO t VALUES (?, ?)", 2000, values[^1]);
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, error.ErrorCode);
        Assert.Contains("t.v", error.Message, StringComparison.Ordinal);
        Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("UPDATE t SET v = ? WHERE id = 0", values[5]).ErrorCode);
        Assert.Equal([(values.Count + 1).ToString(CultureInfo.InvariantCulture)], db.Query("SELECT count(*) FROM t"));
        Assert.Equal(["1000"], db.Query("SELECT id FROM t WHERE v = ?", almost));
    }

    [Fact]
    public void Indexed_long_text_and_blob_columns_match_sqlite_through_seeks_ranges_order_updates_and_deletes()
    {
        using var dual = new DualDatabase("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT, b BLOB); CREATE INDEX t_v ON t(v); CREATE UNIQUE INDEX t_b ON t(b DESC)");
        var random = new Random(71);
        List<string> values = [.. Values('a'), .. Values('b'), .. Values('c')];
        for (int i = 0; i < values.Count; i++)
        {
            byte[] blob = new byte[s_lengths[i % s_lengths.Length]];
            random.NextBytes(blob.AsSpan(0, 16));
            blob[^1] = (byte)i;
            Both(dual, "INSERT INTO t VALUES ($id, $v, $b)", i, values[i], blob);
        }

        AssertSameQueries(dual);
        EngineHarness engine = dual.Engine;
        for (int i = 0; i < values.Count; i += 5)
        {
            Assert.Equal([i.ToString(CultureInfo.InvariantCulture)], engine.Query("SELECT id FROM t WHERE v = ?", values[i]));
        }

        Assert.Contains("USING INDEX t_v", string.Join("\n", engine.Query("EXPLAIN SELECT id FROM t WHERE v = ?", values[0])), StringComparison.Ordinal);
        string orderPlan = string.Join("\n", engine.Query("EXPLAIN SELECT id FROM t ORDER BY v"));
        Assert.Contains("USING INDEX t_v", orderPlan, StringComparison.Ordinal);
        Assert.DoesNotContain("Sort", orderPlan, StringComparison.Ordinal);

        // Updates swap long values for other long values (and a short one); deletes take every third row.
        for (int i = 1; i < values.Count; i += 4)
        {
            Both(dual, "UPDATE t SET v = $v, b = $b WHERE id = $id", i, values[(i + 7) % values.Count] + "!", new byte[] { (byte)i });
        }

        Both(dual, "DELETE FROM t WHERE id % 3 = $id", 0, null, null);
        AssertSameQueries(dual);
    }

    [Fact]
    public void Long_index_keys_survive_reopen_and_deleting_them_gives_every_page_back()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT UNIQUE, w BLOB)");
            db.Execute("CREATE INDEX t_w ON t(w)");
        }

        long baseline = PagesInUse(file.Path);
        List<string> values = Values('r');
        for (int round = 0; round < 3; round++)
        {
            using (EngineHarness db = file.Open())
            {
                db.Execute("BEGIN");
                for (int i = 0; i < values.Count; i++)
                {
                    db.Execute("INSERT INTO t VALUES (?, ?, ?)", i, values[i], System.Text.Encoding.UTF8.GetBytes(values[i]));
                }

                db.Execute("COMMIT");
            }

            long full = PagesInUse(file.Path);
            Assert.True(full > baseline + 500, $"round {round}: {full} pages in use with the long values, {baseline} without");
            using (EngineHarness db = file.Open())
            {
                Assert.Equal(["4"], db.Query("SELECT id FROM t WHERE v = ?", values[4]));
                Assert.Equal(["7"], db.Query("SELECT id FROM t WHERE w = ?", System.Text.Encoding.UTF8.GetBytes(values[7])));
                Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (100, ?, NULL)", values[^1]).ErrorCode);
                Assert.Equal(["7", "6", "5"], db.Query("SELECT id FROM t ORDER BY v DESC LIMIT 3"));
                db.Execute("UPDATE t SET v = v || 'x' WHERE id % 2 = 0");
                Assert.Equal(["2"], db.Query("SELECT id FROM t WHERE v = ?", values[2] + "x"));
                db.Execute("DELETE FROM t");
            }

            Assert.Equal(baseline, PagesInUse(file.Path));
        }
    }

    [Fact]
    public void Long_index_keys_work_in_an_encrypted_database()
    {
        using var file = new TempDatabase();
        DatabaseOptions options = file.Options() with { Password = "long keys" };
        List<string> values = Values('e');
        using (var db = new EngineHarness(options))
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
            for (int i = 0; i < values.Count; i++)
            {
                db.Execute("INSERT INTO t VALUES (?, ?)", i, values[i]);
            }
        }

        using (var db = new EngineHarness(options))
        {
            Assert.Equal(["6"], db.Query("SELECT id FROM t WHERE v = ?", values[6]));
            Assert.Equal(SharpCoreDBErrorCode.UniqueViolation, db.Fails("INSERT INTO t VALUES (100, ?)", values[6]).ErrorCode);
            Assert.Equal(["0", "1", "2", "3", "4", "5", "6", "7"], db.Query("SELECT id FROM t ORDER BY v"));
            db.Execute("DELETE FROM t WHERE id > 3");
            Assert.Equal(["0", "1", "2", "3"], db.Query("SELECT id FROM t WHERE v >= ? ORDER BY v", values[0]));
        }
    }

    /// <summary>
    /// One value per length in <see cref="s_lengths"/>: <paramref name="fill"/> repeated, then a distinct tail, so every
    /// pair shares a prefix as long as the shorter value less its tail; sorted order is length order.
    /// </summary>
    private static List<string> Values(char fill)
    {
        var values = new List<string>(s_lengths.Length);
        foreach (int length in s_lengths)
        {
            values.Add(new string(fill, length - 8) + length.ToString("D8", CultureInfo.InvariantCulture));
        }

        return values;
    }

    private static void AssertSameQueries(DualDatabase dual)
    {
        dual.AssertSame("SELECT id, length(v), substr(v, -8), length(b) FROM t ORDER BY v");
        dual.AssertSame("SELECT id, length(v) FROM t ORDER BY v DESC");
        dual.AssertSame("SELECT id FROM t ORDER BY b DESC");
        dual.AssertSame("SELECT id FROM t WHERE v >= 'b' AND v < 'c' ORDER BY v");
        dual.AssertSame("SELECT id FROM t WHERE v > 'bbbbbbbbbb' ORDER BY v DESC");
        dual.AssertSame("SELECT id FROM t WHERE v BETWEEN 'a' AND 'b' ORDER BY id");
        dual.AssertSame("SELECT id FROM t WHERE v = (SELECT v FROM t WHERE id = 10)");
        dual.AssertSame("SELECT count(*), count(DISTINCT v), sum(length(b)) FROM t");
    }

    private static void Both(DualDatabase dual, string sql, long id, string? v, byte[]? b)
    {
        using SqliteCommand command = dual.Sqlite.CreateCommand();
        command.CommandText = sql;
        command.Parameters.AddWithValue("$id", id);
        command.Parameters.AddWithValue("$v", (object?)v ?? DBNull.Value);
        command.Parameters.AddWithValue("$b", (object?)b ?? DBNull.Value);
        command.ExecuteNonQuery();
        // The engine gets plain positional parameters, in the order the names appear.
        var named = new List<(int Position, object? Value)>();
        foreach ((string name, object? value) in new[] { ("$id", (object?)id), ("$v", v), ("$b", b) })
        {
            int position = sql.IndexOf(name, StringComparison.Ordinal);
            if (position >= 0)
            {
                named.Add((position, value));
            }
        }

        named.Sort((x, y) => x.Position.CompareTo(y.Position));
        var parameters = new object?[named.Count];
        for (int i = 0; i < parameters.Length; i++)
        {
            parameters[i] = named[i].Value;
        }

        string engineSql = sql.Replace("$id", "?", StringComparison.Ordinal).Replace("$v", "?", StringComparison.Ordinal).Replace("$b", "?", StringComparison.Ordinal);
        dual.Engine.Execute(engineSql, parameters);
    }

    /// <summary>Pages the closed database file uses: its page count less its free pages, from the header.</summary>
    private static long PagesInUse(string path)
    {
        byte[] header = new byte[512];
        using (FileStream stream = File.OpenRead(path))
        {
            stream.ReadExactly(header);
        }

        return DatabaseHeader.GetPageCount(header) - (long)DatabaseHeader.GetFreePageCount(header);
    }
}
