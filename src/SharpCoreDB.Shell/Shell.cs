using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using SharpCoreDB.Shell.Input;
using SharpCoreDB.Shell.Output;
using SharpCoreDB.Shell.Startup;

namespace SharpCoreDB.Shell;

/// <summary>
/// One shell session: opens the database, reads lines from the terminal, a pipe or <c>-c</c>, runs each complete SQL
/// statement and each dot command, prints results in the chosen mode and errors (code and message) on standard error.
/// In a script (not a terminal) the first error ends the session with exit code 1 unless <c>--bail off</c>.
/// </summary>
internal sealed partial class Shell : IDisposable
{
    /// <summary>The process exit code for success.</summary>
    public const int ExitSuccess = 0;

    /// <summary>The process exit code after an error in a script, or when the database cannot be opened.</summary>
    public const int ExitError = 1;

    private readonly ShellOptions _options;
    private readonly ShellConsole _console;
    private readonly OutputSettings _output = new();
    private SharpCoreDBConnection? _connection;
    private int _errors;
    private bool _quit;

    // Set when a script read with .read stopped at an error: the script that read it stops too.
    private bool _bailed;

    /// <summary>Creates a session; nothing is opened until <see cref="Run"/>.</summary>
    /// <param name="options">The command line.</param>
    /// <param name="console">Input, output and prompts.</param>
    public Shell(ShellOptions options, ShellConsole console)
    {
        _options = options;
        _console = console;
        _output.Mode = options.Mode;
    }

    private SharpCoreDBConnection Connection =>
        _connection ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.Closed, "no database is open");

    /// <summary>Runs the session to the end of its input or <c>.quit</c>.</summary>
    /// <returns>The process exit code: 0, or 1 when the database did not open or a script had an error.</returns>
    public int Run()
    {
        try
        {
            _connection = OpenConnection();
        }
        catch (Exception e) when (IsReportable(e))
        {
            Report(e, where: null);
            return ExitError;
        }

        if (_options.Command is not null)
        {
            RunSource(new TextLineSource(new StringReader(_options.Command)), script: true, name: null);
        }
        else if (_console.Terminal is not null)
        {
            _console.Out.WriteLine($"SharpCoreDB shell {Version}. Enter \".help\" for usage hints.");
            if (_options.DataSource == ":memory:")
            {
                _console.Out.WriteLine("Connected to a transient in-memory database; name a file to keep your work.");
            }

            RunSource(_console.Terminal, script: false, name: null);
        }
        else
        {
            RunSource(new TextLineSource(_console.In), script: true, name: null);
        }

        // Interactive sessions report errors as they happen and end normally; scripts say whether all went well.
        return _errors > 0 && _console.Terminal is null ? ExitError : ExitSuccess;
    }

    /// <inheritdoc />
    public void Dispose() => _connection?.Dispose();

    /// <summary>The shell's version (the assembly's informational version).</summary>
    public static string Version =>
        typeof(Shell).Assembly.GetCustomAttributes(typeof(System.Reflection.AssemblyInformationalVersionAttribute), false) is [System.Reflection.AssemblyInformationalVersionAttribute info, ..]
            ? info.InformationalVersion.Split('+')[0]
            : "0.0.0";

    // Reads lines to the end; returns false when the session must stop (an error in a script with bail on, or .quit).
    private bool RunSource(ILineSource source, bool script, string? name)
    {
        var buffer = new StatementBuffer();
        var ready = new List<PendingStatement>();
        int lineNumber = 0;
        while (!_quit && !_bailed)
        {
            bool blank = buffer.IsBlank;
            string? line = source.ReadLine(continuation: !blank);
            if (line is null)
            {
                break;
            }

            lineNumber++;
            if (blank && line.TrimStart().StartsWith('.'))
            {
                // SQLite's rule: a dot command is a whole line, and only where a statement could start.
                buffer.Clear();
                buffer.SkipLine();
                if (!RunGuarded(() => RunDotCommand(line, script), script, Where(name, lineNumber)) || _bailed)
                {
                    return false;
                }

                continue;
            }

            buffer.AppendLine(line);
            buffer.TakeComplete(ready);
            foreach (PendingStatement statement in ready)
            {
                if (!RunGuarded(() => ExecuteSql(statement.Sql), script, Where(name, statement.Line)) || _quit)
                {
                    return false;
                }
            }

            ready.Clear();
        }

        // Like SQLite's shell, a last statement without its semicolon still runs at the end of the input.
        PendingStatement? rest = buffer.TakeRest();
        if (rest is not null && !_quit && !_bailed)
        {
            return RunGuarded(() => ExecuteSql(rest.Sql), script, Where(name, rest.Line));
        }

        return !_quit && !_bailed;
    }

    private static string Where(string? name, int line) =>
        name is null ? $"line {line}" : $"line {line} of {name}";

    // Runs one statement or command; reports an error and says whether to go on.
    private bool RunGuarded(Action action, bool script, string where)
    {
        try
        {
            action();
            return true;
        }
        catch (Exception e) when (IsReportable(e))
        {
            Report(e, script ? where : null);
            return !(script && _options.Bail);
        }
    }

    // Errors that come from the input (SQL, files, arguments) are reported and the session goes on or bails;
    // anything else is a bug in the shell and is left to crash with its stack trace.
    private static bool IsReportable(Exception e) =>
        e is DbException or IOException or UnauthorizedAccessException;

    private void Report(Exception e, string? where)
    {
        _errors++;
        string prefix = where is null ? "Error" : $"Error near {where}";
        string code = e switch
        {
            SharpCoreDBException db => db.ErrorCode.ToString(),
            IOException or UnauthorizedAccessException => nameof(SharpCoreDBErrorCode.IoError),
            _ => nameof(SharpCoreDBErrorCode.Unknown),
        };
        _console.Error.WriteLine($"{prefix}: {code}: {e.Message}");
    }

    private void ExecuteSql(string sql)
    {
        long started = Stopwatch.GetTimestamp();

        // Reading the process's CPU times costs a system call; only .timer on pays for it.
        TimeSpan user = _output.Timer ? CpuTime(kernel: false) : TimeSpan.Zero;
        TimeSpan system = _output.Timer ? CpuTime(kernel: true) : TimeSpan.Zero;
        using (DbCommand command = Connection.CreateCommand())
        {
            command.CommandText = sql;
            using DbDataReader reader = command.ExecuteReader();
            do
            {
                if (reader.FieldCount > 0)
                {
                    CreateWriter().Write(reader, _output);
                }
            }
            while (reader.NextResult());
        }

        if (_output.Timer)
        {
            double real = Stopwatch.GetElapsedTime(started).TotalSeconds;
            double userSeconds = (CpuTime(kernel: false) - user).TotalSeconds;
            double systemSeconds = (CpuTime(kernel: true) - system).TotalSeconds;
            _console.Out.WriteLine(string.Create(
                CultureInfo.InvariantCulture,
                $"Run Time: real {real:F3} user {userSeconds:F6} sys {systemSeconds:F6}"));
        }
    }

    private static TimeSpan CpuTime(bool kernel)
    {
        using var process = Process.GetCurrentProcess();
        return kernel ? process.PrivilegedProcessorTime : process.UserProcessorTime;
    }

    private ResultWriter CreateWriter() => _output.Mode switch
    {
        OutputMode.Csv => new CsvResultWriter(_console.Out),
        OutputMode.Json => new JsonResultWriter(_console.Out),
        OutputMode.Line => new LineResultWriter(_console.Out),
        OutputMode.Markdown => new MarkdownResultWriter(_console.Out),
        _ => new TableResultWriter(_console.Ansi),
    };
}
