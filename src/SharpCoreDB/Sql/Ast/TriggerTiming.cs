namespace SharpCoreDB.Sql.Ast;

/// <summary>When a trigger fires relative to its event.</summary>
internal enum TriggerTiming
{
    /// <summary>Not written (BEFORE).</summary>
    Unspecified,

    /// <summary><c>BEFORE</c></summary>
    Before,

    /// <summary><c>AFTER</c></summary>
    After,

    /// <summary><c>INSTEAD OF</c></summary>
    InsteadOf,
}
