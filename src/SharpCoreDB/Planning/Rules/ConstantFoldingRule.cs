using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;

namespace SharpCoreDB.Planning.Rules;

/// <summary>
/// Evaluates constant sub-expressions once at plan time. Nodes that carry an affinity (CAST) or a COLLATE are kept, because a
/// literal would lose the affinity comparisons use; a constant whose evaluation fails (an overflow) is left for
/// run time, where the error belongs to the statement's execution. LIKE and GLOB stay for run time too (they can
/// run long; only there can a timeout stop them).
/// </summary>
internal sealed class ConstantFoldingRule : IRewriteRule
{
    // Folding runs before the database's length limit is known, so it folds only values (and intermediates) of
    // at most this many bytes: a larger constant is evaluated at run time, under the database's own limit, which
    // is never set below this.
    private static readonly Execution.ExecutionContext s_context = new([]) { MaxLength = ValueLimits.MinimumMaxLength };

    /// <inheritdoc />
    public string Name => "constant-folding";

    /// <inheritdoc />
    public Expr Apply(Expr node)
    {
        // A COLLATE inside is kept too: the collation belongs to the comparison or sort around the constant.
        if (node is LiteralExpr || node.Affinity != Affinity.None || !node.IsConstant || node.HasExplicitCollation)
        {
            return node;
        }

        // LIKE and GLOB (operators and the like()/glob() functions) take up to text × pattern steps: they run with
        // the statement, where the command timeout and Cancel reach them, never at plan time, where nothing can stop them.
        if (node is LikeExpr or FunctionExpr { IsCancellable: true })
        {
            return node;
        }

        try
        {
            // Constant nodes read no slots, parameters or transaction, so a shared empty context is enough.
            return new LiteralExpr(node.Evaluate(s_context));
        }
        catch (SharpCoreDBException)
        {
            return node;
        }
    }
}
