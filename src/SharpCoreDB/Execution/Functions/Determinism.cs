using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Functions;

/// <summary>
/// Where SQLite refuses non-deterministic functions: index expressions, partial index WHERE clauses and generated
/// columns ("non-deterministic functions prohibited in ..."). CHECK constraints and DEFAULT expressions are not among
/// them: SQLite allows random() or a non-deterministic application function there. A function registered from C#
/// is deterministic only when registered with <c>isDeterministic: true</c>.
/// </summary>
internal static class Determinism
{
    /// <summary>SQLite's name for index expressions in its error message.</summary>
    public const string IndexExpressions = "index expressions";

    /// <summary>SQLite's name for partial index WHERE clauses in its error message.</summary>
    public const string PartialIndexWhere = "partial index WHERE clauses";

    /// <summary>SQLite's name for generated columns in its error message.</summary>
    public const string GeneratedColumns = "generated columns";

    /// <summary>Throws SQLite's error when <paramref name="expression"/> calls a non-deterministic function.</summary>
    /// <param name="expression">The bound expression.</param>
    /// <param name="where">Where it appears: <see cref="IndexExpressions"/>, <see cref="PartialIndexWhere"/> or
    /// <see cref="GeneratedColumns"/>.</param>
    /// <exception cref="SharpCoreDBException"><see cref="SharpCoreDBErrorCode.Unsupported"/>:
    /// "non-deterministic functions prohibited in <paramref name="where"/>".</exception>
    public static void RequireDeterministic(Expr expression, string where)
    {
        ArgumentNullException.ThrowIfNull(expression);
        if (FindNonDeterministic(expression) is not null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"non-deterministic functions prohibited in {where}");
        }
    }

    /// <summary>The first call in <paramref name="expression"/> whose result may differ between calls with equal
    /// arguments: random(), randomblob(), changes(), total_changes(), last_insert_rowid(), or a function registered
    /// without <c>isDeterministic</c>. The date and time functions count as deterministic here, as in SQLite (only
    /// their 'now' reads the clock).</summary>
    /// <param name="expression">The bound expression.</param>
    /// <returns>The call, or null when every call is deterministic.</returns>
    public static Expr? FindNonDeterministic(Expr expression)
    {
        ArgumentNullException.ThrowIfNull(expression);

        // An explicit stack, not recursion: a bound expression can be nested deeper than the thread's stack allows.
        var pending = new Stack<Expr>();
        pending.Push(expression);
        while (pending.TryPop(out Expr? current))
        {
            if (current is ConnectionCounterExpr
                || (current is FunctionExpr call && !call.Function.IsDeterministic && !call.Function.ReadsClockOnly))
            {
                return current;
            }

            foreach (Expr child in current.Children)
            {
                pending.Push(child);
            }
        }

        return null;
    }
}
