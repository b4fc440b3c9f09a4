using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// Dates, times and durations bound as CLR values and read from records are held without a string; SQL must not
/// see any difference. Seeded random texts — canonical forms of every kind, near misses (a <c>T</c>, a zone letter,
/// trailing fraction zeros, no seconds, impossible fields) and plain strings — are stored in SharpCoreDB and in
/// SQLite, and ordering, grouping, DISTINCT, joins, comparisons with literals, index seeks, functions and the
/// strings read back must be the same in both, before and after an UPDATE of another column and a reopen.
/// </summary>
public sealed class PackedTextDifferentialTests : IDisposable
{
    private const int Values = 250;

    private static readonly string[] s_queries =
    [
        "SELECT id, c, typeof(c), length(c), c || '|', hex(c) FROM t ORDER BY id",
        "SELECT id, c FROM t ORDER BY c, id",
        "SELECT id, c FROM t ORDER BY c DESC, id",
        "SELECT c, count(*) FROM t GROUP BY c ORDER BY c",
        "SELECT count(DISTINCT c), min(c), max(c) FROM t",
        "SELECT count(*) FROM t a JOIN t b ON a.c = b.c",
        "SELECT c FROM t UNION SELECT '2024-03-09 08:30:15.123' UNION SELECT '08:30:15' ORDER BY 1",
        "SELECT id FROM t WHERE c = '2024-03-09 08:30:15.123' OR c = '2024-03-09' OR c = '00000001.02:30:00.0000000' ORDER BY id",
        "SELECT id FROM t WHERE c > '2024-03-09 08' AND c < '2024-03-10' ORDER BY id",
        "SELECT id, date(c), time(c), julianday(c), strftime('%Y %H:%M:%f', c) FROM t ORDER BY id",
        "SELECT id, substr(c, 1, 10), upper(c), c LIKE '2024%', instr(c, ':') FROM t ORDER BY id",
        "SELECT id, c = '2024-03-09 08:30:15.123', c COLLATE NOCASE = '2024-03-09t08:30:15', c < 'a' FROM t ORDER BY id",
    ];

    private readonly DifferentialPair _pair = new();

    public void Dispose() => _pair.Dispose();

    [Theory]
    [InlineData("DATETIME", 1)]
    [InlineData("TEXT", 2)]
    [InlineData("", 3)]
    [InlineData("TIMESPAN", 4)]
    [InlineData("NUMERIC", 5)]
    public void Stored_date_text_behaves_as_in_sqlite(string columnType, int seed)
    {
        var random = new Random(seed);
        _pair.Both($"CREATE TABLE t(id INTEGER PRIMARY KEY, c {columnType}, other INTEGER DEFAULT 0)");
        _pair.Both("CREATE INDEX t_c ON t(c)");
        var texts = new List<string>();
        for (int i = 0; i < Values; i++)
        {
            string text = RandomText(random);
            texts.Add(text);
            _pair.Both("INSERT INTO t(id, c) VALUES (@id, @v)", ("@id", i), ("@v", text));
        }

        // The same instants bound as CLR values, which both providers write as the same text.
        for (int i = 0; i < 40; i++)
        {
            object value = RandomClrValue(random);
            _pair.Both("INSERT INTO t(id, c) VALUES (@id, @v)", ("@id", 1000 + i), ("@v", value));
        }

        var failures = new List<string>();
        Compare(failures, "after INSERT");
        _pair.Both("UPDATE t SET other = other + 1");
        Compare(failures, "after UPDATE of another column");
        _pair.Reopen();
        Compare(failures, "after reopen");

        foreach (string text in texts.Take(60))
        {
            string ours = DifferentialPair.TextRows(_pair.Ours, "SELECT id FROM t WHERE c = @v ORDER BY id", ("@v", text));
            string theirs = DifferentialPair.TextRows(_pair.Sqlite, "SELECT id FROM t WHERE c = @v ORDER BY id", ("@v", text));
            if (ours != theirs)
            {
                failures.Add($"seek '{text}': ours {ours} | sqlite {theirs}");
            }
        }

        Assert.True(failures.Count == 0, $"column type '{columnType}', seed {seed}:\n" + string.Join("\n", failures.Take(20)));
    }

    private static string RandomText(Random random)
    {
        var at = new DateTime(2024, 3, 9, 8, 30, 15).AddTicks(random.NextInt64(-TimeSpan.TicksPerDay * 3, TimeSpan.TicksPerDay * 3));
        if (random.Next(3) == 0)
        {
            at = new DateTime(at.Ticks - (at.Ticks % TimeSpan.TicksPerSecond));
        }

        string canonical = at.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture).TrimEnd('.');
        return random.Next(16) switch
        {
            0 or 1 or 2 => canonical,
            3 => at.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            4 => at.ToString("HH:mm:ss", CultureInfo.InvariantCulture),
            5 => at.ToString("HH:mm:ss.fffffff", CultureInfo.InvariantCulture),
            6 => canonical + (random.Next(2) == 0 ? "+02:00" : "-05:30"),
            7 => canonical.Replace(' ', 'T'),
            8 => canonical + "Z",
            9 => at.ToString("yyyy-MM-dd HH:mm:ss.fffffff", CultureInfo.InvariantCulture),
            10 => at.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture),
            11 => random.Next(2) == 0 ? "2024-13-45 99:99:99" : "2024-02-30",
            12 => ((TimeSpan)new TimeSpan(random.NextInt64(-TimeSpan.TicksPerDay * 40, TimeSpan.TicksPerDay * 40))).ToString("c", CultureInfo.InvariantCulture),
            13 => SortableTimeSpan(new TimeSpan(random.NextInt64(-TimeSpan.TicksPerDay * 40, TimeSpan.TicksPerDay * 40))),
            14 => "x" + canonical[1..],
            _ => canonical.ToUpperInvariant() + " ",
        };
    }

    private static object RandomClrValue(Random random)
    {
        var at = new DateTime(2024, 3, 9, 8, 30, 15).AddTicks(random.NextInt64(-TimeSpan.TicksPerDay * 3, TimeSpan.TicksPerDay * 3));
        return random.Next(4) switch
        {
            0 => at,
            1 => new DateTimeOffset(at, TimeSpan.FromMinutes(random.Next(-14 * 4, 14 * 4) * 15)),
            2 => DateOnly.FromDateTime(at),
            _ => TimeOnly.FromDateTime(at),
        };
    }

    // The form TIMESPAN values are written in (docs/TYPES.md), built here independently of the provider.
    private static string SortableTimeSpan(TimeSpan value)
    {
        if (value.Ticks >= 0)
        {
            return value.Days.ToString("D8", CultureInfo.InvariantCulture) + "." + new TimeSpan(value.Ticks % TimeSpan.TicksPerDay).ToString(@"hh\:mm\:ss\.fffffff", CultureInfo.InvariantCulture);
        }

        long distance = value.Ticks - TimeSpan.MinValue.Ticks;
        return "-" + (distance / TimeSpan.TicksPerDay).ToString("D9", CultureInfo.InvariantCulture) + "."
            + new TimeSpan(distance % TimeSpan.TicksPerDay).ToString(@"hh\:mm\:ss\.fffffff", CultureInfo.InvariantCulture);
    }

    private void Compare(List<string> failures, string stage)
    {
        foreach (string query in s_queries)
        {
            string ours = DifferentialPair.TextRows(_pair.Ours, query);
            string theirs = DifferentialPair.TextRows(_pair.Sqlite, query);
            if (ours != theirs)
            {
                failures.Add($"{stage}: {query}\n  ours:   {ours}\n  sqlite: {theirs}");
            }
        }
    }
}
