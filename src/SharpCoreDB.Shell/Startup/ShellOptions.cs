using SharpCoreDB.Shell.Output;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Shell.Startup;

/// <summary>What the command line asked for.</summary>
internal sealed class ShellOptions
{
    /// <summary>The database file, or <c>:memory:</c> when none was named.</summary>
    public string DataSource { get; set; } = ":memory:";

    /// <summary>SQL and dot commands to run instead of reading standard input (<c>-c</c>).</summary>
    public string? Command { get; set; }

    /// <summary>A file whose first line is the password (<c>--password-file</c>).</summary>
    public string? PasswordFile { get; set; }

    /// <summary>How commits reach the disk, or null for the library's default.</summary>
    public DurabilityMode? Durability { get; set; }

    /// <summary>Open the database read-only.</summary>
    public bool ReadOnly { get; set; }

    /// <summary>The initial output mode.</summary>
    public OutputMode Mode { get; set; } = OutputMode.Table;

    /// <summary>In script mode, stop at the first error (the default, <c>--bail on</c>).</summary>
    public bool Bail { get; set; } = true;

    /// <summary>Print usage and exit.</summary>
    public bool ShowHelp { get; set; }

    /// <summary>Print the version and exit.</summary>
    public bool ShowVersion { get; set; }
}
