using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Parsing;

/// <summary>
/// Entry points of the SQL front end: text in, immutable AST out. Used on a statement-cache miss.
/// </summary>
/// <remarks>
/// Every syntax problem (including unterminated strings, comments and quoted identifiers, and input nested
/// deeper than <see cref="Parser.MaxDepth"/>) raises <see cref="SharpCoreDBException"/> with
/// <see cref="SharpCoreDBErrorCode.SyntaxError"/> and the 1-based line and column.
/// </remarks>
internal static class SqlParser
{
    /// <summary>Parses text holding exactly one statement (a trailing <c>;</c> is allowed).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statement.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="SharpCoreDBException">The text is not exactly one valid statement.</exception>
    public static Statement ParseStatement(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return ParseStatement(sql.AsSpan());
    }

    /// <summary>Parses text holding exactly one statement (a trailing <c>;</c> is allowed).</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statement.</returns>
    /// <exception cref="SharpCoreDBException">The text is not exactly one valid statement.</exception>
    public static Statement ParseStatement(ReadOnlySpan<char> sql)
    {
        var parser = new Parser(sql);
        return parser.ParseSingle();
    }

    /// <summary>Parses every <c>;</c>-separated statement in the text.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statements in order; empty when the text holds only whitespace, comments and semicolons.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="SharpCoreDBException">Any statement does not parse.</exception>
    public static ImmutableArray<Statement> ParseAll(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return ParseAll(sql.AsSpan());
    }

    /// <summary>Parses every <c>;</c>-separated statement in the text.</summary>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statements in order.</returns>
    /// <exception cref="SharpCoreDBException">Any statement does not parse.</exception>
    public static ImmutableArray<Statement> ParseAll(ReadOnlySpan<char> sql)
    {
        var parser = new Parser(sql);
        return parser.ParseAll();
    }

    /// <summary>Parses text that must be exactly one expression (for defaults, tests and tools).</summary>
    /// <param name="sql">The expression text.</param>
    /// <returns>The expression.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="SharpCoreDBException">The text is not exactly one valid expression.</exception>
    public static Expression ParseExpression(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        var parser = new Parser(sql);
        return parser.ParseStandaloneExpression();
    }
}
