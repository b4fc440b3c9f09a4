using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>A CHECK constraint of a table: its optional name and its condition.</summary>
/// <param name="Name">The constraint name, or null.</param>
/// <param name="Condition">The condition; a row fails when it is false (NULL passes).</param>
internal sealed record CheckConstraint(string? Name, Expression Condition);
