namespace SharpCoreDB.Sql.Ast;

/// <summary>Where a node starts in the SQL text, so later stages can say "at line 1, column 8".</summary>
/// <param name="Line">1-based line.</param>
/// <param name="Column">1-based column (in UTF-16 code units).</param>
/// <param name="Offset">0-based offset of the first character in the SQL text.</param>
internal readonly record struct SourcePosition(int Line, int Column, int Offset)
{
    /// <summary>Formats the position as <c>line L, column C</c> for error messages.</summary>
    /// <returns>The formatted position.</returns>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture, $"line {Line}, column {Column}");
}
