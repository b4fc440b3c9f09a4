namespace SharpCoreDB.Sql.Ast;

/// <summary>What to do when a constraint fails (<c>INSERT OR ...</c>, <c>ON CONFLICT ...</c>).</summary>
internal enum ConflictResolution
{
    /// <summary>Not written (ABORT).</summary>
    Unspecified,

    /// <summary><c>ROLLBACK</c></summary>
    Rollback,

    /// <summary><c>ABORT</c></summary>
    Abort,

    /// <summary><c>FAIL</c></summary>
    Fail,

    /// <summary><c>IGNORE</c></summary>
    Ignore,

    /// <summary><c>REPLACE</c> (also <c>REPLACE INTO</c>)</summary>
    Replace,
}
