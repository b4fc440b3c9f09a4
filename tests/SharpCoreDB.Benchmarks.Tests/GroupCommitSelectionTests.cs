using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using SharpCoreDB.Benchmarks.Contenders;
using SharpCoreDB.Benchmarks.GroupCommit;
using SharpCoreDB.Benchmarks.Suites;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>
/// The group-commit curve can be run in parts (<c>--threads</c>, <c>--batch</c>), and the contender commit class runs
/// exactly one invocation size per case, as BenchmarkDotNet itself builds the cases.
/// </summary>
public sealed class GroupCommitSelectionTests
{
    [Fact]
    public void Threads_and_batch_selections_leave_the_fifty_thread_single_row_case_of_every_contender()
    {
        IConfig config = DefaultConfig.Instance;
        foreach ((string parameter, string list) in new[] { ("Threads", "50"), ("Batch", "1") })
        {
            Assert.True(ParameterSelection.TryParse(parameter, list, out ParameterSelection? selection, out string? error), error);
            config = config.AddFilter(selection!.ToFilter());
        }

        BenchmarkCase[] cases = BenchmarkConverter.TypeToBenchmarks(typeof(ContenderCommitBenchmarks), config).BenchmarksCases;

        Assert.Equal(Enum.GetValues<Contender>().Order(), cases.Select(ContenderOf).Order());
        Assert.All(cases, c => Assert.Equal((50, 1), ((int)c.Parameters["Threads"], (int)c.Parameters["Batch"])));
        Assert.Equal(
            [Contender.SQLite_WAL_Full, Contender.SQLite_Rollback],
            cases.Where(c => c.Descriptor.OperationsPerInvoke == ContenderCommitBenchmarks.FewCommitsPerInvocation).Select(ContenderOf).Order());
    }

    [Fact]
    public void Every_case_of_the_contender_commit_grid_runs_once_with_its_exact_commit_count_under_one_name()
    {
        BenchmarkCase[] cases = BenchmarkConverter.TypeToBenchmarks(typeof(ContenderCommitBenchmarks), DefaultConfig.Instance).BenchmarksCases;

        int contenders = Enum.GetValues<Contender>().Length;
        Assert.Equal(contenders * 4 * 4, cases.Length);
        Assert.Equal(cases.Length, cases.Select(c => c.Parameters.ValueInfo).Distinct().Count());
        Assert.All(cases, c =>
        {
            Assert.Equal("Commit", c.Descriptor.WorkloadMethodDisplayInfo);
            bool few = ContenderCommitBenchmarks.TakesFewCommits(ContenderOf(c), (int)c.Parameters["Threads"], (int)c.Parameters["Batch"]);
            Assert.Equal(
                few ? ContenderCommitBenchmarks.FewCommitsPerInvocation : ContenderCommitBenchmarks.CommitsPerInvocation,
                c.Descriptor.OperationsPerInvoke);
        });
    }

    [Fact]
    public void A_job_from_the_command_line_runs_each_case_once_with_one_invocation_per_iteration()
    {
        // `--inProcess` on the command line adds a job of its own, as `--quick` and `--publish` add theirs: the class's
        // settings apply to that job instead of running every case a second time under a job of the class's own.
        IConfig config = DefaultConfig.Instance
            .AddJob(Job.Default.WithToolchain(InProcessEmitToolchain.Instance))
            .AddJob(new Job("Publish").WithWarmupCount(3).WithIterationCount(10).AsMutator());

        BenchmarkCase[] cases = BenchmarkConverter.TypeToBenchmarks(typeof(ContenderCommitBenchmarks), config).BenchmarksCases;

        Assert.Equal(Enum.GetValues<Contender>().Length * 4 * 4, cases.Length);
        Assert.Equal(cases.Length, cases.Select(c => c.Parameters.ValueInfo).Distinct().Count());
        Assert.All(cases, c =>
        {
            Assert.Equal(1, c.Job.Run.InvocationCount);
            Assert.Equal(1, c.Job.Run.UnrollFactor);
            Assert.Equal(10, c.Job.Run.IterationCount);
        });
    }

    [Theory]
    [InlineData("0")]
    [InlineData("1,x")]
    [InlineData("-4")]
    [InlineData("")]
    public void A_selection_that_is_not_a_list_of_positive_numbers_is_refused_with_the_reason(string list)
    {
        Assert.False(ParameterSelection.TryParse("Threads", list, out _, out string? error));
        Assert.Contains("positive whole number", error, StringComparison.Ordinal);
        Assert.Equal(2, Program.Main(["--threads", list]));
    }

    [Fact]
    public void Help_describes_the_thread_and_batch_selections()
    {
        TextWriter before = Console.Out;
        var output = new StringWriter();
        Console.SetOut(output);
        try
        {
            Assert.Equal(0, Program.Main(["--help"]));
        }
        finally
        {
            Console.SetOut(before);
        }

        string help = output.ToString();
        Assert.Contains("--threads LIST", help, StringComparison.Ordinal);
        Assert.Contains("--batch LIST", help, StringComparison.Ordinal);
        Assert.Contains("--group-commit --threads 1,4,16,50 --batch 1", help, StringComparison.Ordinal);
    }

    [Fact]
    public void Commits_that_do_not_divide_by_the_threads_are_all_made_and_spread_as_evenly_as_they_go()
    {
        int[] made = new int[16];
        CommitterThread[] committers = [.. Enumerable.Range(0, made.Length).Select(t => new CommitterThread(() => made[t]++, $"t{t}"))];
        try
        {
            CommitterThread.RunAll(committers, ContenderCommitBenchmarks.FewCommitsPerInvocation);
        }
        finally
        {
            foreach (CommitterThread committer in committers)
            {
                committer.Dispose();
            }
        }

        Assert.Equal(ContenderCommitBenchmarks.FewCommitsPerInvocation, made.Sum());
        Assert.InRange(made.Max() - made.Min(), 0, 1);
    }

    private static Contender ContenderOf(BenchmarkCase benchmark) => (Contender)benchmark.Parameters["Contender"];
}
