using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.Reporting;

/// <summary>
/// The run's results for readers: built from BenchmarkDotNet's <see cref="Summary"/> objects (never from its text
/// output), written as one markdown file (per scenario, each contender's mean, allocation, ratio to SQLite WAL and
/// throughput) and the charts of <see cref="ResultCharts"/>.
/// </summary>
internal sealed class ResultReport
{
    private const string ContenderParameter = "Contender";
    private const string SavedFile = "rows.json";

    // A case with a single iteration has no error interval (NaN), which JSON has no number for.
    private static readonly JsonSerializerOptions JsonOptions = new() { WriteIndented = true, NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals };

    private readonly List<ResultRow> _rows;
    private readonly List<string> _failed;
    private readonly string _header;
    private readonly IReadOnlyCollection<string> _notes;

    private ResultReport(List<ResultRow> rows, List<string> failed, string header, IReadOnlyCollection<string> notes)
    {
        _rows = rows;
        _failed = failed;
        _header = header;
        _notes = notes;
    }

    /// <summary>The rows, in the order BenchmarkDotNet reported them.</summary>
    public IReadOnlyList<ResultRow> Rows => _rows;

    /// <summary>Collects the rows of every summary.</summary>
    /// <param name="summaries">The summaries of the run.</param>
    /// <param name="job">A sentence on the job when the run used <c>--quick</c> or <c>--publish</c>, else null (the classes' own jobs).</param>
    /// <param name="tiny">True when the run used tiny parameters.</param>
    /// <param name="notes">Notes the benchmarks recorded.</param>
    /// <returns>The report.</returns>
    public static ResultReport From(IEnumerable<Summary> summaries, string? job, bool tiny, IReadOnlyCollection<string> notes)
    {
        ArgumentNullException.ThrowIfNull(summaries);
        var rows = new List<ResultRow>();
        var failed = new List<string>();
        string environment = "unknown machine";
        foreach (Summary summary in summaries)
        {
            environment = $"{summary.HostEnvironmentInfo.OsVersion.Value}, {summary.HostEnvironmentInfo.CpuInfo.Value?.ProcessorName ?? "unknown CPU"}, " +
                $"{Environment.ProcessorCount} logical cores, .NET {Environment.Version}";
            foreach (BenchmarkReport report in summary.Reports)
            {
                BenchmarkCase benchmark = report.BenchmarkCase;
                if (report.ResultStatistics is null)
                {
                    failed.Add(benchmark.DisplayInfo);
                    continue;
                }

                rows.Add(ToRow(benchmark, report));
            }
        }

        var header = new StringBuilder();
        header.AppendLine("# SharpCoreDB benchmark summary");
        header.AppendLine();
        header.AppendLine(CultureInfo.InvariantCulture, $"Run {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC on {environment}.");
        if (tiny)
        {
            header.AppendLine();
            header.AppendLine("**Tiny run** (`--tiny`): small record counts and invocations, to check that the suites work. These figures are not per-operation figures; do not compare or publish them.");
        }
        else if (job is not null)
        {
            header.AppendLine();
            header.AppendLine(job);
        }

        return new ResultReport(rows, failed, header.ToString(), notes);
    }

    /// <summary>Writes <c>summary.md</c> and the charts into <paramref name="folder"/> (created when missing).</summary>
    /// <param name="folder">The output folder.</param>
    /// <returns>The files written.</returns>
    public IReadOnlyList<string> WriteTo(string folder)
    {
        Directory.CreateDirectory(folder);
        var written = new List<string>();
        string markdownPath = Path.Combine(folder, "summary.md");
        var charts = ResultCharts.Draw(this, folder);
        File.WriteAllText(markdownPath, Markdown(charts, folder));
        written.Add(markdownPath);
        written.AddRange(charts);
        string savedPath = Path.Combine(folder, SavedFile);
        File.WriteAllText(savedPath, JsonSerializer.Serialize(new SavedReport(_header, _rows, _failed, [.. _notes]), JsonOptions));
        written.Add(savedPath);
        return written;
    }

    /// <summary>Reads the report a run saved in <paramref name="folder"/> (its <c>rows.json</c>).</summary>
    /// <param name="folder">The folder a run wrote.</param>
    /// <returns>The report, ready to be written again.</returns>
    /// <exception cref="InvalidDataException">The folder holds no saved report.</exception>
    public static ResultReport Load(string folder)
    {
        string path = Path.Combine(folder, SavedFile);
        SavedReport saved = JsonSerializer.Deserialize<SavedReport>(File.ReadAllText(path), JsonOptions)
            ?? throw new InvalidDataException($"{path} holds no report.");
        return new ResultReport(saved.Rows, saved.Failed, saved.Header, saved.Notes);
    }

