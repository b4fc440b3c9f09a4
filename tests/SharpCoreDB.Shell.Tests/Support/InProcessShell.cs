using SharpCoreDB.Shell.Input;
using SharpCoreDB.Shell.Startup;

namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>Runs a whole shell session in this process, on strings instead of the console.</summary>
internal static class InProcessShell
{
    /// <summary>Runs a session.</summary>
    /// <param name="input">Standard input.</param>
    /// <param name="options">The command line (an in-memory database when null).</param>
    /// <param name="passwords">The password prompt (none when null).</param>
    /// <param name="environment">Environment variables the session sees (none when null).</param>
    /// <param name="terminal">Treat the input as typed at a terminal (errors do not end the session).</param>
    /// <returns>What it printed and its exit code.</returns>
    public static ShellResult Run(
        string input,
        ShellOptions? options = null,
        ScriptedPasswords? passwords = null,
        IReadOnlyDictionary<string, string>? environment = null,
        bool terminal = false)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        using var reader = new StringReader(input);
        var console = new ShellConsole
        {
            In = reader,
            Out = output,
            Error = error,
            Ansi = ShellConsoleFactory.CreateAnsi(output, terminal: false),
            Passwords = passwords ?? new ScriptedPasswords(),
            GetEnvironmentVariable = name => environment is not null && environment.TryGetValue(name, out string? value) ? value : null,
            Terminal = terminal ? new TextLineSource(reader) : null,
        };
        using var shell = new Shell(options ?? new ShellOptions(), console);
        int code = shell.Run();
        return new ShellResult(code, output.ToString(), error.ToString());
    }

    /// <summary>Runs a script against a database file.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="input">Standard input.</param>
    /// <returns>What it printed and its exit code.</returns>
    public static ShellResult RunOn(string path, string input) => Run(input, new ShellOptions { DataSource = path });
}
