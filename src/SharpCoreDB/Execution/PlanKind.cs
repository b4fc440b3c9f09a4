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
}
