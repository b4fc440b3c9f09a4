using SharpCoreDB.Benchmarks.Open;
using SharpCoreDB.Benchmarks.Support;
using Xunit.Abstractions;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>
/// Guards the benchmarks against rot: every [Benchmark] method of every class runs once, on tiny parameters
/// (<see cref="BenchScale.Tiny"/>), with its setups and cleanups, so a benchmark broken by an engine change fails CI
/// instead of the next measured run.
/// </summary>
public sealed class BenchmarkRotTests
{
    private readonly ITestOutputHelper _output;

    /// <summary>Creates the tests.</summary>
    /// <param name="output">xunit's output.</param>
    public BenchmarkRotTests(ITestOutputHelper output)
    {
        _output = output;
        BenchScale.Tiny = true;
    }

    /// <summary>The benchmark classes, by full name.</summary>
    public static TheoryData<string> Classes()
    {
        var data = new TheoryData<string>();
        foreach (Type type in BenchmarkCaseRunner.BenchmarkClasses())
        {
            data.Add(type.FullName!);
        }

        return data;
    }

    [Fact]
    public void The_benchmarks_assembly_has_benchmark_classes_in_every_workload_suite()
    {
        string[] names = [.. BenchmarkCaseRunner.BenchmarkClasses().Select(t => t.Namespace!)];
        foreach (string suite in new[] { "GroupCommit", "Crud", "Ycsb", "LargeValues", "ReadOnly", "Open", "Sql", "Storage", "Collations", "EfCore", "Functions", "Maintenance" })
        {
            Assert.Contains($"SharpCoreDB.Benchmarks.{suite}", names);
        }
    }

    [Fact]
    public void Open_phases_run_on_tiny_parameters_and_note_every_phase_of_every_contender()
    {
        int before = RunNotes.All.Count;
        OpenTransactionPhases.Run();
        string[] notes = [.. RunNotes.All.Skip(before).Where(n => n.StartsWith("open-phases ", StringComparison.Ordinal))];
        Assert.Equal(4, notes.Length);
        foreach (string note in notes)
        {
            foreach (string phase in new[] { " open ", " inserts ", " commit ", " close ", " total " })
            {
                Assert.Contains(phase, note, StringComparison.Ordinal);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Classes))]
    public void Every_benchmark_method_runs_once_on_tiny_parameters(string className)
    {
        Type type = typeof(Program).Assembly.GetType(className, throwOnError: true)!;
        List<string> ran = BenchmarkCaseRunner.RunAll(type);
        Assert.NotEmpty(ran);
        _output.WriteLine($"{type.Name}: {ran.Count} cases: {string.Join("; ", ran)}");
    }
}
