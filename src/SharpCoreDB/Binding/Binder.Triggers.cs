using System.Runtime.CompilerServices;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Ddl;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <content>
/// Binding triggers: CREATE TRIGGER, and the trigger programs an INSERT, UPDATE or DELETE fires, bound into that
/// statement (their NEW and OLD rows are slots of it), the way SQLite codes triggers into the statement's program.
/// </content>
internal sealed partial class Binder
{
    // Every trigger program bound into this statement, by trigger and the conflict resolution it runs under: bound
    // once and shared wherever the statement fires it (as SQLite compiles each program once), so a cycle of triggers
    // binds in finite time; that a program does not fire inside itself is checked when it runs.
    private readonly Dictionary<(TriggerSchema Trigger, ConflictResolution Conflict), BoundTriggerAction> _actions = [];

    // Per trigger, the flag its bindings share that says one of them is running.
    private readonly Dictionary<TriggerSchema, StrongBox<bool>> _running = [];

    // Inside a trigger program: the scope holding NEW and OLD, the root of every scope bound in it. Null outside.
    private Scope? _root;

    // Inside a trigger program: OR REPLACE / OR IGNORE of the statement that fired it, which overrides the program's
    // own statements' (Unspecified when it had none).
    private ConflictResolution _conflictOverride;

    private FiredTriggers? _fired;

    // How many trigger programs are being bound one inside another: each fires the next from one of its steps.
    private int _triggerDepth;

    private CreateTriggerPlan BindCreateTrigger(CreateTriggerStatement create)
    {
        if (create.Temporary)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "TEMP triggers are not supported", create.Position);
        }

        // What SQLite checks when the trigger is created; the rest (names in the program) is bound when a statement
        // fires it, so the program may name tables created later.
        foreach (Statement step in create.Body)
        {
            QualifiedName? target = step switch
            {
                InsertStatement i => i.Table,
                UpdateStatement u => u.Table,
                DeleteStatement d => d.Table,
                _ => null,
            };
            if (target?.Schema is not null)
            {
                throw SqlErrors.At(
                    SharpCoreDBErrorCode.SyntaxError,
                    "qualified table names are not allowed on INSERT, UPDATE, and DELETE statements within triggers",
                    target.Position);
            }

            if (step is InsertStatement { Source: null } insert)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.SyntaxError, "DEFAULT VALUES is not allowed within triggers", insert.Position);
            }
        }

        RefuseParameters([create.When, .. create.Body], "trigger programs");

        return new CreateTriggerPlan(_schema, SlotWidths, create);
    }

    // Which triggers a change fires, gathered once per statement.
    private FiredTriggers Triggers => _fired ??= new FiredTriggers(_schema);

    // The tables a statement changes: its own and, transitively, those its triggers' programs write.
    private HashSet<TableSchema> ChangedBy(TableSchema table, TriggerEvent triggerEvent, IReadOnlySet<string>? assigned) =>
        Triggers.ChangedBy(table, triggerEvent, assigned, _nesting);

    /// <summary>
    /// Binds the triggers a statement on <paramref name="table"/> fires, or returns null when it fires none. Called
    /// after the statement's own expressions are bound.
    /// </summary>
    private BoundTriggerSet? BindTriggers(TableSchema table, TriggerEvent triggerEvent, IReadOnlySet<string>? assigned, ConflictResolution conflict)
    {
        IReadOnlyList<TriggerSchema> triggers = Triggers.On(table, triggerEvent, assigned);
        if (triggers.Count == 0)
        {
            return null;
        }

        // Counted first, so the two arrays are made at their size (binding allocates no lists for them).
        int afterCount = 0;
        for (int i = 0; i < triggers.Count; i++)
        {
            afterCount += triggers[i].IsAfter ? 1 : 0;
        }

        var before = new BoundTriggerAction[triggers.Count - afterCount];
        var after = new BoundTriggerAction[afterCount];
        int b = 0;
        int a = 0;
        for (int i = 0; i < triggers.Count; i++)
        {
            TriggerSchema trigger = triggers[i];
            BoundTriggerAction action = BindAction(trigger, table, conflict);
            if (trigger.IsAfter)
            {
                after[a++] = action;
            }
            else
            {
                before[b++] = action;
            }
        }

        return new BoundTriggerSet(before, after);
    }

    private BoundTriggerAction BindAction(TriggerSchema trigger, TableSchema table, ConflictResolution conflict)
    {
        if (_actions.TryGetValue((trigger, conflict), out BoundTriggerAction? bound))
        {
            // Bound already, or being bound further up (a cycle): its steps are filled in before anything runs.
            return bound;
        }

        if (!_running.TryGetValue(trigger, out StrongBox<bool>? running))
        {
            running = new StrongBox<bool>();
            _running.Add(trigger, running);
        }

        if (_triggerDepth >= SqlLimits.MaxTriggerDepth)
        {
            // Programs are bound into the statement that fires them, so the cascade's depth is known here; SQLite
            // stops the same cascade when it runs.
            throw SqlErrors.Create(
                SharpCoreDBErrorCode.TooComplex,
                $"too many levels of trigger recursion (at most {SqlLimits.Text(SqlLimits.MaxTriggerDepth)}) at trigger {trigger.Name}");
        }

        var action = new BoundTriggerAction(trigger.Name, running);
        _actions.Add((trigger, conflict), action);
        int width = table.Columns.Length + 1;
        var scope = new Scope(null);
        if (trigger.Event != TriggerEvent.Delete)
        {
            action.NewSlot = NewSlot(width);
            scope.Sources.Add(RowSource("new", action.NewSlot, table));
        }

        if (trigger.Event != TriggerEvent.Insert)
        {
            action.OldSlot = NewSlot(width);
            scope.Sources.Add(RowSource("old", action.OldSlot, table));
        }

        (Scope? root, HashSet<TableSchema>? changed, ConflictResolution outerConflict) = (_root, _changedTables, _conflictOverride);
        _root = scope;
        _conflictOverride = conflict;
        _triggerDepth++;
        Nest();
        try
        {
            CreateTriggerStatement statement = trigger.Statement;
            if (statement.When is not null)
            {
                if (ContainsAggregate(statement.When))
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in a trigger's WHEN clause", statement.When.Position);
                }

                action.When = BindExpr(statement.When, scope);
            }

            var steps = new List<BoundTriggerStep>(statement.Body.Length);
            foreach (Statement step in statement.Body)
            {
                steps.Add(step switch
                {
                    InsertStatement insert => new BoundTriggerStep(BindInsert(insert), null),
                    UpdateStatement update => new BoundTriggerStep(BindUpdate(update), null),
                    DeleteStatement delete => new BoundTriggerStep(BindDelete(delete), null),
                    SelectStatement select => new BoundTriggerStep(null, BindQuery(select, scope).Relation),
                    _ => throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "only INSERT, UPDATE, DELETE and SELECT may appear in a trigger program", step.Position),
                });
            }

            action.Steps = steps;
            return action;
        }
        finally
        {
            _nesting--;
            _triggerDepth--;
            (_root, _changedTables, _conflictOverride) = (root, changed, outerConflict);
        }
    }

    private SourceBinding RowSource(string name, int slot, TableSchema table) =>
        new(name, slot, TableColumns(table), table) { QualifiedOnly = true };
}
