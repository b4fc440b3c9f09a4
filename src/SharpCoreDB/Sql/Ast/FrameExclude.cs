namespace SharpCoreDB.Sql.Ast;

/// <summary>The rows a window frame's <c>EXCLUDE</c> clause takes out of the frame.</summary>
internal enum FrameExclude
{
    /// <summary><c>EXCLUDE NO OTHERS</c> (the default): nothing.</summary>
    NoOthers,

    /// <summary><c>EXCLUDE CURRENT ROW</c>: the current row.</summary>
    CurrentRow,

    /// <summary><c>EXCLUDE GROUP</c>: the current row and its peers.</summary>
    Group,

    /// <summary><c>EXCLUDE TIES</c>: the current row's peers, but not the row itself.</summary>
    Ties,
}
