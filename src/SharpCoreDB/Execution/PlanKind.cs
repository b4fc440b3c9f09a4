namespace SharpCoreDB.Execution;

/// <summary>What kind of work a bound statement does, which decides the transaction it needs.</summary>
internal enum PlanKind : byte
{
    /// <summary>Returns rows; reads only.</summary>
    Query,

    /// <summary>Changes data or schema; needs the write transaction.</summary>
    Write,

    /// <summary>BEGIN.</summary>
    Begin,

    /// <summary>COMMIT / END.</summary>
    Commit,

    /// <summary>ROLLBACK.</summary>
    Rollback,

    /// <summary>CREATE TEMPORARY VIEW, or DROP VIEW (which may name a temporary view): the session's own schema.</summary>
    SessionSchema,

    /// <summary>SAVEPOINT, RELEASE or ROLLBACK TO: handled by the session's savepoint stack.</summary>
    Savepoint,

    /// <summary>PRAGMA foreign_keys or defer_foreign_keys = value: a setting of the session.</summary>
    SessionPragma,

    /// <summary>VACUUM, VACUUM INTO, PRAGMA rekey or decrypt: run by the session outside any transaction (see Engine/Maintenance).</summary>
    Maintenance,
}
