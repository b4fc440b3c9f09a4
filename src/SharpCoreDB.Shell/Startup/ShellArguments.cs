using SharpCoreDB.Shell.Output;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Shell.Startup;

/// <summary>Parses the command line: <c>sharpcoredb [options] [FILE]</c>.</summary>
internal static class ShellArguments
{
    /// <summary>The usage text printed by <c>--help</c> and after a bad argument.</summary>
    public const string Usage = """
        Usage: sharpcoredb [options] [FILE]

        Opens FILE (a SharpCoreDB database; created if missing unless --readonly), or an in-memory database when no
        FILE is given, and reads SQL and dot commands from the terminal, a pipe, or -c.

        Options:
          -c, --command SQL         run SQL (and dot commands, one per line) and exit
          --mode MODE               output mode: table, csv, json, line, markdown (default table)
          --durability MODE         Legacy, FullSync (default) or Async
          --readonly                open the database read-only
          --password-file PATH      read the password (or raw key, 64 hex digits) from the first line of PATH
          --bail on|off             in scripts, stop at the first error (on, the default) or go on
          -h, --help                show this help
          --version                 show the version

        The password also comes from the SHARPCOREDB_PASSWORD environment variable, or is prompted for (without echo)
        when the file is encrypted and standard input is a terminal. It is never taken as an argument.
        """;

    /// <summary>Parses the arguments.</summary>
    /// <param name="args">The command line.</param>
    /// <returns>The options.</returns>
    /// <exception cref="SharpCoreDBException">An argument is unknown, missing its value, or has a bad value.</exception>
    public static ShellOptions Parse(IReadOnlyList<string> args)
    {
        var options = new ShellOptions();
        bool haveFile = false;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            switch (arg)
            {
                case "-c" or "--command":
                    options.Command = Value(args, ref i);
                    break;
                case "--mode":
                    options.Mode = ParseMode(Value(args, ref i));
                    break;
                case "--durability":
                    options.Durability = ParseDurability(Value(args, ref i));
                    break;
                case "--readonly":
                    options.ReadOnly = true;
                    break;
                case "--password-file":
                    options.PasswordFile = Value(args, ref i);
                    break;
                case "--bail":
                    options.Bail = ParseOnOff("--bail", Value(args, ref i));
                    break;
                case "-h" or "--help":
                    options.ShowHelp = true;
                    break;
                case "--version":
                    options.ShowVersion = true;
                    break;
                case "--password" or "-p" or "--key":
                    throw Bad($"'{arg}': a password is never taken on the command line, where other users can see it; use --password-file PATH or the SHARPCOREDB_PASSWORD environment variable");
                default:
                    if (arg.StartsWith('-') && arg != "-")
                    {
                        throw Bad($"unknown option '{arg}'");
                    }

                    if (haveFile)
                    {
                        throw Bad($"unexpected argument '{arg}': only one database file can be opened");
                    }

                    options.DataSource = arg;
                    haveFile = true;
                    break;
            }
        }

        return options;
    }

    /// <summary>Parses an output mode name (case-insensitive).</summary>
    /// <param name="name">The name.</param>
    /// <returns>The mode.</returns>
    /// <exception cref="SharpCoreDBException">The name is not a mode.</exception>
    public static OutputMode ParseMode(string name) =>
        Enum.TryParse(name, ignoreCase: true, out OutputMode mode) && Enum.IsDefined(mode) && !char.IsDigit(name[0])
            ? mode
            : throw Bad($"unknown output mode '{name}'; use table, csv, json, line or markdown");

    /// <summary>Parses <c>on</c>/<c>off</c> (also <c>true</c>/<c>false</c>, <c>yes</c>/<c>no</c>, <c>1</c>/<c>0</c>).</summary>
    /// <param name="what">The setting, for the error message.</param>
    /// <param name="value">The text.</param>
    /// <returns>The flag.</returns>
    /// <exception cref="SharpCoreDBException">The text is neither.</exception>
    public static bool ParseOnOff(string what, string value) => value.ToUpperInvariant() switch
    {
        "ON" or "TRUE" or "YES" or "1" => true,
        "OFF" or "FALSE" or "NO" or "0" => false,
        _ => throw Bad($"{what} takes on or off, not '{value}'"),
    };

    private static DurabilityMode ParseDurability(string name) =>
        Enum.TryParse(name, ignoreCase: true, out DurabilityMode mode) && Enum.IsDefined(mode) && !char.IsDigit(name[0])
            ? mode
            : throw Bad($"unknown durability '{name}'; use Legacy, FullSync or Async");

    private static string Value(IReadOnlyList<string> args, ref int i)
    {
        if (i + 1 >= args.Count)
        {
            throw Bad($"option '{args[i]}' needs a value");
        }

        i++;
        return args[i];
    }

    private static SharpCoreDBException Bad(string message) => new(SharpCoreDBErrorCode.SyntaxError, message);
}
