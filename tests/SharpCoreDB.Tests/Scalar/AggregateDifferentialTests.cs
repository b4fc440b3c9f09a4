using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

public sealed class AggregateDifferentialTests : IDisposable
{
    private static readonly int s_groups = StressScale.Cases(400);

    private static readonly (string Sql, string Name, int Arguments, bool Distinct)[] s_aggregates =
    [
        ("count(x)", "count", 1, false),
        ("count(*)", "count", 0, false),
        ("sum(x)", "sum", 1, false),
        ("total(x)", "total", 1, false),
        ("avg(x)", "avg", 1, false),
        ("min(x)", "min", 1, false),
        ("max(x)", "max", 1, false),
        ("group_concat(x)", "group_concat", 1, false),
        ("group_concat(x, s)", "group_concat", 2, false),
        ("string_agg(x, s)", "string_agg", 2, false),
        ("count(DISTINCT x)", "count", 1, true),
        ("sum(DISTINCT x)", "sum", 1, true),
        ("total(DISTINCT x)", "total", 1, true),
        ("group_concat(DISTINCT x)", "group_concat", 1, true),
    ];

    private readonly SqliteOracle _sqlite = new();

    public AggregateDifferentialTests()
    {
        _sqlite.Execute("CREATE TABLE g(id INTEGER PRIMARY KEY, x, s)");
    }

    public void Dispose() => _sqlite.Dispose();

    [Fact]
    public void Aggregates_match_sqlite_on_random_groups()
    {
        int seed = StressScale.Seed(6000);
        var values = new RandomValues(seed);
        var runner = new DifferentialRunner(seed);

        // One accumulator per aggregate, reset between groups, as the executor uses them.
        AggregateAccumulator[] accumulators = s_aggregates.Select(a => AggregateFunctions.Create(a.Name, a.Arguments, a.Distinct)).ToArray();
        for (int group = 0; group < s_groups; group++)
        {
            _sqlite.Execute("DELETE FROM g");
            foreach (AggregateAccumulator accumulator in accumulators)
            {
                accumulator.Reset();
            }

            int rows = values.Random.Next(0, 8);
            var fed = new List<SqlValue>();
            int mode = values.Random.Next(4);
            for (int r = 0; r < rows; r++)
            {
                SqlValue x = mode switch
                {
                    0 => values.Next(),
                    1 => values.NextNumberOrNull(),
                    2 => SqlValue.FromInt64(values.Random.Next(3) == 0 ? long.MaxValue - values.Random.Next(3) : values.NextInteger()),
                    _ => values.Random.Next(3) == 0 ? SqlValue.FromText(values.NextText()) : values.NextNumberOrNull(),
                };
                SqlValue s = values.Random.Next(6) == 0 ? SqlValue.Null : SqlValue.FromText(values.Word(values.Random.Next(0, 3), ";-"));
                _sqlite.Execute("INSERT INTO g(id, x, s) VALUES (?1, ?2, ?3)", SqlValue.FromInt64(r), x, s);
                fed.Add(x);
                SqlValue[] arguments = [x, s];
                for (int a = 0; a < accumulators.Length; a++)
                {
                    accumulators[a].Step(arguments.AsSpan(0, s_aggregates[a].Arguments));
                }
            }

            // Each aggregate gets its own query: one overflow error must not hide the other results.
            for (int a = 0; a < s_aggregates.Length; a++)
            {
                AggregateAccumulator accumulator = accumulators[a];
                OracleRow row = _sqlite.Query("SELECT " + s_aggregates[a].Sql + " FROM (SELECT x, s FROM g ORDER BY id)");
                runner.Check(s_aggregates[a].Sql, fed.ToArray(), row, 0, accumulator.Result);
            }
        }

        runner.AssertClean();
    }

    [Fact]
    public void Group_concat_joins_blob_bytes_before_decoding()
    {
        // A UTF-8 sequence split across two blobs (DD | AF) must come together as one character, as in SQLite.
        SqlValue[] rows = [SqlValue.FromText("a"), SqlValue.FromBlob([0x44, 0xDD]), SqlValue.FromBlob([0xAF, 0x41]), SqlValue.FromInt64(7)];
        _sqlite.Execute("DELETE FROM g");
        AggregateAccumulator accumulator = AggregateFunctions.Create("group_concat", 2, distinct: false);
        for (int r = 0; r < rows.Length; r++)
        {
            SqlValue separator = r == 2 ? SqlValue.FromBlob([]) : SqlValue.FromText(";");
            _sqlite.Execute("INSERT INTO g(id, x, s) VALUES (?1, ?2, ?3)", SqlValue.FromInt64(r), rows[r], separator);
            accumulator.Step([rows[r], separator]);
        }

        SqlValue expected = _sqlite.Scalar("SELECT group_concat(x, s) FROM (SELECT x, s FROM g ORDER BY id)");
        Assert.Equal(expected.AsText(), accumulator.Result().AsText());
    }

    [Fact]
    public void Sum_of_integers_that_overflows_is_an_error_but_total_is_not()
    {
        AggregateAccumulator sum = AggregateFunctions.Create("sum", 1, distinct: false);
        AggregateAccumulator total = AggregateFunctions.Create("TOTAL", 1, distinct: false);
        foreach (AggregateAccumulator accumulator in new[] { sum, total })
        {
            accumulator.Step([SqlValue.FromInt64(long.MaxValue)]);
            accumulator.Step([SqlValue.FromInt64(1)]);
        }

        var error = Assert.Throws<SharpCoreDBException>(() => sum.Result());
        Assert.Equal("integer overflow", error.Message);
        Assert.Equal(9223372036854775808.0, total.Result().AsDouble());
    }

    [Fact]
    public void Empty_groups_give_sqlite_defaults()
    {
        Assert.True(AggregateFunctions.Create("sum", 1, false).Result().IsNull);
        Assert.True(AggregateFunctions.Create("avg", 1, false).Result().IsNull);
        Assert.Equal(0.0, AggregateFunctions.Create("total", 1, false).Result().AsDouble());
        Assert.Equal(0, AggregateFunctions.CreateCountStar().Result().AsInt64());
        Assert.True(AggregateFunctions.Create("group_concat", 1, false).Result().IsNull);
        Assert.True(AggregateFunctions.Create("max", 1, false).Result().IsNull);
    }

    [Fact]
    public void Distinct_treats_integer_and_equal_real_as_one_value()
    {
        AggregateAccumulator count = AggregateFunctions.Create("count", 1, distinct: true);
        count.Step([SqlValue.FromInt64(1)]);
        count.Step([SqlValue.FromDouble(1.0)]);
        count.Step([SqlValue.FromText("1")]);
        count.Step([SqlValue.Null]);
        Assert.Equal(2, count.Result().AsInt64());
        count.Reset();
        Assert.Equal(0, count.Result().AsInt64());
    }

    [Fact]
    public void Aggregate_calls_are_told_from_scalar_calls()
    {
        Assert.True(AggregateFunctions.IsAggregate("max", 1));
        Assert.False(AggregateFunctions.IsAggregate("max", 2));
        Assert.True(AggregateFunctions.IsAggregate("COUNT", 0));
        Assert.False(AggregateFunctions.IsAggregate("upper", 1));
        var error = Assert.Throws<SharpCoreDBException>(() => AggregateFunctions.Create("group_concat", 2, distinct: true));
        Assert.Equal("DISTINCT aggregates must have exactly one argument", error.Message);
    }
}
