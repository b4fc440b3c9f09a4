namespace SharpCoreDB.SqlLogicTest;

/// <summary>A record that steers the run: <c>hash-threshold N</c> or <c>halt</c>, or one the runner does not know.</summary>
/// <param name="Line">The record's first line.</param>
/// <param name="Conditions">The skipif/onlyif lines in front of it.</param>
/// <param name="Kind">What it is.</param>
/// <param name="HashThreshold">For <see cref="ControlKind.HashThreshold"/>: the new threshold.</param>
/// <param name="Text">For <see cref="ControlKind.Unknown"/>: the record's first line.</param>
internal sealed record ControlRecord(int Line, IReadOnlyList<Condition> Conditions, ControlKind Kind, int HashThreshold = 0, string Text = "")
    : ScriptRecord(Line, Conditions);
