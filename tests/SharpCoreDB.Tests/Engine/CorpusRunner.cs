using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Records;
using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Runs a sqllogictest file straight against the engine API (no provider in between), with the runner's own
/// parser, value rendering, sorting and hashing, and reports every failing record with its SQL.
/// </summary>
internal static class CorpusRunner
{
    /// <summary>The corpus folder, found by walking up from the test assembly; null when absent.</summary>
    public static string? Root => FindAbove(AppContext.BaseDirectory) ?? FindAbove(SourceDirectory());

    private static string? FindAbove(string? start)
    {
        for (DirectoryInfo? directory = start is null ? null : new(start); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "shared", "sqllogictest", "test");
            if (Directory.Exists(candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    // The build may put the test assembly outside the repository (--artifacts-path): also search upwards from
    // where this source file was compiled.
    private static string? SourceDirectory([System.Runtime.CompilerServices.CallerFilePath] string path = "") => Path.GetDirectoryName(path);

    /// <summary>Runs one file against a fresh in-memory database.</summary>
    /// <param name="path">The file.</param>
    /// <param name="failures">Receives a description of each failing record.</param>
    /// <returns>Passed and failed record counts.</returns>
    public static (int Passed, int Failed) Run(string path, List<string> failures)
    {
        List<ScriptRecord> records = ScriptParser.Parse(File.ReadAllText(path));
        using var harness = new EngineHarness();
        var labels = new Dictionary<string, string>(StringComparer.Ordinal);
        int threshold = ScriptExecutor.DefaultHashThreshold;
        int passed = 0;
        int failed = 0;
        foreach (ScriptRecord record in records)
        {
            bool runs = record.RunsOn(ScriptExecutor.EngineName);
            string? problem = null;
            switch (record)
            {
                case ControlRecord { Kind: ControlKind.Halt } when runs:
                    return (passed, failed);
                case ControlRecord { Kind: ControlKind.HashThreshold } control when runs:
                    threshold = control.HashThreshold;
                    continue;
                case StatementRecord statement when runs:
                    problem = RunStatement(harness, statement);
                    break;
                case QueryRecord query when runs:
                    problem = RunQuery(harness, query, threshold, labels);
                    break;
                case QueryRecord query when query.Label is not null:
                    labels.TryAdd(query.Label, ScriptExecutor.WrittenHash(query.Expected));
                    continue;
                default:
                    continue;
            }

            if (problem is null)
            {
                passed++;
            }
            else
            {
                failed++;
                failures.Add($"{Path.GetFileName(path)}:{record.Line}: {problem}");
            }
        }

        return (passed, failed);
    }

    private static string? RunStatement(EngineHarness harness, StatementRecord statement)
    {
        try
        {
            harness.Execute(statement.Sql);
        }
        catch (SharpCoreDBException e)
        {
            return statement.ExpectError ? null : $"statement failed: {e.Message}\n  {statement.Sql}";
        }
        catch (Exception e)
        {
            return $"engine threw {e.GetType().Name}: {e.Message}\n  {statement.Sql}\n{e.StackTrace}";
        }

        return statement.ExpectError ? $"statement succeeded, an error was expected\n  {statement.Sql}" : null;
    }

    private static string? RunQuery(EngineHarness harness, QueryRecord query, int threshold, Dictionary<string, string> labels)
    {
        var values = new List<string>();
        try
        {
            Statement statement = harness.Session.Prepare(query.Sql);
            try
            {
                // Like the reference runner: an error while the statement runs ends its rows; errors SQLite
                // reports while compiling stay failures.
                using QueryResult result = statement.Execute(harness.Session, []);
                if (result.FieldCount != query.Types.Length)
                {
                    return $"expected {query.Types.Length} columns, got {result.FieldCount}\n  {query.Sql}";
                }

                while (result.Read())
                {
                    for (int i = 0; i < query.Types.Length; i++)
                    {
                        SqlValue value = result.GetValue(i);
                        values.Add(ValueFormatter.Format(value.IsNull ? null : value.ToObject(), query.Types[i]));
                    }
                }
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is not (SharpCoreDBErrorCode.SyntaxError or SharpCoreDBErrorCode.UnknownColumn or SharpCoreDBErrorCode.UnknownTable or SharpCoreDBErrorCode.UnknownIndex or SharpCoreDBErrorCode.Unsupported or SharpCoreDBErrorCode.MissingParameter))
            {
                values.RemoveRange(values.Count - (values.Count % query.Types.Length), values.Count % query.Types.Length);
            }
        }
        catch (SharpCoreDBException e)
        {
            return $"query failed: {e.Message}\n  {query.Sql}";
        }
        catch (Exception e)
        {
            return $"engine threw {e.GetType().Name}: {e.Message}\n  {query.Sql}\n{e.StackTrace}";
        }

        ResultSorter.Sort(values, query.Types.Length, query.Sort);
        bool hashed = threshold > 0 && values.Count > threshold;
        string hash = ResultHasher.Describe(values);
        bool same = hashed
            ? query.Expected.Count == 1 && query.Expected[0] == hash
            : query.Expected.SequenceEqual(values);
        if (!same)
        {
            var text = new StringBuilder();
            text.Append("wrong result\n  ").Append(query.Sql).Append("\n  expected: ").Append(string.Join(" ", query.Expected.Take(20)))
                .Append("\n  actual:   ").Append(hashed ? hash : string.Join(" ", values.Take(20)));
            return text.ToString();
        }

        if (query.Label is not null)
        {
            string known = labels.TryGetValue(query.Label, out string? existing) ? existing : labels[query.Label] = ScriptExecutor.WrittenHash(query.Expected);
            if (known != hash)
            {
                return $"label {query.Label} disagrees\n  {query.Sql}";
            }
        }

        return null;
    }
}
