using System.Data.Common;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// The runner: resolves the engine, runs every file against a fresh database, prints
/// <c>path: P passed, F failed, S skipped</c> per file and <c>N passed, M failed, K skipped</c> at the end.
/// Record failures do not change the exit code; only the run's own problems do.
/// </summary>
internal static class Runner
{
    /// <summary>Exit code: the run completed (whatever the records did).</summary>
    public const int ExitOk = 0;

    /// <summary>Exit code: the runner itself failed unexpectedly.</summary>
    public const int ExitCrash = 1;

    /// <summary>Exit code: bad arguments, a missing path, or an unknown or malformed engine.</summary>
    public const int ExitUsage = 2;

    /// <summary>Exit code: the SharpCoreDB provider does not exist yet (the CI gate tolerates only this).</summary>
    public const int ExitEngineMissing = 3;

    /// <summary>Runs the command line.</summary>
    /// <param name="args">The arguments.</param>
    /// <param name="output">Where results go.</param>
    /// <param name="error">Where problems go.</param>
    /// <returns>The exit code.</returns>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        if (!RunnerOptions.TryParse(args, out RunnerOptions options, out string problem))
        {
            if (problem.Length > 0)
            {
                error.WriteLine(problem);
            }

            error.WriteLine(RunnerOptions.Usage);
            return ExitUsage;
        }

        switch (EngineProvider.TryGetFactory(options.Engine, out DbProviderFactory? factory, out string engineProblem))
        {
            case EngineLookup.Missing:
                error.WriteLine($"SharpCoreDB engine not available: {engineProblem} Run with --engine reference to check the runner against SQLite.");
                return ExitEngineMissing;
            case EngineLookup.Invalid:
                error.WriteLine(engineProblem);
                return ExitUsage;
        }

        var files = new List<string>();
        foreach (string path in options.Paths)
        {
            if (File.Exists(path))
            {
                files.Add(path);
            }
            else if (Directory.Exists(path))
            {
                List<string> found = [.. Directory.EnumerateFiles(path, "*.test", SearchOption.AllDirectories)];
                found.Sort(StringComparer.Ordinal);
                files.AddRange(found);
            }
            else
            {
                error.WriteLine($"No such file or folder: {path}");
                return ExitUsage;
            }
        }

        int passed = 0;
        int failed = 0;
        int skipped = 0;
        foreach (string file in files)
        {
            List<ScriptRecord> records = ScriptParser.Parse(File.ReadAllText(file));
            FileResult result = FileRunner.Run(file, records, factory!, options.ConnectionString, options.Timeout, options.Verbose);
            foreach (string failure in result.Failures)
            {
                output.Write(failure);
            }

            if (result.TimedOut)
            {
                error.WriteLine($"{file}: a record timed out after {options.Timeout.TotalSeconds} s; the rest of the file was abandoned.");
            }

            output.WriteLine($"{file}: {result.Passed} passed, {result.Failed} failed, {result.Skipped} skipped");
            output.Flush();
            passed += result.Passed;
            failed += result.Failed;
            skipped += result.Skipped;
        }

        output.WriteLine($"{passed} passed, {failed} failed, {skipped} skipped");
        return ExitOk;
    }
}
