namespace SharpCoreDB.Sql.Ast;

/// <summary>The direction of an ORDER BY term or an indexed column.</summary>
internal enum SortOrder
{
    /// <summary>Not written (ascending).</summary>
    Unspecified,

    /// <summary><c>ASC</c></summary>
    Ascending,

    /// <summary><c>DESC</c></summary>
    Descending,
}
