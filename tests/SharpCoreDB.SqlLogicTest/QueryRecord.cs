namespace SharpCoreDB.SqlLogicTest;

/// <summary><c>query &lt;types&gt; [sort] [label]</c>, its SQL and expected output.</summary>
/// <param name="Line">The record's first line.</param>
/// <param name="Conditions">The skipif/onlyif lines in front of it.</param>
/// <param name="Types">One letter per result column: I, R or T.</param>
/// <param name="Sort">The sort mode.</param>
/// <param name="Label">The hash label, or null.</param>
/// <param name="Sql">The SQL text (lines joined with \n).</param>
/// <param name="Expected">The lines after <c>----</c> (empty when there are none).</param>
internal sealed record QueryRecord(
    int Line,
    IReadOnlyList<Condition> Conditions,
    string Types,
    SortMode Sort,
    string? Label,
    string Sql,
    IReadOnlyList<string> Expected) : ScriptRecord(Line, Conditions);
