using SharpCoreDB.Benchmarks.Reporting;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>
/// The report a run saves (<c>rows.json</c>) rebuilds the same summary and the charts (<c>--redraw</c>), including
/// the log-scale scaling curve of a class with a Threads parameter.
/// </summary>
public sealed class ResultReportTests : IDisposable
{
    private static readonly System.Text.Json.JsonSerializerOptions NaNAllowed =
        new() { NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals };

    private readonly string _folder = Path.Combine(Path.GetTempPath(), "scdb-report-" + Guid.NewGuid().ToString("N"));

    /// <summary>Deletes the folder.</summary>
    public void Dispose()
    {
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    [Fact]
    public void A_saved_report_redraws_the_same_summary_and_its_scaling_chart()
    {
        var rows = new List<ResultRow>();
        foreach (int threads in new[] { 1, 4, 16, 50 })
        {
            rows.Add(Row("SQLite_WAL_Full", threads, 1_000_000.0 / threads, baseline: true));
            rows.Add(Row("SharpCoreDB_FullSync", threads, 200_000.0 / threads, baseline: false));
        }

        // A case measured once has no error interval.
        rows.Add(Row("SharpCoreDB_Async", 1, 10_000, baseline: false) with { ErrorNanoseconds = double.NaN });

        Directory.CreateDirectory(_folder);
        File.WriteAllText(
            Path.Combine(_folder, "rows.json"),
            System.Text.Json.JsonSerializer.Serialize(
                new SavedReport("# header\n", rows, ["a failed case"], ["a note"]),
                NaNAllowed));

        IReadOnlyList<string> first = ResultReport.Load(_folder).WriteTo(_folder);
        string summary = File.ReadAllText(Path.Combine(_folder, "summary.md"));
        IReadOnlyList<string> second = ResultReport.Load(_folder).WriteTo(_folder);

        Assert.Equal(summary, File.ReadAllText(Path.Combine(_folder, "summary.md")));
        Assert.Equal(first, second);
        Assert.Contains("| SharpCoreDB_FullSync | 50.000 µs | ±1.000 µs | 0 B | 0.20 | 20,000 |", summary, StringComparison.Ordinal);
        Assert.Contains("| SharpCoreDB_Async | 10.000 µs | – |", summary, StringComparison.Ordinal);
        Assert.Contains("- a note", summary, StringComparison.Ordinal);
        Assert.Contains("- a failed case", summary, StringComparison.Ordinal);
        Assert.Contains(first, f => Path.GetFileName(f) == "ContenderCommitBenchmarks-scaling-Commit-Batch-1.png" && new FileInfo(f).Length > 0);
    }

    private static ResultRow Row(string contender, int threads, double meanNanoseconds, bool baseline) => new(
        "ContenderCommitBenchmarks",
        "Commit",
        $"Commit (Threads={threads}, Batch=1)",
        contender,
        new Dictionary<string, string> { ["Contender"] = contender, ["Threads"] = threads.ToString(System.Globalization.CultureInfo.InvariantCulture), ["Batch"] = "1" },
        meanNanoseconds,
        1_000,
        0,
        baseline);
}
