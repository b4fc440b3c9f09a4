using System.Runtime.CompilerServices;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <content>
/// The ON DELETE and ON UPDATE actions. As in SQLite they run after the parent row changed, as programs on the child
/// table: CASCADE, SET NULL and SET DEFAULT are an ordinary DELETE or UPDATE of the children (so the child's
/// triggers fire and its own foreign keys act in turn, recursing through self-references); RESTRICT fails at once
/// when a child exists, even for a deferred constraint (unless defer_foreign_keys is on, as in SQLite).
/// </content>
internal sealed partial class ForeignKeyEnforcer
{
    // Bound action statements not running right now, per constraint and action. A recursive cascade needs one
    // instance per level (a plan runs one execution at a time), so a busy one makes another.
    private readonly Dictionary<(ForeignKeyLink Link, ForeignKeyAction Action, bool OnDelete), Stack<DmlPlan>> _plans = [];
    private readonly Dictionary<ForeignKeyLink, SqlValue[]> _arguments = [];

    private void RunActions(ExecutionContext context, SqlValue[] oldRow, SqlValue[]? newRow, bool[]? assigned)
    {
        bool onDelete = newRow is null;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        foreach (ForeignKeyLink? link in _parents!)
        {
            if (link is null)
            {
                continue;
            }

            ForeignKeyAction action = onDelete ? link.ForeignKey.OnDelete : link.ForeignKey.OnUpdate;
            if (action == ForeignKeyAction.NoAction || (action == ForeignKeyAction.Restrict && deferAll)
                || !Touches(link.ParentColumns, assigned) || HasNull(oldRow, link.ParentColumns)
                || (newRow is not null && !KeyChanged(link, oldRow, newRow, context.Transaction.Collations)))
            {
                continue;
            }

            if (action == ForeignKeyAction.Restrict)
            {
                if (_probe.CountChildren(context, link, oldRow, null, firstOnly: true) > 0)
                {
                    ForeignKeyErrors.ThrowViolation();
                }

                continue;
            }

            SqlValue[] arguments = Arguments(link, oldRow, action == ForeignKeyAction.Cascade ? newRow : null);
            Run(context, link, action, onDelete, arguments);
        }
    }

    // ON UPDATE acts only when the key's value changed (SQLite's WHEN old.key IS NOT new.key on the action, under the
    // parent key's collation: 'Ab' becoming 'AB' under NOCASE is no change).
    private static bool KeyChanged(ForeignKeyLink link, SqlValue[] oldRow, SqlValue[] newRow, CollationRegistry? collations)
    {
        for (int i = 0; i < link.ParentColumns.Length; i++)
        {
            int column = link.ParentColumns[i];
            if (Comparison.Evaluate(ComparisonOperator.IsNot, oldRow[column], newRow[column], link.ParentAffinities[i], link.ParentCollation(i, collations)) == true)
            {
                return true;
            }
        }

        return false;
    }

    // The old key, then for ON UPDATE CASCADE the new key: ?1… and ?n+1… of the action statement.
    private SqlValue[] Arguments(ForeignKeyLink link, SqlValue[] oldRow, SqlValue[]? newRow)
    {
        int count = link.ParentColumns.Length;
        int width = newRow is null ? count : 2 * count;
        if (!_arguments.TryGetValue(link, out SqlValue[]? arguments) || arguments.Length != width)
        {
            arguments = new SqlValue[width];
            _arguments[link] = arguments;
        }

        for (int i = 0; i < count; i++)
        {
            arguments[i] = oldRow[link.ParentColumns[i]];
            if (newRow is not null)
            {
                arguments[count + i] = newRow[link.ParentColumns[i]];
            }
        }

        return arguments;
    }

    private void Run(ExecutionContext context, ForeignKeyLink link, ForeignKeyAction action, bool onDelete, SqlValue[] arguments)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        if (counters.ActionDepth >= SqlLimits.MaxTriggerDepth || !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw ForeignKeyErrors.TooDeep(link.Child.Name);
        }

        var key = (link, action, onDelete);
        if (!_plans.TryGetValue(key, out Stack<DmlPlan>? idle))
        {
            idle = new Stack<DmlPlan>();
            _plans.Add(key, idle);
        }

        DmlPlan plan = idle.Count > 0 ? idle.Pop() : _bindAction(link, action, onDelete);
        counters.ActionDepth++;
        try
        {
            plan.Context.Begin(context.Transaction, arguments, context.CancellationToken);
            plan.Execute();
        }
        finally
        {
            plan.Context.End();
            counters.ActionDepth--;
        }

        // Only a plan that finished goes back: a failed one may hold half-done state.
        idle.Push(plan);
    }
}
