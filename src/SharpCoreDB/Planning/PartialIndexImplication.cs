using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>
/// Whether a query's WHERE implies a partial index's WHERE, so that the index holds every row the query can return.
/// SQLite's rules (https://www.sqlite.org/partialindex.html, <c>whereUsablePartialIndex</c>): every AND-term of the
/// index's WHERE must be implied by one term of the query's WHERE, where a term implies another that is the same
/// expression, an OR with a side it implies, or <c>z IS NOT NULL</c> when the term compares <c>z</c> (=, &lt;&gt;,
/// &lt;, &lt;=, &gt;, &gt;=, IN, arithmetic over it) so that a NULL <c>z</c> could never make it true. No algebra:
/// <c>b &gt; 6</c> does not imply <c>b &gt; 5</c>.
/// </summary>
/// <remarks>
/// Both sides are bound against the same slot and rewritten by the same rules; the OR-to-IN rule turns
/// <c>c = 5 OR c = 6</c> into <c>c IN (5, 6)</c>, so an IN term of the index is implied by an equality with one of its
/// values or an IN with a subset of them, which is the OR rule in that form.
/// </remarks>
internal static class PartialIndexImplication
{
    /// <summary>True when the conjuncts imply the index's predicate.</summary>
    /// <param name="predicate">The index's WHERE, bound against the query's slot for the table.</param>
    /// <param name="conjuncts">The query's AND-terms usable at the table.</param>
    /// <returns>Whether the partial index may be used.</returns>
    public static bool Implies(Expr predicate, IReadOnlyList<Expr> conjuncts)
    {
        var pending = new Stack<Expr>();
        pending.Push(predicate);
        while (pending.Count > 0)
        {
            Expr term = pending.Pop();
            if (term is LogicalExpr { IsAnd: true } and)
            {
                pending.Push(and.Right);
                pending.Push(and.Left);
                continue;
            }

            bool implied = false;
            foreach (Expr conjunct in conjuncts)
            {
                if (TermImplies(conjunct, term))
                {
                    implied = true;
                    break;
                }
            }

            if (!implied)
            {
                return false;
            }
        }

        return true;
    }

    private static bool TermImplies(Expr term, Expr target)
    {
        if (ExprEquivalence.Same(term, target))
        {
            return true;
        }

        switch (target)
        {
            case LogicalExpr { IsAnd: false } or:
                return TermImplies(term, or.Left) || TermImplies(term, or.Right);
            case IsNullExpr { Negated: true } notNull:
                return ImpliesNotNull(term, notNull.Operand);
            case InListExpr { Negated: false } list:
                return term switch
                {
                    ComparisonExpr { Operator: BinaryOperator.Equal } equal when ExprEquivalence.Same(equal.Left, list.Operand) => Contains(list.Items, equal.Right),
                    InListExpr { Negated: false } subset when ExprEquivalence.Same(subset.Operand, list.Operand) => ContainsAll(list.Items, subset.Items),
                    _ => false,
                };
            default:
                return false;
        }
    }

    // SQLite's exprImpliesNotNull: true when the term can be true only if z is not NULL. SQLite's seenNot flag only
    // matters for IS TRUE, BETWEEN and IN (subquery), which are not followed here (they answer false).
    private static bool ImpliesNotNull(Expr term, Expr z)
    {
        if (ExprEquivalence.Same(term, z))
        {
            return true;
        }

        switch (term)
        {
            case InListExpr list:
                return ImpliesNotNull(list.Operand, z);
            case InSubqueryExpr:
                return false;
            case ComparisonExpr comparison when comparison.Operator is not (BinaryOperator.Is or BinaryOperator.IsNot):
                return ImpliesNotNull(comparison.Right, z) || ImpliesNotNull(comparison.Left, z);
            case ArithmeticExpr arithmetic:
                return ImpliesNotNull(arithmetic.Right, z) || ImpliesNotNull(arithmetic.Left, z);
            case UnaryExpr unary:
                return ImpliesNotNull(unary.Operand, z);
            case NotExpr not:
                return ImpliesNotNull(not.Operand, z);
            default:
                return false;
        }
    }

    private static bool Contains(IReadOnlyList<Expr> items, Expr value)
    {
        foreach (Expr item in items)
        {
            if (ExprEquivalence.Same(item, value))
            {
                return true;
            }
        }

        return false;
    }

    private static bool ContainsAll(IReadOnlyList<Expr> items, IReadOnlyList<Expr> values)
    {
        foreach (Expr value in values)
        {
            if (!Contains(items, value))
            {
                return false;
            }
        }

        return true;
    }
}
