using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Parsing;

/// <summary>
/// Entry points of the SQL front end: text in, immutable AST out. Used on a statement-cache miss.
/// </summary>
/// <remarks>
/// Every syntax problem (including unterminated strings, comments and quoted identifiers, and input nested
/// deeper than <see cref="Parser.MaxDepth"/>) raises <see cref="SharpCoreDBException"/> with
/// <see cref="SharpCoreDBErrorCode.SyntaxError"/> and the 1-based line and column. Input nested deeply enough to use
/// up the caller's stack below that limit is parsed again on a thread with a large stack (<see cref="StackGuard"/>).
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
        try
        {
            var parser = new Parser(sql);
            return parser.ParseSingle();
        }
        catch (InsufficientStackException)
        {
            string text = sql.ToString();
            return StackGuard.RunOnLargeStack(() => new Parser(text).ParseSingle(), "the statement");
        }
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
        try
        {
            var parser = new Parser(sql);
            return parser.ParseAll();
        }
        catch (InsufficientStackException)
        {
            string text = sql.ToString();
            return StackGuard.RunOnLargeStack(() => new Parser(text).ParseAll(), "the statement");
        }
    }

    /// <summary>Parses text that must be exactly one expression (for defaults, tests and tools).</summary>
    /// <param name="sql">The expression text.</param>
    /// <returns>The expression.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="sql"/> is null.</exception>
    /// <exception cref="SharpCoreDBException">The text is not exactly one valid expression.</exception>
    public static Expression ParseExpression(string sql)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return StackGuard.Run(() => new Parser(sql).ParseStandaloneExpression(), "the expression");
    }
}
