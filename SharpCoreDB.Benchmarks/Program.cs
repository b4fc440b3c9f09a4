using BenchmarkDotNet.Running;
using SharpCoreDB.Benchmarks.GroupCommit;

namespace SharpCoreDB.Benchmarks;

/// <summary>
/// Entry point. Suites are chosen with a flag that maps to a namespace filter, so
/// <c>dotnet run -c Release --project SharpCoreDB.Benchmarks -- --group-commit</c> runs the commit suite;
/// any other BenchmarkDotNet argument (<c>--filter</c>, <c>--job short</c>, ...) passes through. The commit suite ends
/// with <see cref="PairedCommitRun"/>, which <c>--paired-commits</c> runs alone.
/// </summary>
internal static class Program
{
    // EndsPaired: the suite is followed by PairedCommitRun.
    private static readonly (string Flag, string Filter, bool EndsPaired)[] s_suites =
    [
        ("--storage", "SharpCoreDB.Benchmarks.Storage.*", false),
        ("--group-commit", "SharpCoreDB.Benchmarks.GroupCommit.*", true),
        ("--sql", "SharpCoreDB.Benchmarks.Sql.*", false),
        ("--types", "SharpCoreDB.Benchmarks.Types.*", false),
        ("--foreign-keys", "SharpCoreDB.Benchmarks.ForeignKeys.*", false),
        ("--pooling", "SharpCoreDB.Benchmarks.Pooling.*", false),
    ];

    public static int Main(string[] args)
    {
        var passThrough = new List<string>();
        var filters = new List<string>();
        bool paired = false;
        foreach (var arg in args)
        {
            if (string.Equals(arg, "--paired-commits", StringComparison.OrdinalIgnoreCase))
            {
                paired = true;
                continue;
            }

            var suite = Array.Find(s_suites, s => string.Equals(s.Flag, arg, StringComparison.OrdinalIgnoreCase));
            if (suite.Flag is not null)
            {
                filters.Add(suite.Filter);
                paired |= suite.EndsPaired;
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

        // `--paired-commits` alone runs no BenchmarkDotNet suite (with no arguments at all, BenchmarkDotNet asks which).
        bool pairedOnly = paired && filters.Count == 0 && passThrough.Count == 0;
        if (!pairedOnly)
        {
            BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run([.. passThrough]);
        }

        if (paired)
        {
            PairedCommitRun.Run();
        }

        return 0;
    }
}
