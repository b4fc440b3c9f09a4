using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Planning.Rules;

/// <summary>A named rewrite of one expression node into an equivalent, easier to plan or cheaper form.</summary>
internal interface IRewriteRule
{
    /// <summary>The rule's name (EXPLAIN and tests refer to it).</summary>
    string Name { get; }

    /// <summary>Rewrites one node whose children are already rewritten.</summary>
    /// <param name="node">The node.</param>
    /// <returns>The replacement, or the node itself.</returns>
    Expr Apply(Expr node);
}
