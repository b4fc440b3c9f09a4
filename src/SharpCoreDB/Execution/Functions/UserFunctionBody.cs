using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Functions;

/// <summary>The engine side of a scalar function registered from C#: converts the arguments, calls the delegate and
/// converts its result back.</summary>
/// <param name="arguments">The evaluated arguments (as many as the function was registered with).</param>
/// <returns>The result.</returns>
internal delegate SqlValue UserFunctionBody(ReadOnlySpan<SqlValue> arguments);
