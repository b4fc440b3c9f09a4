namespace SharpCoreDB.Sql.Ast;

/// <summary>The action of <c>RAISE(...)</c> in a trigger body.</summary>
internal enum RaiseAction
{
    /// <summary><c>RAISE(IGNORE)</c></summary>
    Ignore,

    /// <summary><c>RAISE(ROLLBACK, message)</c></summary>
    Rollback,

    /// <summary><c>RAISE(ABORT, message)</c></summary>
    Abort,

    /// <summary><c>RAISE(FAIL, message)</c></summary>
    Fail,
}
