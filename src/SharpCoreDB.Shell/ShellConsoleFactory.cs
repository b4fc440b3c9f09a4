using Spectre.Console;

namespace SharpCoreDB.Shell;

/// <summary>Creates the Spectre console the shell draws with, for a terminal or for a pipe, file or test.</summary>
internal static class ShellConsoleFactory
{
    /// <summary>The width given to output that is not a terminal: wide enough that tables are never wrapped.</summary>
    public const int UnboundedWidth = 16384;

    /// <summary>Creates a console writing to <paramref name="output"/>.</summary>
    /// <param name="output">Where to write.</param>
    /// <param name="terminal">True for an interactive terminal (colours, prompts, live progress); false for plain text.</param>
    /// <returns>The console.</returns>
    public static IAnsiConsole CreateAnsi(TextWriter output, bool terminal)
    {
        IAnsiConsole console = AnsiConsole.Create(new AnsiConsoleSettings
        {
            Out = new AnsiConsoleOutput(output),
            Ansi = terminal ? AnsiSupport.Detect : AnsiSupport.No,
            ColorSystem = terminal ? ColorSystemSupport.Detect : ColorSystemSupport.NoColors,
            Interactive = terminal ? InteractionSupport.Yes : InteractionSupport.No,
        });
        if (!terminal)
        {
            // A pipe has no width; the box characters are UTF-8 like the rest of the output.
            console.Profile.Width = UnboundedWidth;
            console.Profile.Capabilities.Unicode = true;
        }

        return console;
    }
}
