using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>CREATE INDEX of a partial index or an index on expressions: its WHERE and key expressions, bound against the table's row.</summary>
/// <param name="Statement">The CREATE INDEX.</param>
/// <param name="Predicate">The bound WHERE, not yet rewritten, or null.</param>
/// <param name="Keys">The bound key expressions (null for a plain column), or null; rewritten as the statement's definitions.</param>
/// <param name="RowSlot">The slot of the row they read.</param>
internal sealed record BoundCreateIndex(CreateIndexStatement Statement, Expr? Predicate, Expr?[]? Keys, int RowSlot) : BoundSchemaChange;
