namespace SharpCoreDB.Sql.Ast;

/// <summary>The locking mode written after <c>BEGIN</c>.</summary>
internal enum TransactionMode
{
    /// <summary>Not written (DEFERRED).</summary>
    Unspecified,

    /// <summary><c>DEFERRED</c></summary>
    Deferred,

    /// <summary><c>IMMEDIATE</c></summary>
    Immediate,

    /// <summary><c>EXCLUSIVE</c></summary>
    Exclusive,
}
