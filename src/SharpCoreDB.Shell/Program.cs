using System.Text;
using SharpCoreDB.Shell.Input;
using SharpCoreDB.Shell.Startup;
using Spectre.Console;

namespace SharpCoreDB.Shell;

/// <summary>The <c>sharpcoredb</c> command: parses the command line, wires the console and runs a <see cref="Shell"/>.</summary>
internal static class Program
{
    /// <summary>The exit code for a bad command line.</summary>
    private const int ExitUsage = 2;

    /// <summary>Runs the shell.</summary>
    /// <param name="args">The command line.</param>
    /// <returns>0 on success, 1 after an error in a script or when the database does not open, 2 for a bad command line.</returns>
    public static int Main(string[] args)
    {
        ShellOptions options;
        try
        {
            options = ShellArguments.Parse(args);
        }
        catch (SharpCoreDBException e)
        {
            Console.Error.WriteLine($"sharpcoredb: {e.Message}");
            Console.Error.WriteLine("Enter \"sharpcoredb --help\" for usage.");
            return ExitUsage;
        }

        if (options.ShowHelp)
        {
            Console.Out.WriteLine(ShellArguments.Usage);
            return Shell.ExitSuccess;
        }

        if (options.ShowVersion)
        {
            Console.Out.WriteLine($"sharpcoredb {Shell.Version}");
            return Shell.ExitSuccess;
        }

        Console.OutputEncoding = Encoding.UTF8;
        bool inputIsTerminal = !Console.IsInputRedirected;
        bool terminal = inputIsTerminal && !Console.IsOutputRedirected && options.Command is null;
        IAnsiConsole ansi = ShellConsoleFactory.CreateAnsi(Console.Out, terminal);

        // Prompts go to standard error so they never end up in redirected results.
        IAnsiConsole prompts = ShellConsoleFactory.CreateAnsi(Console.Error, inputIsTerminal);
        var console = new ShellConsole
        {
            In = Console.In,
            Out = Console.Out,
            Error = Console.Error,
            Ansi = ansi,
            Passwords = new ConsolePasswordSource(prompts, inputIsTerminal),
            Terminal = terminal ? new RadLineSource(ansi, new HistoryFile(HistoryFile.DefaultPath)) : null,
        };
        using var shell = new Shell(options, console);
        return shell.Run();
    }
}
