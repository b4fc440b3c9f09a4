namespace SharpCoreDB.SqlLogicTest;

/// <summary><c>statement ok</c> or <c>statement error</c> with its SQL.</summary>
/// <param name="Line">The record's first line.</param>
/// <param name="Conditions">The skipif/onlyif lines in front of it.</param>
/// <param name="ExpectError">True for <c>statement error</c>.</param>
/// <param name="Sql">The SQL text (lines joined with \n).</param>
internal sealed record StatementRecord(int Line, IReadOnlyList<Condition> Conditions, bool ExpectError, string Sql)
    : ScriptRecord(Line, Conditions);
