namespace SharpCoreDB.Tests.Engine;

/// <summary>The sqllogictest files this engine must pass completely, run straight against the engine API.</summary>
public sealed class CorpusTests
{
    [Theory]
    [InlineData("select1.test")]
    [InlineData("select2.test")]
    [InlineData("select3.test")]
    [InlineData("evidence/in1.test")]
    [InlineData("evidence/in2.test")]
    public void Corpus_file_passes_every_record(string file)
    {
        string? root = CorpusRunner.Root;
        if (root is null)
        {
            // The corpus lives beside the repository (shared/sqllogictest); without it there is nothing to run.
            return;
        }

        var failures = new List<string>();
        (int passed, int failed) = CorpusRunner.Run(Path.Combine(root!, file), failures);
        Assert.True(failed == 0, $"{file}: {passed} passed, {failed} failed\n" + string.Join("\n", failures.Take(15)));
    }
}
