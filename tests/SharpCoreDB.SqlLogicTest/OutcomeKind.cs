namespace SharpCoreDB.SqlLogicTest;

/// <summary>What running one record came to.</summary>
internal enum OutcomeKind
{
    /// <summary>The record ran and matched.</summary>
    Passed,

    /// <summary>The record ran and did not match, or the engine failed on it.</summary>
    Failed,

    /// <summary>A skipif/onlyif condition excluded the record.</summary>
    Skipped,

    /// <summary>A control record (hash-threshold) that counts toward nothing.</summary>
    Control,

    /// <summary>A <c>halt</c> that applies: stop the file.</summary>
    Halt,
}
