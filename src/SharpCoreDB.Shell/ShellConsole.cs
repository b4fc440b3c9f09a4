using SharpCoreDB.Shell.Input;
using Spectre.Console;

namespace SharpCoreDB.Shell;

/// <summary>
/// Everything the shell reads from and writes to, so a test can run a whole session in-process: standard input,
/// output and error, the Spectre console that draws tables (writing to <see cref="Out"/>), the password prompt and the
/// environment.
/// </summary>
internal sealed class ShellConsole
{
    /// <summary>Standard input (a pipe or a script when <see cref="Interactive"/> is false).</summary>
    public required TextReader In { get; init; }

    /// <summary>Standard output: results.</summary>
    public required TextWriter Out { get; init; }

    /// <summary>Standard error: error messages and warnings.</summary>
    public required TextWriter Error { get; init; }

    /// <summary>Draws tables, trees and progress bars onto <see cref="Out"/>.</summary>
    public required IAnsiConsole Ansi { get; init; }

    /// <summary>Asks for passwords without echo.</summary>
    public required IPasswordSource Passwords { get; init; }

    /// <summary>The line editor for a terminal, or null when input is not a terminal.</summary>
    public ILineSource? Terminal { get; init; }

    /// <summary>True when standard input is a terminal: prompts, a banner, progress bars, errors do not end the session.</summary>
    public bool Interactive => Terminal is not null;

    /// <summary>Reads an environment variable (replaceable in tests).</summary>
    public Func<string, string?> GetEnvironmentVariable { get; init; } = Environment.GetEnvironmentVariable;
}
