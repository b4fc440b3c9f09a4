using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Opt-in (SHARPCOREDB_STRESS=1; SHARPCOREDB_CORPUS=part-of-path narrows it): runs every file of the
/// sqllogictest corpus straight against the engine and requires every record to pass.
/// </summary>
public sealed class CorpusSurveyTests(ITestOutputHelper output)
{
    [Fact]
    public void Whole_corpus_passes()
    {
        string? root = CorpusRunner.Root;
        if (root is null || Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") != "1")
        {
            return;
        }

        string filter = Environment.GetEnvironmentVariable("SHARPCOREDB_CORPUS") ?? string.Empty;
        var failures = new List<string>();
        int totalPassed = 0;
        int totalFailed = 0;
        foreach (string file in Directory.EnumerateFiles(root, "*.test", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            if (!file.Contains(filter, StringComparison.Ordinal))
            {
                continue;
            }

            var fileFailures = new List<string>();
            (int passed, int failed) = CorpusRunner.Run(file, fileFailures);
            totalPassed += passed;
            totalFailed += failed;
            output.WriteLine($"{Path.GetRelativePath(root, file)}: {passed} passed, {failed} failed");
            failures.AddRange(fileFailures.Take(5));
        }

        output.WriteLine($"{totalPassed} passed, {totalFailed} failed");
        Assert.True(totalFailed == 0, string.Join("\n", failures.Take(40)));
    }
}
