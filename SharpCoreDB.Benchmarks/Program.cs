using BenchmarkDotNet.Configs;
using Perfolizer.Horology;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using SharpCoreDB.Benchmarks.Reporting;
using SharpCoreDB.Benchmarks.Suites;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks;

/// <summary>
/// Entry point. Suites are chosen with flags from <see cref="SuiteRegistry"/> (<c>--list</c> prints them), so
/// <c>dotnet run -c Release --project SharpCoreDB.Benchmarks -- --crud --quick</c> runs the CRUD suite with a short
/// job; any other BenchmarkDotNet argument (<c>--filter</c>, <c>--job</c>, <c>--exporters</c>, ...) passes through.
/// Options of this program: <c>--quick</c> (a short job for any suite), <c>--tiny</c> (tiny parameters, to check that
/// the suites work; not for figures), <c>--out DIR</c> (where the markdown summary and charts go; default
/// <c>BenchmarkDotNet.Artifacts/summary</c>), <c>--threads LIST</c> and <c>--batch LIST</c> (only the cases with those
/// parameter values, such as the 50-thread end of the group-commit curve: <c>--group-commit --threads 50 --batch 1</c>).
/// </summary>
internal static class Program
{
    public static int Main(string[] args)
    {
        // A child started by the maintenance suite to measure one engine's peak memory alone.
        if (args.Length > 0 && args[0] == Maintenance.MaintenancePeak.Flag)
        {
            return Maintenance.MaintenancePeak.RunChild(args, Maintenance.MaintenanceBenchmarks.CacheBytes);
        }

        var passThrough = new List<string>();
        var filters = new List<string>();
        var after = new List<Action>();
        bool quick = false;
        bool publish = false;
        var selections = new List<ParameterSelection>();
        string outFolder = Path.Combine("BenchmarkDotNet.Artifacts", "summary");
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            BenchmarkSuite? suite = SuiteRegistry.Find(arg);
            if (suite is not null)
            {
                filters.AddRange(suite.Filters);
                if (suite.After is not null && !after.Contains(suite.After))
                {
                    after.Add(suite.After);
                }
            }
            else if (IsFlag(arg, "--help") || (IsFlag(arg, "--list") && (i + 1 == args.Length || args[i + 1].StartsWith('-'))))
            {
                PrintSuites();
                return 0;
            }
            else if (IsFlag(arg, "--quick"))
            {
                quick = true;
            }
            else if (IsFlag(arg, "--publish"))
            {
                publish = true;
            }
            else if (IsFlag(arg, "--redraw") && i + 1 < args.Length)
            {
                string folder = args[++i];
                foreach (string written in ResultReport.Load(folder).WriteTo(folder))
                {
                    Console.WriteLine($"// Redrawn: {written}");
                }

                return 0;
            }
            else if (IsFlag(arg, "--tiny"))
            {
                BenchScale.Tiny = true;
                Environment.SetEnvironmentVariable(BenchScale.TinyVariable, "1");
            }
            else if (IsFlag(arg, "--out") && i + 1 < args.Length)
            {
                outFolder = args[++i];
            }
            else if ((IsFlag(arg, "--threads") || IsFlag(arg, "--batch")) && i + 1 < args.Length)
            {
                string parameter = IsFlag(arg, "--threads") ? "Threads" : "Batch";
                if (!ParameterSelection.TryParse(parameter, args[++i], out ParameterSelection? selection, out string? error))
                {
                    Console.Error.WriteLine($"{arg}: {error}");
                    return 2;
                }

                selections.Add(selection!);
            }
            else
            {
                passThrough.Add(arg);
            }
        }

        if (filters.Count > 0)
        {
            passThrough.Add("--filter");
            passThrough.AddRange(filters);
        }