    /// <summary>The markdown text.</summary>
    /// <param name="charts">The chart files to link.</param>
    /// <param name="folder">The folder the markdown goes into (charts are linked relative to it).</param>
    /// <returns>The markdown.</returns>
    public string Markdown(IReadOnlyList<string> charts, string folder)
    {
        var text = new StringBuilder(_header);
        foreach (IGrouping<string, ResultRow> suite in _rows.GroupBy(r => r.Suite))
        {
            text.AppendLine();
            text.AppendLine(CultureInfo.InvariantCulture, $"## {suite.Key}");
            foreach (string chart in charts.Where(c => Path.GetFileName(c).StartsWith(suite.Key + "-", StringComparison.Ordinal)))
            {
                text.AppendLine();
                text.AppendLine(CultureInfo.InvariantCulture, $"![{Path.GetFileNameWithoutExtension(chart)}]({Path.GetRelativePath(folder, chart).Replace('\\', '/')})");
            }

            foreach (IGrouping<string, ResultRow> scenario in suite.GroupBy(r => r.Scenario))
            {
                text.AppendLine();
                text.AppendLine(CultureInfo.InvariantCulture, $"### {scenario.Key}");
                text.AppendLine();
                bool megabytes = scenario.First().Parameters.ContainsKey("ValueBytes");
                text.AppendLine(megabytes
                    ? "| Contender | Mean | Error | Allocated | Ratio to baseline | MB/s |"
                    : "| Contender | Mean | Error | Allocated | Ratio to baseline | Operations/s |");
                text.AppendLine("|---|---:|---:|---:|---:|---:|");
                ResultRow? baseline = BaselineOf(scenario);
                foreach (ResultRow row in scenario)
                {
                    string ratio = baseline is null ? "–" : (row.MeanNanoseconds / baseline.MeanNanoseconds).ToString("0.00", CultureInfo.InvariantCulture);
                    string name = row.IsBaseline ? $"**{row.Contender}** (baseline)" : row.Contender;
                    text.AppendLine(CultureInfo.InvariantCulture, $"| {name} | {FormatTime(row.MeanNanoseconds)} | {FormatError(row.ErrorNanoseconds)} | {FormatBytes(row.AllocatedBytes)} | {ratio} | {Throughput(row, megabytes)} |");
                }
            }
        }

        if (_notes.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Notes recorded during the run");
            text.AppendLine();
            foreach (string note in _notes)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"- {note}");
            }
        }

        if (_failed.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Cases without a result (failed or not run)");
            text.AppendLine();
            foreach (string failed in _failed)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"- {failed}");
            }
        }

        return text.ToString();
    }

    /// <summary>The case the ratios of a scenario are taken against: SQLite WAL, or the class's baseline method.</summary>
    /// <param name="scenario">The rows of one scenario.</param>
    /// <returns>The baseline row, or null when the scenario has none.</returns>
    public static ResultRow? BaselineOf(IEnumerable<ResultRow> scenario) => scenario.FirstOrDefault(r => r.IsBaseline);

    private static ResultRow ToRow(BenchmarkCase benchmark, BenchmarkReport report)
    {
        var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var item in benchmark.Parameters.Items)
        {
            parameters[item.Name] = Convert.ToString(item.Value, CultureInfo.InvariantCulture) ?? "null";
        }

        // The display name: a class may show two methods under one name (see ContenderCommitBenchmarks.CommitFew).
        string method = benchmark.Descriptor.WorkloadMethodDisplayInfo;
        bool hasContender = parameters.TryGetValue(ContenderParameter, out string? contender);
        string others = string.Join(", ", parameters.Where(p => p.Key != ContenderParameter).Select(p => $"{p.Key}={p.Value}"));
        // Without a contender parameter the methods are the contenders, grouped by their categories (each category has
        // its own baseline method, as BenchmarkDotNet's ratio column takes it), so a category is a scenario of its own.
        string categories = string.Join(", ", benchmark.Descriptor.Categories);
        string grouping = categories.Length == 0 ? "all" : categories;
        string scenario = hasContender
            ? (others.Length == 0 ? method : $"{method} ({others})")
            : (others.Length == 0 ? grouping : categories.Length == 0 ? others : $"{categories} ({others})");
        bool baseline = hasContender
            ? contender == ContenderFacts.Baseline.ToString()
            : benchmark.Descriptor.Baseline;
        return new ResultRow(
            benchmark.Descriptor.Type.Name,
            method,
            scenario,
            hasContender ? contender! : method,
            parameters,
            report.ResultStatistics!.Mean,
            report.ResultStatistics.ConfidenceInterval.Margin,
            report.GcStats.GetBytesAllocatedPerOperation(benchmark),
            baseline);
    }

    private static string Throughput(ResultRow row, bool megabytes)
    {
        if (megabytes && int.TryParse(row.Parameters["ValueBytes"], NumberStyles.Integer, CultureInfo.InvariantCulture, out int bytes))
        {
            // bytes per nanosecond * 1e9 / 1e6 = MB/s (decimal megabytes).
            return (bytes / row.MeanNanoseconds * 1_000).ToString("N1", CultureInfo.InvariantCulture);
        }

        return (1e9 / row.MeanNanoseconds).ToString("N0", CultureInfo.InvariantCulture);
    }

    private static string FormatTime(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => (nanoseconds / 1e9).ToString("0.000 's'", CultureInfo.InvariantCulture),
        >= 1e6 => (nanoseconds / 1e6).ToString("0.000 'ms'", CultureInfo.InvariantCulture),
        >= 1e3 => (nanoseconds / 1e3).ToString("0.000 'µs'", CultureInfo.InvariantCulture),
        _ => nanoseconds.ToString("0.0 'ns'", CultureInfo.InvariantCulture),
    };

    // A case with too few iterations for an interval (a single one) has none.
    private static string FormatError(double nanoseconds) => double.IsFinite(nanoseconds) ? "±" + FormatTime(nanoseconds) : "–";

    private static string FormatBytes(long? bytes) => bytes switch
    {
        null => "–",
        >= 1024 * 1024 => (bytes.Value / (1024.0 * 1024)).ToString("0.0 'MiB'", CultureInfo.InvariantCulture),
        >= 1024 => (bytes.Value / 1024.0).ToString("0.0 'KiB'", CultureInfo.InvariantCulture),
        _ => bytes.Value.ToString(CultureInfo.InvariantCulture) + " B",
    };
}
