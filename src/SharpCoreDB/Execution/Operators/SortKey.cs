namespace SharpCoreDB.Execution.Operators;

/// <summary>One ORDER BY key: a column of the projected row, its direction and where NULLs go.</summary>
/// <param name="Column">The column of the projected row.</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="NullsFirst">True when NULLs sort before every other value.</param>
internal readonly record struct SortKey(int Column, bool Descending, bool NullsFirst);
