namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// Builds the one exception every lexing and parsing failure raises: a
/// <see cref="SharpCoreDBException"/> with <see cref="SharpCoreDBErrorCode.SyntaxError"/>, the 1-based line and
/// column, and a message naming the offending token and what was expected there.
/// </summary>
internal static class SyntaxErrors
{
    // Long tokens (a big string literal) are cut in the message; the position still points at them.
    private const int MaxNearLength = 40;

    /// <summary>Creates the exception for a problem at <paramref name="token"/>.</summary>
    /// <param name="source">The whole SQL text.</param>
    /// <param name="token">The token where the problem was found.</param>
    /// <param name="detail">What was expected or what is wrong, e.g. <c>expected an expression</c>.</param>
    /// <returns>The exception to throw.</returns>
    public static SharpCoreDBException At(ReadOnlySpan<char> source, in Token token, string detail) =>
        At(source, token.Start, token.Length, token.Line, token.Column, detail);

    /// <summary>Creates the exception for a problem at a span of the SQL text.</summary>
    /// <param name="source">The whole SQL text.</param>
    /// <param name="start">Offset of the offending text.</param>
    /// <param name="length">Length of the offending text.</param>
    /// <param name="line">1-based line of <paramref name="start"/>.</param>
    /// <param name="column">1-based column of <paramref name="start"/>.</param>
    /// <param name="detail">What was expected or what is wrong.</param>
    /// <returns>The exception to throw.</returns>
    public static SharpCoreDBException At(ReadOnlySpan<char> source, int start, int length, int line, int column, string detail)
    {
        string near;
        if (start >= source.Length)
        {
            near = "end of input";
        }
        else
        {
            int available = Math.Min(Math.Max(length, 1), source.Length - start);
            near = available > MaxNearLength
                ? "\"" + new string(source.Slice(start, MaxNearLength)) + "...\""
                : "\"" + new string(source.Slice(start, available)) + "\"";
        }

        string message = $"syntax error at line {line.ToString(System.Globalization.CultureInfo.InvariantCulture)}, column {column.ToString(System.Globalization.CultureInfo.InvariantCulture)} near {near}: {detail}";
        return new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, message) { Line = line, Column = column };
    }
}
