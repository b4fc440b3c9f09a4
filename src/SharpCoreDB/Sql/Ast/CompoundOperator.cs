namespace SharpCoreDB.Sql.Ast;

/// <summary>How a compound SELECT combines a term with the result so far.</summary>
internal enum CompoundOperator
{
    /// <summary><c>UNION</c></summary>
    Union,

    /// <summary><c>UNION ALL</c></summary>
    UnionAll,

    /// <summary><c>INTERSECT</c></summary>
    Intersect,

    /// <summary><c>EXCEPT</c></summary>
    Except,
}
