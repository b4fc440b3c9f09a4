namespace SharpCoreDB.Sql.Ast;

/// <summary>An integer literal (decimal or hexadecimal).</summary>
/// <remarks>
/// Decimal literals too big for a 64-bit integer become a RealLiteral, as in SQLite; hexadecimal literals are
/// two's-complement 64-bit values. <c>-9223372036854775808</c> is folded into one literal.
/// </remarks>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Value">The value.</param>
internal sealed record IntegerLiteral(SourcePosition Position, long Value) : Expression(Position);
