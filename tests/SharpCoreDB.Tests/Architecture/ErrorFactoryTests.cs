using System.Text.RegularExpressions;

namespace SharpCoreDB.Tests.Architecture;

/// <summary>
/// Execution builds its errors only in its named factories (ExecutionErrors, and beside it ForeignKeyErrors and
/// UserFunctionErrors), so every message is written once and can be read in one place: the rule the storage and log
/// assemblies follow (tests/SharpCoreDB.Wal.Tests/Invariants/ErrorFactoryTests).
/// </summary>
public sealed partial class ErrorFactoryTests
{
    private static readonly string[] s_factories = ["ExecutionErrors.cs", "ForeignKeyErrors.cs", "UserFunctionErrors.cs"];

    // Left out: foreign-key execution, which another change rewrites at the same time; its own factory
    // (ForeignKeyErrors) exists, and one inline error remains in ForeignKeyEnforcer.Actions.
    private static readonly string[] s_skippedFolders = ["ForeignKeys"];

    [Fact]
    public void Execution_builds_errors_only_in_its_named_factories()
    {
        string root = RepositoryRoot();
        string execution = Path.Combine(root, "src", "SharpCoreDB", "Execution");
        var inline = new List<string>();
        int files = 0;
        foreach (string file in Directory.EnumerateFiles(execution, "*.cs", SearchOption.AllDirectories))
        {
            string relative = Path.GetRelativePath(execution, file);
            if (relative.StartsWith("obj" + Path.DirectorySeparatorChar, StringComparison.Ordinal)
                || Array.IndexOf(s_factories, Path.GetFileName(file)) >= 0
                || Array.IndexOf(s_skippedFolders, relative.Split(Path.DirectorySeparatorChar)[0]) >= 0)
            {
                continue;
            }

            files++;
            string[] lines = File.ReadAllLines(file);
            for (int i = 0; i < lines.Length; i++)
            {
                if (InlineError().IsMatch(lines[i]))
                {
                    inline.Add($"{Path.GetRelativePath(root, file)}:{i + 1}: {lines[i].Trim()}");
                }
            }
        }

        // A wrong folder would pass vacuously.
        Assert.True(files > 50, $"only {files} source files found under {execution}");
        Assert.True(inline.Count == 0, "Errors built outside the factories (add a named factory to ExecutionErrors):\n" + string.Join('\n', inline));
    }

    // The repository holds the solution file; the tests run from a folder below it.
    private static string RepositoryRoot()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "SharpCoreDB.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No SharpCoreDB.sln above {AppContext.BaseDirectory}.");
    }

    [GeneratedRegex(@"new\s+SharpCoreDBException\s*\(|new\s*\(\s*SharpCoreDBErrorCode\.")]
    private static partial Regex InlineError();
}
