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
}