        // A suite that is only an after-step (the paired run) runs no BenchmarkDotNet benchmark; with no arguments at
        // all, BenchmarkDotNet asks which benchmarks to run.
        bool afterOnly = after.Count > 0 && filters.Count == 0 && passThrough.Count == 0;
        if (!afterOnly)
        {
            IConfig config = DefaultConfig.Instance;
            foreach (ParameterSelection selection in selections)
            {
                config = config.AddFilter(selection.ToFilter());
            }

            if (quick)
            {
                // A mutator job changes these characteristics of every job a class asks for, and keeps the rest
                // (the in-process toolchain, a fixed invocation count).
                config = config.AddJob(new Job("Quick")
                    .WithLaunchCount(1)
                    .WithWarmupCount(1)
                    .WithIterationCount(3)
                    .WithIterationTime(TimeInterval.FromMilliseconds(100))
                    .AsMutator());
            }
            else if (publish)
            {
                // The published runs: every suite in one sitting on a quiet machine. BenchmarkDotNet's default job
                // lets its statistics choose 15 to 100 iterations per case, which for the group-commit suite's 176
                // cases alone is hours; a fixed 3 warm-ups and 10 iterations of ~250 ms keep each case's error bar
                // (printed in the summary) and fit every suite in about an hour.
                config = config.AddJob(new Job("Publish")
                    .WithLaunchCount(1)
                    .WithWarmupCount(3)
                    .WithIterationCount(10)
                    .WithIterationTime(TimeInterval.FromMilliseconds(250))
                    .AsMutator());
            }

            Summary[] summaries = [.. BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run([.. passThrough], config)];
            if (summaries.Length > 0)
            {
                string? job = JobSentence(quick, publish);
                if (selections.Count > 0)
                {
                    // A partial run says which part of the grid it holds, so its summary is not read as the whole.
                    string chosen = $"Cases chosen: {string.Join("; ", selections)}.";
                    job = job is null ? chosen : $"{job} {chosen}";
                }

                ResultReport report = ResultReport.From(summaries, job, BenchScale.Tiny, RunNotes.All);
                foreach (string written in report.WriteTo(outFolder))
                {
                    Console.WriteLine($"// Summary: {written}");
                }
            }
        }

        foreach (Action step in after)
        {
            step();
        }

        return 0;
    }

    private static string? JobSentence(bool quick, bool publish) =>
        quick ? "**Quick run** (`--quick`): 1 warm-up and 3 measured iterations; figures are rough."
        : publish ? "**Published job** (`--publish`): in each case 3 warm-ups and 10 measured iterations of about 250 ms (the commit classes: one invocation per iteration). Error is half the 99.9 % confidence interval of the mean."
        : null;

    private static bool IsFlag(string arg, string flag) => string.Equals(arg, flag, StringComparison.OrdinalIgnoreCase);

    private static void PrintSuites()
    {
        Console.WriteLine("Suites (any number; every other argument goes to BenchmarkDotNet, e.g. --filter *Crud*):");
        foreach (BenchmarkSuite suite in SuiteRegistry.All)
        {
            Console.WriteLine($"  {suite.Flag,-16} {suite.Description}");
        }

        Console.WriteLine("Options:");
        Console.WriteLine("  --quick          a short job (1 warm-up, 3 iterations of ~100 ms) for any suite");
        Console.WriteLine("  --publish        the job of the published runs (3 warm-ups, 10 iterations of ~250 ms) for any suite");
        Console.WriteLine("  --tiny           tiny record counts and invocations, to check the suites work (figures are not per operation)");
        Console.WriteLine("  --threads LIST   only the cases whose Threads parameter is in LIST (e.g. 16,50); cases without one are left out");
        Console.WriteLine("  --batch LIST     only the cases whose Batch parameter is in LIST (e.g. 1,100); cases without one are left out");
        Console.WriteLine("  --redraw DIR     rewrite the summary and charts of a finished run from the rows.json it saved there");
        Console.WriteLine("  --out DIR        where the markdown summary and the charts go (default BenchmarkDotNet.Artifacts/summary)");
        Console.WriteLine("  --list flat|tree BenchmarkDotNet's list of benchmarks; --info and the rest of its options pass through");
    }
}
