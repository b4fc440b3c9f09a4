using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// The recursive table of a recursive common table expression while its recursive SELECT runs: the one row just
/// taken from the queue, which is all that SELECT sees of the table (SQLite's algorithm).
/// </summary>
internal sealed class RecursiveTable
{
    /// <summary>The row the recursive SELECT runs for, or null before the first.</summary>
    public SqlValue[]? Row { get; set; }
}
