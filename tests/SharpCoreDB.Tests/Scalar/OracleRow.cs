using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>A result row from the oracle, or its error message.</summary>
internal sealed record OracleRow(SqlValue[] Values, string? Error);
