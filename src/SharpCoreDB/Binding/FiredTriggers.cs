using SharpCoreDB.Catalog;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// Which triggers of one schema a data change fires: by table, event and, for UPDATE OF, the assigned columns,
/// newest first; and, transitively, every table a statement and the programs it fires write. The binder asks it once
/// per statement and per program step, so the triggers are gathered by table once per statement.
/// </summary>
internal sealed class FiredTriggers
{
    private readonly Schema _schema;

    // Gathered on first use: a cascade looks up the triggers of every table it reaches, and scanning all triggers for
    // each made a chain of n triggers cost n^3.
    private Dictionary<string, List<TriggerSchema>>? _byTable;

    /// <summary>Looks triggers up in <paramref name="schema"/>.</summary>
    /// <param name="schema">The statement's schema.</param>
    public FiredTriggers(Schema schema)
    {
        _schema = schema;
    }

    /// <summary>The triggers on <paramref name="table"/> that a statement with this event fires, newest first.</summary>
    /// <param name="table">The table (or view, for INSTEAD OF triggers) written.</param>
    /// <param name="triggerEvent">The statement's event.</param>
    /// <param name="assigned">The columns an UPDATE assigns (<see cref="AssignedColumns"/>); null for the other events.</param>
    /// <returns>The triggers, newest first.</returns>
    public IReadOnlyList<TriggerSchema> On(TableSchema table, TriggerEvent triggerEvent, IReadOnlySet<string>? assigned)
    {
        // Most tables have no trigger: their statements allocate no list for them.
        List<TriggerSchema>? triggers = null;
        if (ByTable().TryGetValue(table.Name, out List<TriggerSchema>? onTable))
        {
            foreach (TriggerSchema trigger in onTable)
            {
                if (trigger.Event == triggerEvent && Overlaps(trigger, assigned))
                {
                    (triggers ??= []).Add(trigger);
                }
            }
        }

        if (triggers is null)
        {
            return [];
        }

        triggers.Sort((a, b) => b.Order.CompareTo(a.Order));
        return triggers;
    }

    /// <summary>The tables a statement changes: its own and, transitively, those its triggers' programs write.</summary>
    /// <param name="table">The table the statement writes.</param>
    /// <param name="triggerEvent">The statement's event.</param>
    /// <param name="assigned">The columns an UPDATE assigns; null for the other events.</param>
    /// <param name="depth">How deep the caller's recursion already is (the binder's nesting), for the stack guard.</param>
    /// <returns>The tables.</returns>
    public HashSet<TableSchema> ChangedBy(TableSchema table, TriggerEvent triggerEvent, IReadOnlySet<string>? assigned, int depth)
    {
        var changed = new HashSet<TableSchema> { table };
        HashSet<TriggerSchema>? visited = null;
        CollectWrites(table, triggerEvent, assigned, changed, ref visited, depth);
        return changed;
    }

    /// <summary>The columns an UPDATE assigns, by name: what UPDATE OF triggers are matched against.</summary>
    /// <param name="update">The statement.</param>
    /// <returns>The column names (case-insensitive).</returns>
    public static HashSet<string> AssignedColumns(UpdateStatement update)
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (UpdateAssignment assignment in update.Assignments)
        {
            names.Add(assignment.Column);
        }

        return names;
    }

    // UPDATE OF fires only when the statement assigns one of the listed columns.
    private static bool Overlaps(TriggerSchema trigger, IReadOnlySet<string>? assigned)
    {
        if (trigger.UpdateColumns.IsDefaultOrEmpty || assigned is null)
        {
            return true;
        }

        foreach (Identifier column in trigger.UpdateColumns)
        {
            if (assigned.Contains(column.Name))
            {
                return true;
            }
        }

        return false;
    }

    private Dictionary<string, List<TriggerSchema>> ByTable()
    {
        if (_byTable is null)
        {
            _byTable = new Dictionary<string, List<TriggerSchema>>(StringComparer.OrdinalIgnoreCase);
            foreach (TriggerSchema trigger in _schema.Triggers.Values)
            {
                if (!_byTable.TryGetValue(trigger.TableName, out List<TriggerSchema>? list))
                {
                    list = [];
                    _byTable.Add(trigger.TableName, list);
                }

                list.Add(trigger);
            }
        }

        return _byTable;
    }

    private void CollectWrites(TableSchema table, TriggerEvent triggerEvent, IReadOnlySet<string>? assigned, HashSet<TableSchema> changed, ref HashSet<TriggerSchema>? visited, int depth)
    {
        // A cycle of triggers is cut by `visited`; a long chain of distinct ones recurses once per link, so it moves
        // to the large stack as the binder's own recursion does.
        if (++depth > StackGuard.ShallowDepth)
        {
            StackGuard.EnsureLargeStack();
        }

        StackGuard.EnsureRoom();
        IReadOnlyList<TriggerSchema> triggers = On(table, triggerEvent, assigned);
        for (int t = 0; t < triggers.Count; t++)
        {
            TriggerSchema trigger = triggers[t];
            // Made at the first trigger: a statement on a table without triggers allocates no set.
            if (!(visited ??= []).Add(trigger))
            {
                continue;
            }

            foreach (Statement step in trigger.Statement.Body)
            {
                (QualifiedName? name, TriggerEvent stepEvent, HashSet<string>? stepAssigned) = step switch
                {
                    InsertStatement i => (i.Table, TriggerEvent.Insert, null),
                    UpdateStatement u => (u.Table, TriggerEvent.Update, AssignedColumns(u)),
                    DeleteStatement d => ((QualifiedName?)d.Table, TriggerEvent.Delete, (HashSet<string>?)null),
                    _ => (null, TriggerEvent.Insert, null),
                };
                if (name is not null && _schema.FindTable(name.Name) is { } target)
                {
                    changed.Add(target);
                    CollectWrites(target, stepEvent, stepAssigned, changed, ref visited, depth);
                }
            }
        }
    }
}
