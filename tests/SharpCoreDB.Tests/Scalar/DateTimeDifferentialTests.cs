using System.Globalization;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// date, time, datetime, julianday, unixepoch and strftime against SQLite (Microsoft.Data.Sqlite's build): random time
/// values (valid, out of range and malformed dates and times, time zones, Julian day numbers, Unix seconds) with
/// random modifiers. <c>now</c>, <c>localtime</c> and <c>utc</c> depend on the clock and the machine and are checked
/// separately.
/// </summary>
public sealed class DateTimeDifferentialTests : IDisposable
{
    private static readonly int s_cases = StressScale.Cases(3000);

    private static readonly string[] s_functions = ["date", "time", "datetime", "julianday", "unixepoch"];

    private static readonly string[] s_fields =
    [
        "%d", "%e", "%f", "%F", "%G", "%g", "%H", "%k", "%I", "%l", "%j", "%J", "%m", "%M", "%p", "%P", "%R", "%s",
        "%S", "%T", "%u", "%w", "%U", "%V", "%W", "%Y", "%%", "%Q", "-", " at ", "T",
    ];

    private static readonly string[] s_units = ["day", "days", "hour", "hours", "minute", "minutes", "second", "seconds", "month", "months", "year", "years", "week", "DAYS"];

    private readonly SqliteOracle _sqlite = new();

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Date_and_time_functions_match_sqlite()
    {
        int seed = StressScale.Seed(7100);
        var random = new Random(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            var arguments = new List<SqlValue> { TimeValue(random) };
            int modifiers = random.Next(4);
            for (int m = 0; m < modifiers; m++)
            {
                arguments.Add(SqlValue.FromText(Modifier(random)));
            }

            string name = s_functions[random.Next(s_functions.Length)];
            Check(runner, name, [.. arguments]);
            if (i % 3 == 0)
            {
                Check(runner, "strftime", [SqlValue.FromText(Format(random)), .. arguments]);
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Timediff_matches_sqlite_and_adding_it_back_gives_the_first_value()
    {
        int seed = StressScale.Seed(7200);
        var random = new Random(seed);
        var runner = new DifferentialRunner(seed);
        for (int i = 0; i < s_cases; i++)
        {
            SqlValue first = TimeValue(random);
            SqlValue second = random.Next(4) == 0 ? first : TimeValue(random);
            Check(runner, "timediff", [first, second]);
        }

        runner.AssertClean();
    }

    [Theory]
    [InlineData("SELECT timediff('2023-02-15', '2023-03-15')", "-0000-01-00 00:00:00.000")]
    [InlineData("SELECT timediff('2024-03-31 10:00:00', '2023-02-28 12:30:15.5')", "+0001-01-02 21:29:44.500")]
    [InlineData("SELECT datetime('2023-02-28 12:30:15.5', timediff('2024-03-31 10:00:00', '2023-02-28 12:30:15.5'))", "2024-03-31 10:00:00")]
    [InlineData("SELECT timediff('2024-01-01', '2024-01-01')", "+0000-00-00 00:00:00.000")]
    [InlineData("SELECT timediff('2060-03-01 11:52:17.36803', '-0003-09-30T08:52 -11:32')", "+2062-04-30 15:28:17.368")]
    [InlineData("SELECT strftime('%f', '17:41:21.27750')", "21.277")]
    [InlineData("SELECT date('2024-01-31', '+1 month')", "2024-03-02")]
    [InlineData("SELECT date('2024-01-31', '+1 month', 'floor')", "2024-02-29")]
    [InlineData("SELECT datetime(1700000000, 'unixepoch')", "2023-11-14 22:13:20")]
    [InlineData("SELECT datetime('2024-03-10T12:30:45.678Z', 'subsec')", "2024-03-10 12:30:45.678")]
    [InlineData("SELECT date('2023-02-31')", "2023-03-03")]
    [InlineData("SELECT strftime('%Y-%m-%d %H:%M:%S week %W day %j', '2024-12-31 23:59:59')", "2024-12-31 23:59:59 week 53 day 366")]
    [InlineData("SELECT date('2024-05-15', 'start of month', '+1 month', '-1 day')", "2024-05-31")]
    [InlineData("SELECT date('2024-05-15', 'weekday 0')", "2024-05-19")]
    [InlineData("SELECT time('12:00', '+01:30')", "13:30:00")]
    [InlineData("SELECT datetime('2024-01-01 10:00:00+02:00')", "2024-01-01 08:00:00")]
    public void Known_values(string sql, string expected)
    {
        using var engine = new SharpCoreDB.Tests.Engine.EngineHarness();
        Assert.Equal([expected], engine.Query(sql));
    }

    [Fact]
    public void Now_is_the_current_utc_time_and_invalid_values_are_null()
    {
        using var engine = new SharpCoreDB.Tests.Engine.EngineHarness();
        double before = (DateTime.UtcNow - DateTime.UnixEpoch).TotalSeconds;
        double now = double.Parse(engine.Query("SELECT unixepoch('now', 'subsec')")[0], CultureInfo.InvariantCulture);
        double after = (DateTime.UtcNow - DateTime.UnixEpoch).TotalSeconds;
        Assert.InRange(now, before - 0.002, after + 0.002);
        Assert.Equal(["NULL|NULL|NULL|NULL"], engine.Query("SELECT date('2024-13-01'), time('25:00'), datetime('now', '+1 fortnight'), strftime('%Q', 'now')"));

        // localtime then utc comes back to the same moment, whatever the machine's time zone.
        Assert.Equal(["2024-06-01 12:00:00"], engine.Query("SELECT datetime('2024-06-01 12:00:00', 'localtime', 'utc')"));
    }

    private void Check(DifferentialRunner runner, string name, SqlValue[] arguments)
    {
        string placeholders = string.Join(", ", Enumerable.Range(1, arguments.Length).Select(n => "?" + n.ToString(CultureInfo.InvariantCulture)));
        runner.Check(name, arguments, _sqlite.Query($"SELECT {name}({placeholders})", arguments), 0, () => ScalarFunctions.Resolve(name, arguments.Length).Invoke(arguments));
    }

    private static SqlValue TimeValue(Random random)
    {
        switch (random.Next(10))
        {
            case 0:
                return SqlValue.FromDouble((random.NextDouble() * 5_500_000) - 50_000);
            case 1:
                return SqlValue.FromInt64(random.Next(-100, 5_400_000));
            case 2:
                return SqlValue.FromInt64(random.NextInt64(-70_000_000_000, 260_000_000_000));
            case 3:
                return SqlValue.FromText(Time(random));
            case 4:
                return SqlValue.FromText(random.Next(3) switch { 0 => "garbage", 1 => "2024-1-1", _ => "  2451545.25  " });
            default:
                string date = Date(random);
                return SqlValue.FromText(random.Next(3) switch
                {
                    0 => date,
                    1 => date + " " + Time(random),
                    _ => date + "T" + Time(random),
                });
        }
    }

    private static string Date(Random random)
    {
        int year = random.Next(8) switch { 0 => random.Next(0, 10), 1 => 9999, _ => random.Next(1900, 2100) };
        string sign = random.Next(20) == 0 ? "-" : string.Empty;
        return FormattableString.Invariant($"{sign}{year:0000}-{random.Next(0, 14):00}-{random.Next(0, 33):00}");
    }

    private static string Time(Random random)
    {
        string time = FormattableString.Invariant($"{random.Next(0, 26):00}:{random.Next(0, 61):00}");
        time += random.Next(4) switch
        {
            0 => string.Empty,
            1 => FormattableString.Invariant($":{random.Next(0, 61):00}"),
            2 => FormattableString.Invariant($":{random.Next(0, 60):00}.{random.Next(0, 1000):000}"),
            _ => FormattableString.Invariant($":{random.Next(0, 60):00}.{random.Next(0, 100_000):00000}"),
        };
        return time + random.Next(6) switch
        {
            0 => "Z",
            1 => FormattableString.Invariant($"+{random.Next(0, 16):00}:{random.Next(0, 60):00}"),
            2 => FormattableString.Invariant($" -{random.Next(0, 16):00}:{random.Next(0, 60):00}"),
            _ => string.Empty,
        };
    }

    private static string Modifier(Random random)
    {
        double amount = random.Next(3) switch
        {
            0 => random.Next(-40, 40),
            1 => Math.Round((random.NextDouble() * 200) - 100, 3),
            _ => random.Next(-3000, 3000),
        };
        return random.Next(16) switch
        {
            < 5 => FormattableString.Invariant($"{(amount >= 0 && random.Next(2) == 0 ? "+" : string.Empty)}{amount} {s_units[random.Next(s_units.Length)]}"),
            5 => "start of " + (random.Next(4) switch { 0 => "month", 1 => "year", 2 => "day", _ => "week" }),
            6 => FormattableString.Invariant($"weekday {random.Next(0, 8)}"),
            7 => random.Next(2) == 0 ? "unixepoch" : "auto",
            8 => random.Next(2) == 0 ? "julianday" : "subsec",
            9 => random.Next(2) == 0 ? "floor" : "ceiling",
            10 => FormattableString.Invariant($"{(random.Next(2) == 0 ? "+" : "-")}{random.Next(0, 30):00}:{random.Next(0, 60):00}"),
            11 => FormattableString.Invariant($"-{random.Next(0, 25):00}:{random.Next(0, 60):00}:{random.Next(0, 60):00}.{random.Next(0, 1000):000}"),
            12 => FormattableString.Invariant($"{(random.Next(2) == 0 ? "+" : "-")}{random.Next(0, 30):0000}-{random.Next(0, 13):00}-{random.Next(0, 32):00}"),
            13 => FormattableString.Invariant($"+{random.Next(0, 3):0000}-{random.Next(0, 12):00}-{random.Next(0, 31):00} {random.Next(0, 24):00}:{random.Next(0, 60):00}"),
            14 => random.Next(2) == 0 ? "+1 fortnight" : "start of",
            _ => FormattableString.Invariant($"{amount}"),
        };
    }

    private static string Format(Random random)
    {
        int count = random.Next(1, 5);
        var parts = new string[count];
        for (int i = 0; i < count; i++)
        {
            parts[i] = s_fields[random.Next(s_fields.Length)];
        }

        return string.Concat(parts);
    }
}
