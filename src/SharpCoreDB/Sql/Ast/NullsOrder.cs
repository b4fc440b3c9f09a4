namespace SharpCoreDB.Sql.Ast;

/// <summary>Where NULLs sort in an ORDER BY term.</summary>
internal enum NullsOrder
{
    /// <summary>Not written (SQLite: NULLs first when ascending, last when descending).</summary>
    Unspecified,

    /// <summary><c>NULLS FIRST</c></summary>
    First,

    /// <summary><c>NULLS LAST</c></summary>
    Last,
}
