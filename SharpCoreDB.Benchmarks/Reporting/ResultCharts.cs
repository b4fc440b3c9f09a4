using System.Globalization;
using ScottPlot;

namespace SharpCoreDB.Benchmarks.Reporting;

/// <summary>
/// The charts of a run, drawn with ScottPlot into PNG files: per benchmark class a bar chart of each contender's
/// ratio to the baseline (the geometric mean over the class's scenarios, so one slow scenario does not hide the
/// rest), and for every class with a <c>Threads</c> parameter a scaling curve (operations per second against threads,
/// one line per contender) for each combination of its other parameters, such as the group-commit curve per batch size.
/// </summary>
internal static class ResultCharts
{
    private const int Width = 1000;
    private const int Height = 600;

    /// <summary>Draws every chart of <paramref name="report"/> into <paramref name="folder"/>.</summary>
    /// <param name="report">The report.</param>
    /// <param name="folder">The output folder.</param>
    /// <returns>The files written.</returns>
    public static IReadOnlyList<string> Draw(ResultReport report, string folder)
    {
        ArgumentNullException.ThrowIfNull(report);
        var files = new List<string>();
        foreach (IGrouping<string, ResultRow> suite in report.Rows.GroupBy(r => r.Suite))
        {
            string? ratios = DrawRatios(suite.Key, [.. suite], folder);
            if (ratios is not null)
            {
                files.Add(ratios);
            }

            files.AddRange(DrawScaling(suite.Key, [.. suite], folder));
        }

        return files;
    }

    private static string? DrawRatios(string suite, List<ResultRow> rows, string folder)
    {
        // contender -> sum of log ratios and count, over the scenarios that have a baseline.
        var logSums = new Dictionary<string, (double Sum, int Count)>(StringComparer.Ordinal);
        var order = new List<string>();
        foreach (IGrouping<string, ResultRow> scenario in rows.GroupBy(r => r.Scenario))
        {
            ResultRow? baseline = ResultReport.BaselineOf(scenario);
            if (baseline is null)
            {
                continue;
            }

            foreach (ResultRow row in scenario)
            {
                if (!logSums.TryGetValue(row.Contender, out var sum))
                {
                    order.Add(row.Contender);
                }

                logSums[row.Contender] = (sum.Sum + Math.Log(row.MeanNanoseconds / baseline.MeanNanoseconds), sum.Count + 1);
            }
        }

        if (order.Count == 0)
        {
            return null;
        }

        var plot = new Plot();
        var bars = new List<Bar>();
        var ticks = new Tick[order.Count];
        for (int i = 0; i < order.Count; i++)
        {
            (double sum, int count) = logSums[order[i]];
            double ratio = Math.Exp(sum / count);
            bars.Add(new Bar
            {
                Position = i,
                Value = ratio,
                Label = ratio.ToString("0.00", CultureInfo.InvariantCulture),
                FillColor = ratio <= 1.0 ? Colors.SeaGreen : Colors.IndianRed,
            });
            ticks[i] = new Tick(i, order[i]);
        }

        var barPlot = plot.Add.Bars(bars);
        barPlot.ValueLabelStyle.FontSize = 12;
        plot.Add.HorizontalLine(1.0, 1, Colors.Black, LinePattern.Dashed);
        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(ticks);
        plot.Axes.Bottom.TickLabelStyle.Rotation = 30;
        plot.Axes.Bottom.TickLabelStyle.Alignment = Alignment.MiddleLeft;
        plot.Axes.Bottom.MinimumSize = 150;
        plot.Axes.Margins(bottom: 0);
        plot.Axes.Left.Label.Text = "time ÷ baseline (geometric mean; lower is better)";
        plot.Title($"{suite}: ratio to the baseline");
        string path = Path.Combine(folder, $"{suite}-ratios.png");
        plot.SavePng(path, Width, Height);
        return path;
    }

