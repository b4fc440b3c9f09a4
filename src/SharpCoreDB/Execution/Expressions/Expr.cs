using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>
/// A bound, executable expression: the binder builds these from the AST with every name resolved to a slot and
/// column; the planner rewrites them (constant folding, normalization); the executor evaluates them against the
/// rows in the <see cref="ExecutionContext"/>.
/// </summary>
internal abstract class Expr
{
    /// <summary>Evaluates the expression.</summary>
    /// <param name="context">The execution context.</param>
    /// <returns>The value.</returns>
    public abstract SqlValue Evaluate(ExecutionContext context);

    /// <summary>Evaluates the expression as a condition: true, false or unknown (NULL).</summary>
    /// <param name="context">The execution context.</param>
    /// <returns>The truth value.</returns>
    public virtual bool? EvaluateTruth(ExecutionContext context) => Logic.Truth(Evaluate(context));

    /// <summary>The affinity the expression carries into comparisons: a column's, a CAST's, or none.</summary>
    public virtual Affinity Affinity => Affinity.None;

    /// <summary>
    /// The collation the expression carries into comparisons, sorts and groupings (SQLite's
    /// <c>sqlite3ExprCollSeq</c>): an explicit <c>COLLATE</c>'s, a column's (BINARY when it declares none), passed
    /// through CAST and unary +, else the first operand's that holds an explicit <c>COLLATE</c>; null for none.
    /// </summary>
    public virtual Collation? Collation
    {
        get
        {
            foreach (Expr child in Children)
            {
                if (child.HasExplicitCollation)
                {
                    return child.Collation;
                }
            }

            return null;
        }
    }

    /// <summary>True when a <c>COLLATE</c> appears in the expression outside subqueries (SQLite's EP_Collate).</summary>
    public virtual bool HasExplicitCollation
    {
        get
        {
            foreach (Expr child in Children)
            {
                if (child.HasExplicitCollation)
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary>The CLR type the result column reports (from a column's declared type), or none.</summary>
    public virtual SqlDeclaredType DeclaredType => SqlDeclaredType.None;

    /// <summary>The declared type text of the result column (a column's type), or empty.</summary>
    public virtual string DeclaredTypeName => string.Empty;

    /// <summary>True when the value is the same in every row and execution (literals and pure functions of them).</summary>
    public virtual bool IsConstant
    {
        get
        {
            foreach (Expr child in Children)
            {
                if (!child.IsConstant)
                {
                    return false;
                }
            }

            return true;
        }
    }

    /// <summary>The direct sub-expressions.</summary>
    public abstract IReadOnlyList<Expr> Children { get; }

    /// <summary>A copy with new children (same count and order as <see cref="Children"/>).</summary>
    /// <param name="children">The new children.</param>
    /// <returns>The new node, or this one when nothing changed.</returns>
    public abstract Expr WithChildren(IReadOnlyList<Expr> children);

    /// <summary>Adds every slot the expression reads (subqueries add the outer slots they read).</summary>
    /// <param name="slots">The set to add to.</param>
    public virtual void CollectSlots(HashSet<int> slots)
    {
        foreach (Expr child in Children)
        {
            child.CollectSlots(slots);
        }
    }

    /// <summary>Writes the expression as SQL-like text for EXPLAIN.</summary>
    /// <param name="builder">The destination.</param>
    public abstract void Format(StringBuilder builder);

    /// <summary>The text EXPLAIN shows.</summary>
    /// <returns>The text.</returns>
    public override string ToString()
    {
        var builder = new StringBuilder();
        Format(builder);
        return builder.ToString();
    }

    /// <summary>Applies <paramref name="rewrite"/> to every node bottom-up.</summary>
    /// <param name="rewrite">The rewrite of one node whose children are already rewritten.</param>
    /// <returns>The rewritten tree.</returns>
    public Expr RewriteBottomUp(Func<Expr, Expr> rewrite)
    {
        IReadOnlyList<Expr> children = Children;
        Expr node = this;
        if (children.Count > 0)
        {
            Expr[]? changed = null;
            for (int i = 0; i < children.Count; i++)
            {
                Expr child = children[i].RewriteBottomUp(rewrite);
                if (!ReferenceEquals(child, children[i]))
                {
                    changed ??= [.. children];
                    changed[i] = child;
                }
            }

            if (changed is not null)
            {
                node = WithChildren(changed);
            }
        }

        return rewrite(node);
    }

    /// <summary>A boolean as a SQL value (1 or 0), NULL for unknown.</summary>
    /// <param name="value">The truth value.</param>
    /// <returns>The SQL value.</returns>
    protected static SqlValue FromTruth(bool? value) =>
        value is null ? SqlValue.Null : SqlValue.FromInt64(value.Value ? 1 : 0);
}
