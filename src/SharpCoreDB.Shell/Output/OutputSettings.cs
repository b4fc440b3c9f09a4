namespace SharpCoreDB.Shell.Output;

/// <summary>The output settings a session can change with dot commands.</summary>
internal sealed class OutputSettings
{
    /// <summary>The result format.</summary>
    public OutputMode Mode { get; set; } = OutputMode.Table;

    /// <summary>Whether csv output starts with a header line (<c>.headers on|off</c>).</summary>
    public bool Headers { get; set; } = true;

    /// <summary>What NULL prints as in the text modes (<c>.nullvalue</c>; SQLite's default is the empty string).</summary>
    public string NullValue { get; set; } = string.Empty;

    /// <summary>Whether the elapsed time is printed after each statement (<c>.timer on|off</c>).</summary>
    public bool Timer { get; set; }
}
