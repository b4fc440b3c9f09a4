using System.Text.RegularExpressions;

namespace SharpCoreDB.Wal.Tests.Invariants;

/// <summary>
/// The storage and log assemblies, and the SQL engine's execution layer, build their errors only in their named
/// factories (StorageErrors, BTreeCorruption, WalErrors; ExecutionErrors, ForeignKeyErrors, UserFunctionErrors), so
/// every message is written once and can be read in one place. The rule reads source files, so one test serves every
/// project.
/// </summary>
public sealed partial class ErrorFactoryTests
{
    private static readonly string[] s_factories =
        ["StorageErrors.cs", "BTreeCorruption.cs", "WalErrors.cs", "ExecutionErrors.cs", "ForeignKeyErrors.cs", "UserFunctionErrors.cs"];

    [Theory]
    [InlineData("src/SharpCoreDB.Storage")]
    [InlineData("src/SharpCoreDB.Wal")]
    [InlineData("src/SharpCoreDB/Execution")]
    public void Errors_are_built_only_in_the_named_factories(string project)
    {
        string root = RepositoryRoot();
        var inline = new List<string>();
        int files = 0;
        foreach (string file in Directory.EnumerateFiles(Path.Combine(root, project), "*.cs", SearchOption.AllDirectories))
        {
            if (file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                || Array.IndexOf(s_factories, Path.GetFileName(file)) >= 0)
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
        Assert.True(files > 20, $"only {files} source files found under {project}");
        Assert.True(inline.Count == 0, "Errors built outside the factories:\n" + string.Join('\n', inline));
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
