using System.Text;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// CASE [operand] WHEN … THEN … [ELSE …] END, evaluated lazily: only the chosen branch (and the conditions up to
/// it) run. COALESCE, IFNULL and IIF are bound to this node or to <see cref="CoalesceExpr"/> for the same reason.
/// </summary>
/// <param name="operand">The operand of the simple form, or null for the searched form.</param>
/// <param name="conditions">The WHEN expressions.</param>
/// <param name="results">The THEN expressions.</param>
/// <param name="otherwise">The ELSE expression, or null (NULL).</param>
internal sealed class CaseExpr(Expr? operand, IReadOnlyList<Expr> conditions, IReadOnlyList<Expr> results, Expr? otherwise) : Expr
{
    // CASE x WHEN y compares as x = y, each WHEN with its own collation (null entries for BINARY).
    private readonly Collation?[]? _collations = CollationsOf(operand, conditions);

    /// <summary>The operand of the simple form, or null.</summary>
    public Expr? Operand { get; } = operand;

    /// <summary>The WHEN expressions.</summary>
    public IReadOnlyList<Expr> Conditions { get; } = conditions;

    /// <summary>The THEN expressions.</summary>
    public IReadOnlyList<Expr> Results { get; } = results;

    /// <summary>The ELSE expression, or null.</summary>
    public Expr? Otherwise { get; } = otherwise;

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Children
    {
        get
        {
            var children = new List<Expr>(Conditions.Count * 2 + 2);
            if (Operand is not null)
            {
                children.Add(Operand);
            }

            for (int i = 0; i < Conditions.Count; i++)
            {
                children.Add(Conditions[i]);
                children.Add(Results[i]);
            }

            if (Otherwise is not null)
            {
                children.Add(Otherwise);
            }

            return children;
        }
    }

    /// <inheritdoc />
    public override SqlValue Evaluate(ExecutionContext context)
    {
        if (Operand is null)
        {
            for (int i = 0; i < Conditions.Count; i++)
            {
                if (Conditions[i].EvaluateTruth(context) == true)
                {
                    return Results[i].Evaluate(context);
                }
            }
        }
        else
        {
            SqlValue value = Operand.Evaluate(context);
            if (!value.IsNull)
            {
                for (int i = 0; i < Conditions.Count; i++)
                {
                    SqlValue candidate = Conditions[i].Evaluate(context);
                    if (!candidate.IsNull && Comparison.Compare(value, candidate, AffinityRules.ForComparison(Operand.Affinity, Conditions[i].Affinity), _collations![i]) == 0)
                    {
                        return Results[i].Evaluate(context);
                    }
                }
            }
        }

        return Otherwise is null ? SqlValue.Null : Otherwise.Evaluate(context);
    }

    private static Collation?[]? CollationsOf(Expr? operand, IReadOnlyList<Expr> conditions)
    {
        if (operand is null)
        {
            return null;
        }

        var collations = new Collation?[conditions.Count];
        for (int i = 0; i < collations.Length; i++)
        {
            collations[i] = CollationRules.NonBinary(CollationRules.ForComparison(operand, conditions[i]));
        }

        return collations;
    }

    /// <inheritdoc />
    public override Expr WithChildren(IReadOnlyList<Expr> children)
    {
        int index = 0;
        Expr? operand = Operand is null ? null : children[index++];
        var conditions = new Expr[Conditions.Count];
        var results = new Expr[Results.Count];
        for (int i = 0; i < conditions.Length; i++)
        {
            conditions[i] = children[index++];
            results[i] = children[index++];
        }

        Expr? otherwise = Otherwise is null ? null : children[index];
        return new CaseExpr(operand, conditions, results, otherwise);
    }

    /// <inheritdoc />
    public override void Format(StringBuilder builder)
    {
        builder.Append("CASE");
        if (Operand is not null)
        {
            builder.Append(' ');
            Operand.Format(builder);
        }

        for (int i = 0; i < Conditions.Count; i++)
        {
            builder.Append(" WHEN ");
            Conditions[i].Format(builder);
            builder.Append(" THEN ");
            Results[i].Format(builder);
        }

        if (Otherwise is not null)
        {
            builder.Append(" ELSE ");
            Otherwise.Format(builder);
        }

        builder.Append(" END");
    }
}
