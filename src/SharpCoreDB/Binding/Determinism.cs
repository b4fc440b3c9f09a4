using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// Whether a function call gives the same result for the same row every time: what SQLite requires of the
/// expressions it stores and evaluates again later (a partial index's WHERE, an index expression, a generated
/// column). The one place that answers it, so functions registered from C# can say what they are.
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
        if (!IsDateTime(function.Name) || count <= timeValues)
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

    private static bool IsDateTime(string name) => name is "date" or "time" or "datetime" or "julianday" or "unixepoch" or "strftime" or "timediff";
}
