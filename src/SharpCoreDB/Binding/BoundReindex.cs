using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Binding;

/// <summary>REINDEX: the indexes rebuilt, each with its bound WHERE (not yet rewritten) and key expressions.</summary>
/// <param name="Indexes">
/// Per index: the index, its bound WHERE or null, its bound key expressions or null (rewritten as the statement's
/// definitions), and the slot of the row they read (-1 for neither).
/// </param>
internal sealed record BoundReindex(List<(IndexSchema Index, Expr? Predicate, Expr?[]? Keys, int RowSlot)> Indexes) : BoundSchemaChange;
