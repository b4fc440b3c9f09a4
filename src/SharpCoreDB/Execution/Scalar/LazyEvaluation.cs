namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// How the executor must evaluate a function's arguments. SQLite evaluates the arguments of these functions only
/// as far as needed (so <c>coalesce(1, 1/0)</c> or <c>iif(x, a, expensive())</c> never evaluate what is not used);
/// the eager <see cref="ScalarFunction.Invoke"/> gives the same result when every argument is already evaluated.
/// </summary>
internal enum LazyEvaluation : byte
{
    /// <summary>Evaluate every argument, then call <see cref="ScalarFunction.Invoke"/>.</summary>
    None = 0,

    /// <summary>
    /// <c>coalesce(a, b, ...)</c> and <c>ifnull(a, b)</c>: evaluate left to right and return the first non-NULL
    /// argument (NULL if all are NULL).
    /// </summary>
    FirstNonNull = 1,

    /// <summary>
    /// <c>iif(c1, v1 [, c2, v2 ...] [, else])</c> and <c>if(...)</c>: for each condition/value pair in order, evaluate
    /// the condition and, when <see cref="Logic.IsTrue"/>, evaluate and return its value; after the pairs, evaluate
    /// and return the trailing else argument if there is one, otherwise NULL. Like CASE WHEN.
    /// </summary>
    Conditional = 2,
}
