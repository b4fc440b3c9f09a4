using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>The implementation of a scalar SQL function whose work can grow without bound (like(), glob()).</summary>
/// <param name="arguments">The evaluated arguments (their count is within the function's arity).</param>
/// <param name="cancellationToken">The statement's token (command timeout, Cancel()): a long call checks it.</param>
/// <returns>The result.</returns>
internal delegate SqlValue CancellableScalarFunctionBody(ReadOnlySpan<SqlValue> arguments, CancellationToken cancellationToken);
