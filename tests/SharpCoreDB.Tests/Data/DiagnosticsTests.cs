using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace SharpCoreDB.Tests.Data;

/// <summary>The "SharpCoreDB" ActivitySource and Meter fire, with OpenTelemetry's database attributes.</summary>
[Collection(nameof(DiagnosticsTests))]
public sealed class DiagnosticsTests : IDisposable
{
    private readonly TempDatabase _temp = new();
    private readonly ConcurrentQueue<Activity> _stopped = new();
    private readonly ActivityListener _listener;

    public DiagnosticsTests()
    {
        _listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == SharpCoreDBDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity => _stopped.Enqueue(activity),
        };
        ActivitySource.AddActivityListener(_listener);
    }

    public void Dispose()
    {
        _listener.Dispose();
        _temp.Dispose();
    }

    [Fact]
    public void Each_command_emits_one_client_span_with_the_database_attributes()
    {
        using (var connection = new SharpCoreDBConnection(_temp.ConnectionString()))
        {
            connection.Open();
            ConnectionTests.Execute(connection, "CREATE TABLE t(x INTEGER)");
            ConnectionTests.Execute(connection, "INSERT INTO t VALUES (1), (2)");
        }

        Activity[] spans = Spans();
        Assert.Equal(2, spans.Length);
        Activity insert = spans[1];
        Assert.Equal(ActivityKind.Client, insert.Kind);
        Assert.Equal("INSERT " + _temp.Path, insert.DisplayName);
        Assert.Equal("sharpcoredb", insert.GetTagItem("db.system.name"));
        Assert.Equal(_temp.Path, insert.GetTagItem("db.namespace"));
        Assert.Equal("INSERT", insert.GetTagItem("db.operation.name"));
        Assert.Null(insert.GetTagItem("db.query.text"));
        Assert.Equal(ActivityStatusCode.Unset, insert.Status);
    }

    [Fact]
    public void A_reader_span_ends_when_the_reader_closes_and_is_not_left_current()
    {
        using var connection = new SharpCoreDBConnection(_temp.ConnectionString());
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT 1 UNION ALL SELECT 2";
        Activity? before = Activity.Current;
        using (var reader = command.ExecuteReader())
        {
            Assert.Same(before, Activity.Current);
            Assert.True(reader.Read());
            Assert.Empty(Spans());
        }

        Assert.Equal("SELECT", Assert.Single(Spans()).GetTagItem("db.operation.name"));
    }

    [Fact]
    public async Task A_failing_command_marks_its_span_with_the_error_code()
    {
        using var connection = new SharpCoreDBConnection(_temp.ConnectionString());
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT * FROM missing";
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteReader());
        command.CommandText = "INSERT INTO missing VALUES (1)";
        await Assert.ThrowsAsync<SharpCoreDBException>(() => command.ExecuteNonQueryAsync());

        Activity[] spans = Spans();
        Assert.Equal(2, spans.Length);
        Assert.All(spans, span => Assert.Equal(ActivityStatusCode.Error, span.Status));
        Assert.Equal(error.ErrorCode.ToString(), spans[0].GetTagItem("error.type"));
        Assert.Equal(((int)error.ErrorCode).ToString(System.Globalization.CultureInfo.InvariantCulture), spans[0].GetTagItem("db.response.status_code"));
    }

    [Fact]
    public void Query_text_is_recorded_only_when_opted_in_and_batches_are_named_BATCH()
    {
        using var connection = new SharpCoreDBConnection(_temp.ConnectionString());
        connection.Open();
        SharpCoreDBDiagnostics.IncludeQueryText = true;
        try
        {
            ConnectionTests.Execute(connection, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
        }
        finally
        {
            SharpCoreDBDiagnostics.IncludeQueryText = false;
        }

        Activity span = Assert.Single(Spans());
        Assert.Equal("CREATE TABLE t(x); INSERT INTO t VALUES (1)", span.GetTagItem("db.query.text"));
        Assert.Equal("BATCH", span.GetTagItem("db.operation.name"));
        Assert.Equal(2, span.GetTagItem("db.operation.batch.size"));
    }

    [Fact]
    public void Meter_reports_the_pools_idle_databases()
    {
        long? idle = null;
        using var meters = new MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == SharpCoreDBDiagnostics.MeterName && instrument.Name == "sharpcoredb.pool.idle")
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        meters.SetMeasurementEventCallback<int>((_, value, _, _) => idle = value);
        meters.Start();

        var connection = new SharpCoreDBConnection(_temp.ConnectionString("Pooling=True"));
        connection.Open();
        connection.Close();

        // The closed connection's database stays open, idle, in the pool.
        meters.RecordObservableInstruments();
        Assert.NotNull(idle);
        Assert.True(idle >= 1, $"idle pooled databases: {idle}");
        SharpCoreDBConnection.ClearPool(connection);
        connection.Dispose();
    }

    [Fact]
    public void Meter_reports_commits_groups_syncs_cache_log_size_open_databases_and_checkpoints()
    {
        var values = new ConcurrentDictionary<string, double>();
        var seen = new ConcurrentDictionary<string, int>();
        using var meters = new MeterListener
        {
            InstrumentPublished = (instrument, listener) =>
            {
                if (instrument.Meter.Name == SharpCoreDBDiagnostics.MeterName)
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            },
        };
        void Record(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            bool ours = instrument.Name == "sharpcoredb.databases.open";
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                ours |= tag.Key == "db.namespace" && Equals(tag.Value, _temp.Path);
            }

            if (ours)
            {
                seen.AddOrUpdate(instrument.Name, 1, (_, n) => n + 1);
                values.AddOrUpdate(instrument.Name, value, (_, sum) => instrument is ObservableInstrument<long> or ObservableInstrument<int> ? value : sum + value);
            }
        }

        meters.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Record(instrument, value, tags));
        meters.SetMeasurementEventCallback<int>((instrument, value, tags, _) => Record(instrument, value, tags));
        meters.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Record(instrument, value, tags));
        meters.Start();

        // Not pooled: closing the last connection then checkpoints and closes the database.
        using (var connection = new SharpCoreDBConnection(_temp.ConnectionString("Pooling=False")))
        {
            connection.Open();
            ConnectionTests.Execute(connection, "CREATE TABLE t(x INTEGER)");
            for (int i = 0; i < 5; i++)
            {
                ConnectionTests.Execute(connection, $"INSERT INTO t VALUES ({i})");
            }

            ConnectionTests.Execute(connection, "SELECT count(*) FROM t");
            meters.RecordObservableInstruments();
            Assert.Equal(6, values["sharpcoredb.commits"]);
            Assert.True(values["sharpcoredb.wal.size"] > 0);
            Assert.True(values["sharpcoredb.page_cache.hits"] + values["sharpcoredb.page_cache.misses"] > 0);
            Assert.True(values["sharpcoredb.databases.open"] >= 1);
        }

        // The log worker reports a group after releasing its committers; closing waits for it to finish. Closing the
        // last connection also checkpoints the log into the file.
        Assert.Equal(6, values["sharpcoredb.wal.group.size"]);
        Assert.Equal(seen["sharpcoredb.wal.group.size"], seen["sharpcoredb.wal.sync.duration"]);
        Assert.True(values["sharpcoredb.wal.sync.duration"] >= 0);
        Assert.Equal(1, seen["sharpcoredb.checkpoints"]);
        Assert.True(values["sharpcoredb.checkpoint.pages"] > 0);
    }

    // The stopped spans of this test's database, oldest first (other tests run their own commands meanwhile).
    private Activity[] Spans() => [.. _stopped.Where(a => Equals(a.GetTagItem("db.namespace"), _temp.Path))];
}
