using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution;

/// <summary>BEGIN, COMMIT/END or ROLLBACK: carried out by the session.</summary>
/// <param name="schema">The schema.</param>
/// <param name="kind">Which of the three.</param>
internal sealed class TransactionControlPlan(Schema schema, PlanKind kind) : ExecutablePlan(schema, [])
{
    /// <inheritdoc />
    public override PlanKind Kind => kind;

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => [kind switch { PlanKind.Begin => "BEGIN", PlanKind.Commit => "COMMIT", _ => "ROLLBACK" }];
}
