namespace SharpCoreDB.Sql.Lexing;

/// <summary>The lexical class of a <see cref="Token"/>.</summary>
internal enum TokenKind : byte
{
    /// <summary>No more tokens: the end of the SQL text.</summary>
    EndOfInput,

    /// <summary>A bare word; <see cref="Token.Keyword"/> tells whether it spells a keyword.</summary>
    Identifier,

    /// <summary>An identifier in <c>"double quotes"</c>, <c>[brackets]</c> or <c>`backticks`</c>; never a keyword.</summary>
    QuotedIdentifier,

    /// <summary>A decimal or hexadecimal (<c>0x1F</c>) integer literal.</summary>
    Integer,

    /// <summary>A numeric literal with a decimal point or an exponent.</summary>
    Real,

    /// <summary>A string literal in single quotes.</summary>
    String,

    /// <summary>A blob literal <c>X'0A0B'</c>.</summary>
    Blob,

    /// <summary>A parameter: <c>?</c>, <c>?NNN</c>, <c>:name</c>, <c>@name</c> or <c>$name</c>.</summary>
    Parameter,

    /// <summary><c>(</c></summary>
    LeftParen,

    /// <summary><c>)</c></summary>
    RightParen,

    /// <summary><c>,</c></summary>
    Comma,

    /// <summary><c>;</c></summary>
    Semicolon,

    /// <summary><c>.</c></summary>
    Dot,

    /// <summary><c>*</c></summary>
    Star,

    /// <summary><c>+</c></summary>
    Plus,

    /// <summary><c>-</c></summary>
    Minus,

    /// <summary><c>/</c></summary>
    Slash,

    /// <summary><c>%</c></summary>
    Percent,

    /// <summary><c>||</c></summary>
    Concat,

    /// <summary><c>-&gt;</c> (JSON subcomponent as JSON).</summary>
    Arrow,

    /// <summary><c>-&gt;&gt;</c> (JSON subcomponent as an SQL value).</summary>
    DoubleArrow,

    /// <summary><c>=</c> or <c>==</c></summary>
    Equal,

    /// <summary><c>!=</c> or <c>&lt;&gt;</c></summary>
    NotEqual,

    /// <summary><c>&lt;</c></summary>
    Less,

    /// <summary><c>&lt;=</c></summary>
    LessOrEqual,

    /// <summary><c>&gt;</c></summary>
    Greater,

    /// <summary><c>&gt;=</c></summary>
    GreaterOrEqual,

    /// <summary><c>&lt;&lt;</c></summary>
    ShiftLeft,

    /// <summary><c>&gt;&gt;</c></summary>
    ShiftRight,

    /// <summary><c>&amp;</c></summary>
    Ampersand,

    /// <summary><c>|</c></summary>
    Pipe,

    /// <summary><c>~</c></summary>
    Tilde,
}
