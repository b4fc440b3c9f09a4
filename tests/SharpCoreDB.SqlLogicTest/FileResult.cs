namespace SharpCoreDB.SqlLogicTest;

/// <summary>The counts of one script file, and the descriptions of its failures (when verbose).</summary>
internal sealed class FileResult
{
    /// <summary>Records that passed.</summary>
    public int Passed { get; set; }

    /// <summary>Records that failed, timed out, or that the runner could not parse.</summary>
    public int Failed { get; set; }

    /// <summary>Records skipped by skipif/onlyif.</summary>
    public int Skipped { get; set; }

    /// <summary>True when a record timed out and the rest of the file was abandoned.</summary>
    public bool TimedOut { get; set; }

    /// <summary>One multi-line description per failure (collected only when verbose).</summary>
    public List<string> Failures { get; } = [];
}
