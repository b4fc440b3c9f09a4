using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <summary>
/// Whether a function call gives the same result for the same row every time: what SQLite requires of the
/// expressions it stores and evaluates again later (a partial index's WHERE, an index expression, a generated
/// column). The one place that answers it: on the syntax when the schema text is built, and again on the bound
/// expression (<see cref="RequireDeterministic"/>), where functions registered from C# say what they are.
/// </summary>
internal static class Determinism
{
    /// <summary>True when the call is deterministic.</summary>
    /// <param name="call">The call.</param>
    /// <returns>False for random(), randomblob(), changes(), last_insert_rowid(), total_changes() and the date and time functions asked for the current time ('now' or no time value).</returns>
    public static bool IsDeterministic(FunctionCallExpression call)
    {
        int count = call.Arguments.IsDefault ? 0 : call.Arguments.Length;
        if (ConnectionCounterExpr.TryParse(call.Name, out _))
        {
            return false;
        }

        if (!ScalarFunctions.TryResolve(call.Name, count, out ScalarFunction? function) || function.IsDeterministic)
        {
            // An unknown function is reported by the binder with its own message.
            return true;
        }

        // The date and time functions depend on the clock only when asked for 'now' (SQLite's "slow-changing"
        // functions): with no time value, or with the literal 'now'.
        int timeValues = string.Equals(function.Name, "strftime", StringComparison.Ordinal) ? 1 : 0;
        if (!function.ReadsClockOnly || count <= timeValues)
        {
            return false;
        }

        foreach (Expression argument in call.Arguments)
        {
            if (argument is StringLiteral { Value: var text } && string.Equals(text.Trim(), "now", StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Checks an expression SQLite stores in the schema and evaluates per row: no subquery, no parameter, no
    /// non-deterministic function; SQLite's message names where it is (<paramref name="where"/>).
    /// </summary>
    /// <param name="expression">The expression.</param>
    /// <param name="where">"partial index WHERE clauses", "index expressions", "CHECK constraints".</param>
    /// <param name="anyFunction">
    /// True where SQLite accepts non-deterministic functions (a CHECK constraint may call random()): then only
    /// subqueries and parameters are refused.
    /// </param>
    /// <exception cref="SharpCoreDBException">Unsupported with SQLite's message.</exception>
    public static void CheckStoredExpression(Expression expression, string where, bool anyFunction = false)
    {
        SyntaxNode? refused = null;
        string? what = null;
        SyntaxWalker.Walk(expression, node =>
        {
            if (refused is not null)
            {
                return false;
            }

            (refused, what) = node switch
            {
                SubqueryExpression or ExistsExpression or InSubqueryExpression or InTableExpression => (node, "subqueries"),
                ParameterExpression => (node, "parameters"),
                CurrentTimeLiteral when !anyFunction => (node, "non-deterministic functions"),
                FunctionCallExpression call when !anyFunction && !IsDeterministic(call) => (node, "non-deterministic functions"),
                _ => ((SyntaxNode?)null, (string?)null),
            };
            return refused is null;
        });
        if (refused is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"{what} prohibited in {where}", refused.Position);
        }
    }

    /// <summary>SQLite's name for index expressions in its error message.</summary>
    public const string IndexExpressions = "index expressions";

    /// <summary>SQLite's name for partial index WHERE clauses in its error message.</summary>
    public const string PartialIndexWhere = "partial index WHERE clauses";

    /// <summary>SQLite's name for generated columns in its error message.</summary>
    public const string GeneratedColumns = "generated columns";

    /// <summary>
    /// The check of <see cref="CheckStoredExpression"/> once the expression is bound, where a call's function is
    /// known: a function registered from C# without <c>isDeterministic: true</c> is refused too (the syntax alone
    /// cannot tell it from a deterministic one).
    /// </summary>
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
    /// their 'now' reads the clock, which <see cref="CheckStoredExpression"/> refuses).</summary>
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
