namespace SharpCoreDB.SqlLogicTest;

/// <summary>The kinds of <see cref="ControlRecord"/>.</summary>
internal enum ControlKind
{
    /// <summary><c>hash-threshold N</c>: results with more than N values are compared by hash.</summary>
    HashThreshold,

    /// <summary><c>halt</c>: stop the file.</summary>
    Halt,

    /// <summary>A record the runner cannot parse; it counts as a failure so it gets noticed.</summary>
    Unknown,
}
