using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// x [NOT] IN (list): true when an item equals x; otherwise NULL when x or any item is NULL; otherwise false.
/// An empty list is false (NOT IN: true) even for a NULL x, as in SQLite. Only the left operand's affinity
/// applies to the comparisons, as in SQLite. Items are evaluated lazily, up to the first match.
/// </summary>
/// <param name="operand">The operand.</param>
/// <param name="items">The list.</param>
/// <param name="negated">True for NOT IN.</param>
/// <param name="collation">The comparisons' collation, null for the left operand's own (SQLite's rule for lists).</param>
internal sealed class InListExpr(Expr operand, IReadOnlyList<Expr> items, bool negated, Collation? collation = null) : Expr
{
    private readonly Collation? _collation = CollationRules.NonBinary(collation ?? operand.Collation);

    /// <summary>The collation the comparisons use.</summary>
    public Collation ComparisonCollation => _collation ?? Collation.Binary;

    /// <summary>The operand.</summary>
    public Expr Operand { get; } = operand;

    /// <summary>The list items.</summary>
    public IReadOnlyList<Expr> Items { get; } = items;

    /// <summary>True for NOT IN.</summary>
    public bool Negated { get; } = negated;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children
    {
        get
        {
            var children = new Expr[Items.Count + 1];
            children[0] = Operand;
            for (int i = 0; i < Items.Count; i++)
            {
                children[i + 1] = Items[i];
            }

            return children;
        }
    }

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context) => FromTruth(EvaluateTruth(context));

    /// <inheritdoc />
    public override bool? EvaluateTruth(ExecutionContext context)
    {
        if (Items.Count == 0)
        {
            return Negated;
        }

        SqlValue value = Operand.Evaluate(context);
        if (value.IsNull)
        {
            return null;
        }

        bool sawNull = false;
        for (int i = 0; i < Items.Count; i++)
        {
            Expr item = Items[i];
            SqlValue candidate = item.Evaluate(context);
            if (candidate.IsNull)
            {
                sawNull = true;
            }
            else if (Comparison.Compare(value, candidate, Operand.Affinity, _collation) == 0)
            {
                return !Negated;
            }
        }

        return sawNull ? null : Negated;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children)
    {
        var items = new Expr[children.Count - 1];
        for (int i = 1; i < children.Count; i++)
        {
            items[i - 1] = children[i];
        }

        return new InListExpr(children[0], items, Negated, ComparisonCollation);
    }

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        Operand.Format(builder);
        builder.Append(Negated ? " NOT IN (" : " IN (");
        for (int i = 0; i < Items.Count; i++)
        {
            if (i > 0)
            {
                builder.Append(", ");
            }

            Items[i].Format(builder);
        }

        builder.Append(')');
    }
}
