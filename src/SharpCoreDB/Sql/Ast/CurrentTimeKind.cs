namespace SharpCoreDB.Sql.Ast;

/// <summary>Which of the current-time keywords a <see cref="CurrentTimeLiteral"/> is.</summary>
internal enum CurrentTimeKind
{
    /// <summary><c>CURRENT_DATE</c></summary>
    Date,

    /// <summary><c>CURRENT_TIME</c></summary>
    Time,

    /// <summary><c>CURRENT_TIMESTAMP</c></summary>
    Timestamp,
}
