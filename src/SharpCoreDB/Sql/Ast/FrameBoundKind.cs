namespace SharpCoreDB.Sql.Ast;

/// <summary>One end of a window frame.</summary>
internal enum FrameBoundKind
{
    /// <summary><c>UNBOUNDED PRECEDING</c>: the partition's first row.</summary>
    UnboundedPreceding,

    /// <summary><c>expr PRECEDING</c>.</summary>
    Preceding,

    /// <summary><c>CURRENT ROW</c> (with its peers for RANGE and GROUPS).</summary>
    CurrentRow,

    /// <summary><c>expr FOLLOWING</c>.</summary>
    Following,

    /// <summary><c>UNBOUNDED FOLLOWING</c>: the partition's last row.</summary>
    UnboundedFollowing,
}
