using System.Runtime.CompilerServices;

namespace SharpCoreDB.Tests.Sql;

/// <summary>
/// Finds the sqllogictest corpus (a folder <c>shared/sqllogictest</c> above the repository) and reads the SQL
/// of its records, applying <c>skipif</c>/<c>onlyif</c>/<c>halt</c> for the engine name <c>sqlite</c>.
/// </summary>
internal static class SqlLogicTestCorpus
{
    private static readonly Lazy<string?> s_root = new(Locate);

    /// <summary>The corpus folder (holding <c>test/</c>), or null when it is not present.</summary>
    public static string? Root => s_root.Value;

    /// <summary>The reason given when corpus tests are skipped.</summary>
    public const string MissingMessage =
        "sqllogictest corpus not found: no folder 'shared/sqllogictest' above the test assembly or the test sources";

    /// <summary>Reads the SQL records of a corpus file that apply to SQLite, in order.</summary>
    public static List<CorpusRecord> ReadRecords(string path)
    {
        string[] lines = File.ReadAllLines(path);
        var records = new List<CorpusRecord>();
        int i = 0;
        while (i < lines.Length)
        {
            // Gather one record: condition lines, a header, then SQL until "----" or a blank line.
            bool applies = true;
            string? header = null;
            int headerLine = 0;
            var sql = new List<string>();
            while (i < lines.Length && lines[i].TrimEnd('\r').Length == 0)
            {
                i++;
            }

            while (i < lines.Length)
            {
                string line = lines[i].TrimEnd('\r');
                if (line.Length == 0)
                {
                    break;
                }

                i++;
                if (line.StartsWith('#'))
                {
                    continue;
                }

                if (header is null)
                {
                    string[] words = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                    if (words[0] == "skipif" && words.Length > 1)
                    {
                        applies &= words[1] != "sqlite";
                        continue;
                    }

                    if (words[0] == "onlyif" && words.Length > 1)
                    {
                        applies &= words[1] == "sqlite";
                        continue;
                    }

                    header = line;
                    headerLine = i;
                    continue;
                }

                if (line == "----")
                {
                    // Skip the expected results up to the blank line ending the record.
                    while (i < lines.Length && lines[i].TrimEnd('\r').Length != 0)
                    {
                        i++;
                    }

                    break;
                }

                sql.Add(line);
            }

            if (header is null || !applies)
            {
                continue;
            }

            if (header == "halt")
            {
                break;
            }

            if (header.StartsWith("statement ", StringComparison.Ordinal) || header.StartsWith("query ", StringComparison.Ordinal))
            {
                bool expectError = header.StartsWith("statement error", StringComparison.Ordinal);
                records.Add(new CorpusRecord(path, headerLine, string.Join('\n', sql), expectError));
            }
        }

        return records;
    }

    private static string? Locate()
    {
        return FindAbove(AppContext.BaseDirectory) ?? FindAbove(SourceDirectory());
    }

    private static string? FindAbove(string? start)
    {
        for (DirectoryInfo? dir = start is null ? null : new DirectoryInfo(start); dir is not null; dir = dir.Parent)
        {
            string candidate = Path.Combine(dir.FullName, "shared", "sqllogictest");
            if (Directory.Exists(Path.Combine(candidate, "test")))
            {
                return candidate;
            }
        }

        return null;
    }

    // The build may place the test assembly outside the repository (--artifacts-path), so also search
    // upwards from where this source file was compiled.
    private static string? SourceDirectory([CallerFilePath] string path = "") => Path.GetDirectoryName(path);
}
