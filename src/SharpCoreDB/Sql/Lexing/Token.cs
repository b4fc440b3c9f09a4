namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// One token: its class and where it is in the SQL text. The text itself is not copied; it is
/// <c>source.Slice(Start, Length)</c> and is materialized only where the AST needs a string.
/// </summary>
/// <param name="Kind">The lexical class.</param>
/// <param name="Keyword">The keyword a bare word spells, or <see cref="Keyword.None"/>.</param>
/// <param name="Start">Offset of the first character in the SQL text.</param>
/// <param name="Length">Number of characters, including quotes and prefixes.</param>
/// <param name="Line">1-based line of the first character.</param>
/// <param name="Column">1-based column of the first character.</param>
internal readonly record struct Token(TokenKind Kind, Keyword Keyword, int Start, int Length, int Line, int Column)
{
    /// <summary>Offset just past the last character.</summary>
    public int End => Start + Length;

    /// <summary>True when this is a bare word spelling <paramref name="keyword"/>.</summary>
    /// <param name="keyword">The keyword to test for.</param>
    /// <returns>Whether the token is that keyword.</returns>
    public bool Is(Keyword keyword) => Kind == TokenKind.Identifier && Keyword == keyword;
}
