namespace SharpCoreDB.Sql.Ast;

/// <summary>The join operator in front of a table in a FROM clause.</summary>
internal enum JoinKind
{
    /// <summary><c>a, b</c>: an inner join the planner may reorder.</summary>
    Comma,

    /// <summary><c>JOIN</c> or <c>INNER JOIN</c></summary>
    Inner,

    /// <summary><c>LEFT [OUTER] JOIN</c></summary>
    Left,

    /// <summary><c>RIGHT [OUTER] JOIN</c></summary>
    Right,

    /// <summary><c>FULL [OUTER] JOIN</c></summary>
    Full,

    /// <summary><c>CROSS JOIN</c>: an inner join whose table order SQLite keeps as written.</summary>
    Cross,
}
