using System.Runtime.CompilerServices;
using SharpCoreDB.Catalog;
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

    // Per entry of _parents, whether its ON DELETE CASCADE runs in place: 0 not decided yet, 1 yes, -1 no.
    private sbyte[]? _inPlace;

    // The child locators of the running in-place cascade, kept for the next one (taken out while in use).
    private List<RowLocator>? _spareChildren;

    // Their entries' key columns, when the child's delete needs no more (see DeletePlan.DeletesFromIndexEntry).
    private List<SqlValue>? _spareKeyValues;

    private void RunActions(ExecutionContext context, SqlValue[] oldRow, SqlValue[]? newRow, bool[]? assigned)
    {
        bool onDelete = newRow is null;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        ForeignKeyLink?[] parents = _parents!;
        for (int i = 0; i < parents.Length; i++)
        {
            ForeignKeyLink? link = parents[i];
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
            if (onDelete && action == ForeignKeyAction.Cascade && CascadesInPlace(i))
            {
                CascadeInPlace(context, link, oldRow, arguments);
            }
            else
            {
                Run(context, link, action, onDelete, arguments);
            }
        }
    }

    /// <summary>
    /// True when the ON DELETE CASCADE of <c>_parents[i]</c> runs in place: one walk of the child index collects the
    /// children of the deleted key and each is deleted through the child's writer, instead of running the action's
    /// DELETE (its scan re-tests <c>key = ?</c> on every entry the index range already implies). The parent's removal
    /// then counts no violation for these children, and their removal takes none back (SQLite counts one per child
    /// and takes each back as its child goes, since the parent is gone: the same total).
    /// </summary>
    /// <remarks>
    /// Only when nothing else can see or change the rows in between, so the walk finds what the DELETE would and the
    /// parent stays gone: the child has an index on the key (under its collations) with the parent key's
    /// affinities, no DELETE triggers, is not itself a parent in any foreign key (no nested actions, no
    /// self-reference), and references this table by this one constraint (another would count the same rows). Any
    /// other case runs the DELETE, as SQLite's action trigger.
    /// </remarks>
    /// <param name="i">The entry of <c>_parents</c>.</param>
    /// <returns>True for the in-place cascade.</returns>
    private bool CascadesInPlace(int i)
    {
        _inPlace ??= new sbyte[_parents!.Length];
        if (_inPlace[i] == 0)
        {
            _inPlace[i] = CanCascadeInPlace(_parents![i]!) ? (sbyte)1 : (sbyte)-1;
        }

        return _inPlace[i] > 0;
    }

    private bool CanCascadeInPlace(ForeignKeyLink link)
    {
        TableSchema child = link.Child;
        if (link.ForeignKey.OnDelete != ForeignKeyAction.Cascade || link.ChildIndex is null || link.SelfReferencing
            || _schema.ForeignKeysReferencing(child.Name).Length > 0)
        {
            return false;
        }

        for (int i = 0; i < link.ChildColumns.Length; i++)
        {
            if (child.Columns[link.ChildColumns[i]].Affinity != link.ParentAffinities[i])
            {
                return false;
            }
        }

        foreach (ForeignKeySchema other in child.ForeignKeys)
        {
            if (other.Id != link.ForeignKey.Id && string.Equals(other.ParentTable, _table.Name, StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }

        // The action's statement knows whether DELETE triggers on the child fire; it is bound now (once) to ask.
        Stack<DmlPlan> idle = IdlePlans(link, ForeignKeyAction.Cascade, onDelete: true);
        DmlPlan plan = idle.Count > 0 ? idle.Pop() : _bindAction(link, ForeignKeyAction.Cascade, true);
        idle.Push(plan);
        return plan is DeletePlan { HasTriggers: false, Returning: null };
    }

    private void CascadeInPlace(ExecutionContext context, ForeignKeyLink link, SqlValue[] oldRow, SqlValue[] arguments)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        CheckDepth(counters, link);
        Stack<DmlPlan> idle = IdlePlans(link, ForeignKeyAction.Cascade, onDelete: true);
        var plan = (DeletePlan)(idle.Count > 0 ? idle.Pop() : _bindAction(link, ForeignKeyAction.Cascade, true));
        IndexSchema index = link.ChildIndex!;
        List<RowLocator> children = _spareChildren ?? [];
        _spareChildren = null;
        List<SqlValue>? keyValues = null;
        counters.ActionDepth++;
        try
        {
            plan.Context.Begin(context.Transaction, arguments, context.CancellationToken);
            if (plan.DeletesFromIndexEntry(plan.Context, index))
            {
                keyValues = _spareKeyValues ?? [];
                _spareKeyValues = null;
            }

            _probe.CollectChildren(context, link, oldRow, children, keyValues);
            plan.DeleteCascaded(plan.Context, children, index, keyValues, link.ForeignKey);
        }
        finally
        {
            plan.Context.End();
            counters.ActionDepth--;
        }

        // As in Run: only a plan (and lists) that finished goes back.
        idle.Push(plan);
        if (children.Capacity <= RowCollector.MaxKeptLocators)
        {
            _spareChildren = children;
        }

        if (keyValues is not null && keyValues.Capacity <= RowCollector.MaxKeptLocators)
        {
            _spareKeyValues = keyValues;
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
        CheckDepth(counters, link);
        Stack<DmlPlan> idle = IdlePlans(link, action, onDelete);
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

    private static void CheckDepth(ForeignKeyCounters counters, ForeignKeyLink link)
    {
        if (counters.ActionDepth >= SqlLimits.MaxTriggerDepth || !RuntimeHelpers.TryEnsureSufficientExecutionStack())
        {
            throw ForeignKeyErrors.TooDeep(link.Child.Name);
        }
    }

    private Stack<DmlPlan> IdlePlans(ForeignKeyLink link, ForeignKeyAction action, bool onDelete)
    {
        var key = (link, action, onDelete);
        if (!_plans.TryGetValue(key, out Stack<DmlPlan>? idle))
        {
            idle = new Stack<DmlPlan>();
            _plans.Add(key, idle);
        }

        return idle;
    }
}
