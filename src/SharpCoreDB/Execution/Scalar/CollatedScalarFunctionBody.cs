using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The implementation of a scalar SQL function that compares its arguments (scalar min(), max(), nullif()): TEXT
/// compares under the call's collation, as SQLite's SQLITE_FUNC_NEEDCOLL functions do.
/// </summary>
/// <param name="arguments">The evaluated arguments (their count is within the function's arity).</param>
/// <param name="collation">The call's collation (<see cref="CollationRules.ForFunctionCall"/>), null for BINARY.</param>
/// <returns>The result.</returns>
internal delegate SqlValue CollatedScalarFunctionBody(ReadOnlySpan<SqlValue> arguments, Collation? collation);
