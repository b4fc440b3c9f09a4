using System.Globalization;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>The command line: <c>[--engine sharpcoredb|reference] [--verbose] [--timeout SECONDS] [--connection-string CS] PATH...</c>.</summary>
internal sealed class RunnerOptions
{
    /// <summary>The default time one record may take.</summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(10);

    /// <summary>The usage text.</summary>
    public const string Usage =
        "usage: SharpCoreDB.SqlLogicTest [--engine sharpcoredb|reference] [--verbose] [--timeout SECONDS] [--connection-string CS] PATH...\n" +
        "  PATH           a .test file, or a folder searched recursively for *.test\n" +
        "  --engine       sharpcoredb (default) or reference (SQLite through Microsoft.Data.Sqlite)\n" +
        "  --verbose      print every failing record with its SQL, expected and actual output\n" +
        "  --timeout      seconds one record may take: its CommandTimeout; one still running at twice this abandons the file (default 10)\n" +
        "  --connection-string  the connection string of a fresh database (default \"Data Source=:memory:\")";

    /// <summary>The files and folders to run.</summary>
    public List<string> Paths { get; } = [];

    /// <summary>The engine.</summary>
    public string Engine { get; private set; } = EngineProvider.SharpCoreDB;

    /// <summary>True to print failing records.</summary>
    public bool Verbose { get; private set; }

    /// <summary>The time one record may take.</summary>
    public TimeSpan Timeout { get; private set; } = DefaultTimeout;

    /// <summary>The connection string of a fresh database, for each file.</summary>
    public string ConnectionString { get; private set; } = EngineProvider.InMemoryConnectionString;

    /// <summary>Parses the arguments.</summary>
    /// <param name="args">The arguments.</param>
    /// <param name="options">The options, when valid.</param>
    /// <param name="error">What is wrong, otherwise.</param>
    /// <returns>Whether the arguments are valid.</returns>
    public static bool TryParse(IReadOnlyList<string> args, out RunnerOptions options, out string error)
    {
        options = new RunnerOptions();
        error = string.Empty;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            switch (arg)
            {
                case "--verbose" or "-v":
                    options.Verbose = true;
                    break;
                case "--engine" when i + 1 < args.Count:
                    options.Engine = args[++i];
                    break;
                case "--connection-string" when i + 1 < args.Count:
                    options.ConnectionString = args[++i];
                    break;
                case "--timeout" when i + 1 < args.Count:
                    if (!double.TryParse(args[++i], NumberStyles.Float, CultureInfo.InvariantCulture, out double seconds) || !(seconds > 0))
                    {
                        error = $"--timeout needs a positive number of seconds, not '{args[i]}'.";
                        return false;
                    }

                    options.Timeout = TimeSpan.FromSeconds(seconds);
                    break;
                case "--help" or "-h":
                    error = string.Empty;
                    return false;
                default:
                    if (arg.StartsWith("--", StringComparison.Ordinal))
                    {
                        error = $"Unknown or incomplete option '{arg}'.";
                        return false;
                    }

                    options.Paths.Add(arg);
                    break;
            }
        }

        if (options.Paths.Count == 0)
        {
            error = "No test files or folders given.";
            return false;
        }

        return true;
    }
}
