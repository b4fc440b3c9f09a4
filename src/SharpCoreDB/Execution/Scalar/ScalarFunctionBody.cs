using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>The implementation of a scalar SQL function.</summary>
/// <param name="arguments">The evaluated arguments (their count is within the function's arity).</param>
/// <param name="random">The random source for non-deterministic functions.</param>
/// <returns>The result.</returns>
internal delegate SqlValue ScalarFunctionBody(ReadOnlySpan<SqlValue> arguments, Random random);
