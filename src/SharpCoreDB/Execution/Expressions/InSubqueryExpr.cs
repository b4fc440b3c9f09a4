using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// x [NOT] IN (subquery): like IN with a list whose items are the subquery's first column. Uncorrelated
/// subqueries are read once per execution and their values cached; past a few values they are kept in a hash set of
/// <see cref="EqualityKey"/>s (an ordered set under a user collation), so each row's lookup does not compare with
/// every value.
/// </summary>
/// <param name="operand">The operand.</param>
/// <param name="plan">The subquery.</param>
/// <param name="negated">True for NOT IN.</param>
internal sealed class InSubqueryExpr(Expr operand, SubqueryPlan plan, bool negated) : Expr
{
    // Up to this many values a linear search costs less than hashing the operand.
    private const int HashAbove = 8;

    // x IN (SELECT y …) compares as x = y (SQLite's rule), null for BINARY.
    private readonly Collation? _collation = CollationRules.NonBinary(
        CollationRules.ForComparison(operand.Collation, operand.HasExplicitCollation, plan.FirstCollation, plan.FirstHasExplicitCollation));

    private readonly List<SqlValue> _values = [];
    private ISet<SqlValue>? _keys;
    private bool _sawNull;
    private long _stamp = -1;

    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    private ISet<SqlValue> Keys => _keys ??= SqlValueComparer.For(_collation).NewSet();

    /// <summary>The subquery.</summary>
    public SubqueryPlan Plan { get; } = plan;

    /// <summary>True for NOT IN.</summary>
    public bool Negated { get; } = negated;

    /// <inheritdoc />
    public override bool IsConstant => false;

    // The affinity every comparison of the operand with a value of the subquery applies.
    private Affinity ComparisonAffinity => AffinityRules.ForComparison(Operand.Affinity, Plan.FirstAffinity);

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children => [Operand];

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        if (Plan.IsCorrelated || _stamp != context.Stamp)
        {
            Load(context);
        }

        if (_values.Count == 0 && !_sawNull)
        {
            return Negated;
        }

        SqlValue value = Operand.Evaluate(context);
        if (value.IsNull)
        {
            return null;
        }

        Affinity affinity = ComparisonAffinity;
        if (_values.Count > HashAbove)
        {
            if (Keys.Contains(EqualityKey.Normalize(value, affinity)))
            {
                return !Negated;
            }
        }
        else
        {
            foreach (SqlValue candidate in _values)
            {
                if (Comparison.Compare(value, candidate, affinity, _collation) == 0)
                {
                    return !Negated;
                }
            }
        }

        return _sawNull ? null : Negated;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children) => new InSubqueryExpr(children[0], Plan, Negated);

    /// <inheritdoc />
    public override void CollectSlots(HashSet<int> slots)
    {
        Operand.CollectSlots(slots);
        slots.UnionWith(Plan.OuterSlots);
    }

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(Negated ? " NOT IN (subquery)" : " IN (subquery)");
    }

    private void Load(ExecutionContext context)
    {
        _values.Clear();
        _sawNull = false;
        Plan.Root.Open(context);
        try
        {
            SqlValue[] row = context.Slots[Plan.Slot];
            while (Plan.Root.Next(context))
            {
                if (row[0].IsNull)
                {
                    _sawNull = true;
                }
                else
                {
                    _values.Add(row[0]);
                }
            }
        }
        finally
        {
            Plan.Root.Close(context);
        }

        Keys.Clear();
        if (_values.Count > HashAbove)
        {
            Affinity affinity = ComparisonAffinity;
            foreach (SqlValue candidate in _values)
            {
                Keys.Add(EqualityKey.Normalize(candidate, affinity));
            }
        }

        _stamp = context.Stamp;
    }
}