    private static List<string> DrawScaling(string suite, List<ResultRow> rows, string folder)
    {
        var files = new List<string>();
        if (rows.Count == 0 || !rows[0].Parameters.ContainsKey("Threads"))
        {
            return files;
        }

        // One chart per method and combination of the parameters other than Threads and the contender. Both axes are
        // logarithmic: commits per second span three orders of magnitude between a Legacy fsync per commit and group
        // commit at 50 threads, and 1, 4, 16, 50 threads are evenly spaced on a log scale.
        foreach (IGrouping<string, ResultRow> chart in rows.GroupBy(r => ChartKey(r)))
        {
            // Eleven contenders: a 20-colour palette keeps every line its own colour.
            var plot = new Plot();
            plot.Add.Palette = new ScottPlot.Palettes.Category20();
            double low = double.MaxValue;
            double high = double.MinValue;
            var threadCounts = new SortedSet<int>();
            foreach (IGrouping<string, ResultRow> line in chart.GroupBy(r => r.Contender))
            {
                ResultRow[] points = [.. line.OrderBy(r => ThreadsOf(r))];
                double[] threads = [.. points.Select(r => Math.Log10(ThreadsOf(r)))];
                double[] perSecond = [.. points.Select(r => Math.Log10(1e9 / r.MeanNanoseconds))];
                foreach (ResultRow point in points)
                {
                    threadCounts.Add(ThreadsOf(point));
                }

                low = Math.Min(low, perSecond.Min());
                high = Math.Max(high, perSecond.Max());
                var scatter = plot.Add.Scatter(threads, perSecond);
                scatter.LegendText = line.Key;
                scatter.MarkerSize = 7;
            }

            plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
                [.. threadCounts.Select(t => new Tick(Math.Log10(t), t.ToString(CultureInfo.InvariantCulture)))]);
            plot.Axes.Left.TickGenerator = new ScottPlot.TickGenerators.NumericManual(LogTicks(low, high));
            plot.Axes.Bottom.Label.Text = "threads (log scale)";
            plot.Axes.Left.Label.Text = "operations per second, log scale (commits for the commit suites)";
            plot.Title($"{suite}: {chart.Key}");
            plot.ShowLegend(Edge.Right);
            string name = string.Concat(chart.Key.Select(c => char.IsLetterOrDigit(c) ? c : '-')).Trim('-');
            string path = Path.Combine(folder, $"{suite}-scaling-{name}.png");
            plot.SavePng(path, Width, Height);
            files.Add(path);
        }

        return files;
    }

    // With a Contender parameter, a chart per method (its lines are the contenders); without one, the methods are
    // the contenders, so they share a chart.
    private static string ChartKey(ResultRow row)
    {
        var others = row.Parameters.Where(p => p.Key is not "Threads" and not "Contender").Select(p => $"{p.Key}={p.Value}");
        string rest = string.Join(" ", others);
        string head = row.Parameters.ContainsKey("Contender") ? row.Method : "all";
        return rest.Length == 0 ? head : $"{head} {rest}";
    }

    // Ticks at 1, 2 and 5 times each power of ten between two log10 values (the plotted coordinates), labelled with
    // the value itself.
    private static Tick[] LogTicks(double lowLog, double highLog)
    {
        var ticks = new List<Tick>();
        for (int exponent = (int)Math.Floor(lowLog); exponent <= (int)Math.Ceiling(highLog); exponent++)
        {
            foreach (int step in (ReadOnlySpan<int>)[1, 2, 5])
            {
                double value = step * Math.Pow(10, exponent);
                double position = Math.Log10(value);
                if (position >= lowLog - 0.2 && position <= highLog + 0.2)
                {
                    ticks.Add(new Tick(position, value.ToString("#,0.###", CultureInfo.InvariantCulture)));
                }
            }
        }

        return [.. ticks];
    }

    private static int ThreadsOf(ResultRow row) => int.Parse(row.Parameters["Threads"], CultureInfo.InvariantCulture);
}
