using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql;

/// <summary>
/// Builds the exceptions for SQL that parses but cannot run: unknown names, constraint failures, misuse. Messages
/// say what went wrong and, when the AST knows it, where (line and column, also set on the exception).
/// </summary>
internal static class SqlErrors
{
    /// <summary>Creates an exception pointing at a place in the SQL text.</summary>
    /// <param name="code">The error code.</param>
    /// <param name="message">What went wrong.</param>
    /// <param name="position">Where in the SQL text.</param>
    /// <returns>The exception to throw.</returns>
    public static SharpCoreDBException At(SharpCoreDBErrorCode code, string message, SourcePosition position)
    {
        if (position.Line <= 0)
        {
            return new SharpCoreDBException(code, message);
        }

        string located = string.Create(
            CultureInfo.InvariantCulture,
            $"{message} at line {position.Line}, column {position.Column}");
        return new SharpCoreDBException(code, located) { Line = position.Line, Column = position.Column };
    }

    /// <summary>Throws <see cref="At"/>.</summary>
    /// <param name="code">The error code.</param>
    /// <param name="message">What went wrong.</param>
    /// <param name="position">Where in the SQL text.</param>
    [DoesNotReturn]
    public static void Throw(SharpCoreDBErrorCode code, string message, SourcePosition position) =>
        throw At(code, message, position);

    /// <summary>Creates an exception without a position (execution-time failures such as constraint violations).</summary>
    /// <param name="code">The error code.</param>
    /// <param name="message">What went wrong.</param>
    /// <returns>The exception to throw.</returns>
    public static SharpCoreDBException Create(SharpCoreDBErrorCode code, string message) => new(code, message);
}
