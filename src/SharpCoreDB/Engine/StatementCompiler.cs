using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using Ast = SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Engine;

/// <summary>
/// Prepares a parsed statement for execution in two passes: the binder resolves it into a bound tree
/// (<see cref="BoundStatement"/>), then the planner plans that tree into the executable plan EXPLAIN prints.
/// </summary>
internal static class StatementCompiler
{
    /// <summary>Binds, then plans, one statement.</summary>
    /// <param name="statement">The parsed statement.</param>
    /// <param name="schema">The schema to bind against.</param>
    /// <param name="parameters">Parameter positions by normalized name.</param>
    /// <param name="collations">The database's collations.</param>
    /// <param name="functions">The functions registered from C# on the database; the plan remembers them.</param>
    /// <returns>The executable plan.</returns>
    /// <exception cref="SharpCoreDBException">Unknown names, misuse of aggregates, unsupported statements.</exception>
    public static ExecutablePlan Compile(Ast.Statement statement, Schema schema, IReadOnlyDictionary<string, int> parameters, CollationRegistry collations, UserFunctionSet functions)
    {
        // Both passes recurse as deep as the statement nests, so they run together: when binding runs out of stack,
        // the planning of the deep tree moves to the large stack with it.
        ExecutablePlan plan = StackGuard.Run(
            () => Planner.Instance.Plan(Binder.Bind(statement, schema, parameters, collations, functions)),
            "the statement");
        plan.Functions = functions;
        return plan;
    }
}
