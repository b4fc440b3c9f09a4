namespace SharpCoreDB.Sql.Ast;

/// <summary><c>EXPLAIN [QUERY PLAN] statement</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="QueryPlan">True for EXPLAIN QUERY PLAN.</param>
/// <param name="Statement">The explained statement.</param>
internal sealed record ExplainStatement(
    SourcePosition Position,
    bool QueryPlan,
    Statement Statement)
    : Statement(Position);
