using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Windows;

/// <summary>One ORDER BY term of a window.</summary>
/// <param name="Expression">The sort key.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="NullsFirst">True when NULLs sort before every other value.</param>
internal sealed record WindowOrderTerm(Expr Expression, bool Descending, bool NullsFirst);
