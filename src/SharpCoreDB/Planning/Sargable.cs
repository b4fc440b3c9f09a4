using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning;

/// <summary>A conjunct an access path can use: a column of the table compared with values not from that table.</summary>
/// <param name="Column">The column's position in the table slot.</param>
/// <param name="Kind">Equality, IN list, lower or upper bound.</param>
/// <param name="Values">The compared values (one, or the IN list).</param>
/// <param name="Inclusive">For bounds: true for &gt;= and &lt;=.</param>
internal sealed record Sargable(int Column, SargableKind Kind, IReadOnlyList<Expr> Values, bool Inclusive)
{
    /// <summary>The collation the comparison uses; an index serves it only when its key has the same one.</summary>
    public Records.Collation Collation { get; init; } = Records.Collation.Binary;

    /// <summary>The conjunct this sargable came from (a filter an exact seek makes redundant).</summary>
    public Expr? Conjunct { get; init; }

    /// <summary>
    /// The affinity the conjunct itself compares with when evaluated on a row (the comparison's, or an IN list's
    /// left operand's); a seek reproduces the conjunct only when it converts seek values the same way.
    /// </summary>
    public Records.Affinity EvaluationAffinity { get; init; }
}
