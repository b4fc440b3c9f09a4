namespace SharpCoreDB.Sql.Ast;

/// <summary>How a window frame's offsets count: rows, ORDER BY values, or peer groups.</summary>
internal enum FrameUnit
{
    /// <summary><c>ROWS</c>: offsets count rows.</summary>
    Rows,

    /// <summary><c>RANGE</c>: offsets are differences of the single ORDER BY value; peers move together.</summary>
    Range,

    /// <summary><c>GROUPS</c>: offsets count groups of peers.</summary>
    Groups,
}
