using SharpCoreDB.Binding;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Planning.Rules;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>
/// The plan pass for data changes: turns a bound INSERT, UPDATE or DELETE (<see cref="BoundDml"/>) into its plan. It
/// applies the rewrite rules to the bound expressions, chooses the rows' access path from an UPDATE's or DELETE's
/// WHERE, plans the source rows and the joins of UPDATE … FROM, chooses the unique index an ON CONFLICT target names,
/// and builds the execution objects: the table writer with its foreign-key enforcer, the trigger programs the change
/// fires (each planned once, however often and however cyclically it fires), the row updaters.
/// </summary>
internal static class DmlPlanner
{
    /// <summary>Plans a statement's bound change.</summary>
    /// <param name="dml">The bound change.</param>
    /// <param name="schema">The schema it was bound against.</param>
    /// <param name="slotWidths">The widths of all the statement's slots.</param>
    /// <returns>The change's plan.</returns>
    public static DmlPlan Plan(BoundDml dml, Schema schema, int[] slotWidths) => Plan(dml, schema, slotWidths, slotWidths);

    // A change gets an execution context of the slots it had when bound (a trigger program's change runs in its firing
    // statement's context, so its own holds only what it had then).
    private static DmlPlan Plan(BoundDml dml, Schema schema, int[] ownWidths, int[] statementWidths)
    {
        DmlPlan plan = dml switch
        {
            BoundInsert insert => PlanInsert(insert, schema, ownWidths, statementWidths),
            BoundUpdate update => PlanUpdate(update, schema, ownWidths, statementWidths),
            BoundDelete delete => PlanDelete(delete, schema, ownWidths, statementWidths),
            _ => PlanViewWrite((BoundViewWrite)dml, schema, ownWidths, statementWidths),
        };

        if (dml.Returning is { } returning)
        {
            RewriteAll(returning.Values);
            plan.Returning = returning;
        }

        return plan;
    }

    // A change inside a trigger program.
    private static DmlPlan PlanStep(BoundDml dml, Schema schema, int[] statementWidths) =>
        Plan(dml, schema, statementWidths[..dml.SlotCount], statementWidths);

    private static InsertPlan PlanInsert(BoundInsert insert, Schema schema, int[] widths, int[] statementWidths)
    {
        TableWriter writer = PlanWriter(insert.Writer);
        Operator? source = null;
        if (insert.Values is { } rows)
        {
            foreach (Expr[] row in rows)
            {
                RewriteAll(row);
            }

            source = Planner.Instance.Plan(new BoundValues(rows, insert.SourceSlot));
        }
        else if (insert.Query is { } query)
        {
            source = Planner.Instance.Plan(query);
        }

        TriggerSet? triggers = PlanTriggers(insert.Triggers, schema, statementWidths);
        UpsertAction[]? upserts = insert.Upserts is null ? null : PlanUpserts(insert, writer, schema, statementWidths);
        return new InsertPlan(
            schema, widths, writer, insert.TableSlot, source, insert.SourceSlot, insert.Targets, insert.Writer.Defaults!, insert.Conflict, insert.Materialize, triggers, upserts);
    }

    private static UpsertAction[] PlanUpserts(BoundInsert insert, TableWriter writer, Schema schema, int[] statementWidths)
    {
        BoundUpsert[] clauses = insert.Upserts!;
        var actions = new UpsertAction[clauses.Length];
        for (int i = 0; i < actions.Length; i++)
        {
            BoundUpsert clause = clauses[i];
            IndexSchema? index = clause.Candidates is null ? null : UpsertIndex(insert.Table, clause);
            RowUpdater? updater = null;
            if (!clause.DoNothing)
            {
                RewriteAll(clause.Values);
                Expr? where = clause.Where is null ? null : Rewriter.Apply(clause.Where);
                TriggerSet? triggers = PlanTriggers(clause.Triggers, schema, statementWidths);
                updater = new RowUpdater(writer, clause.Slot, clause.Columns, clause.Values, where, ConflictResolution.Unspecified, triggers);
            }

            actions[i] = new UpsertAction(clause.RowIdTarget, index, updater);
        }

        return actions;
    }

    // The first unique index on the target's columns whose partial-index WHERE (if any) the target's WHERE implies.
    private static IndexSchema UpsertIndex(TableSchema table, BoundUpsert clause)
    {
        List<Expr> targetWhere = clause.TargetWhere is null ? [] : Planner.Conjuncts(clause.TargetWhere);
        foreach (int candidate in clause.Candidates!)
        {
            if (clause.CandidatePredicates?[candidate] is not { } predicate || PartialIndexImplication.Implies(predicate, targetWhere))
            {
                return table.Indexes[candidate];
            }
        }

        throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint", clause.Position);
    }

    private static UpdatePlan PlanUpdate(BoundUpdate update, Schema schema, int[] widths, int[] statementWidths)
    {
        RewriteAll(update.Values);
        Operator access;
        Expr[] values = update.Values;
        int valuesSlot = -1;
        if (update.Join is { } join)
        {
            // The join projects the target row's locator, then the new values; the updater reads the values back
            // from the join's slot, where the plan puts each joined row before updating its target.
            for (int i = 0; i < values.Length; i++)
            {
                join.Projection[update.LocatorWidth + i] = values[i];
            }

            access = Planner.Instance.Plan(join);
            valuesSlot = join.ProjectSlot;
            var stored = new Expr[values.Length];
            for (int i = 0; i < stored.Length; i++)
            {
                Expr value = values[i];
                stored[i] = new ColumnExpr(valuesSlot, i + update.LocatorWidth, value.ToString(), value.Affinity, value.DeclaredType, value.DeclaredTypeName);
            }

            values = stored;
        }
        else
        {
            access = PlanTableAccess(update.Source!, update.Where);
        }

        TableWriter writer = PlanWriter(update.Writer);
        TriggerSet? triggers = PlanTriggers(update.Triggers, schema, statementWidths);
        return new UpdatePlan(schema, widths, writer, access, update.TableSlot, update.Columns, values, update.Conflict, triggers) { ValuesSlot = valuesSlot };
    }

    private static DeletePlan PlanDelete(BoundDelete delete, Schema schema, int[] widths, int[] statementWidths)
    {
        Operator access = PlanTableAccess(delete.Source, delete.Where);
        TableWriter writer = PlanWriter(delete.Writer);
        return new DeletePlan(schema, widths, writer, access, delete.TableSlot, PlanTriggers(delete.Triggers, schema, statementWidths));
    }

    private static ViewWritePlan PlanViewWrite(BoundViewWrite write, Schema schema, int[] widths, int[] statementWidths)
    {
        TriggerSet triggers = PlanTriggers(write.Triggers, schema, statementWidths)!;
        return new ViewWritePlan(schema, widths, write.Table, Planner.Instance.Plan(write.Rows.Relation), write.Rows.Slot, write.Event, write.Targets, triggers);
    }

    // The rows of the target an UPDATE or DELETE visits: the access path its WHERE's conjuncts allow.
    private static Operator PlanTableAccess(SourceBinding source, Expr? where) =>
        Planner.PlanTableAccess(source, where is null ? [] : Planner.Conjuncts(where));

    private static TableWriter PlanWriter(BoundTableWriter bound) => PlanWriter(bound, ForeignKeysOf(bound));

    /// <summary>
    /// Builds a table writer from its bound parts, its CHECKs and DEFAULTs rewritten in place (its index and
    /// generated-column definitions are the statement's, rewritten by the plan pass).
    /// </summary>
    /// <param name="bound">The bound writer.</param>
    /// <param name="foreignKeys">Its foreign-key enforcer (<see cref="ForeignKeysOf"/>), or null for none.</param>
    /// <returns>The table writer.</returns>
    public static TableWriter PlanWriter(BoundTableWriter bound, ForeignKeyEnforcer? foreignKeys)
    {
        RewriteAll(bound.Checks);
        if (bound.Defaults is { } defaults)
        {
            RewriteEach(defaults);
        }

        return new TableWriter(bound.Table, bound.Slot, bound.Checks, foreignKeys)
        {
            Defaults = bound.Defaults,
            IndexPredicates = bound.IndexPredicates,
            IndexExpressions = bound.IndexExpressions,
            KeySlot = bound.KeySlot,
            Generated = bound.Generated,
            GeneratedSlot = bound.GeneratedSlot,
        };
    }

    /// <summary>
    /// The enforcer for a writer of the table, or null when the table takes part in no foreign key. An action's
    /// statement is bound and planned when it first runs, as SQLite codes its action triggers.
    /// </summary>
    /// <param name="writer">The bound writer.</param>
    /// <returns>The enforcer, or null.</returns>
    public static ForeignKeyEnforcer? ForeignKeysOf(BoundTableWriter writer)
    {
        // Most tables take part in no foreign key: they need no enforcer, nor the action binder it would hold.
        if (writer.Table.ForeignKeys.IsEmpty && writer.Schema.ForeignKeysReferencing(writer.Table.Name).IsEmpty)
        {
            return null;
        }

        var enforcer = new ForeignKeyEnforcer(writer.Schema, writer.Table, (link, action, onDelete) => PlanForeignKeyAction(writer, link, action, onDelete));
        return enforcer.HasForeignKeys ? enforcer : null;
    }

    private static DmlPlan PlanForeignKeyAction(BoundTableWriter writer, ForeignKeyLink link, ForeignKeyAction action, bool onDelete)
    {
        ExecutablePlan plan = StackGuard.Run(
            () => Planner.Instance.Plan(Binder.BindForeignKeyAction(writer.Schema, writer.Collations, writer.Functions, link, action, onDelete)),
            "the statement");
        plan.Functions = writer.Functions;
        return (DmlPlan)plan;
    }

    private static TriggerSet? PlanTriggers(BoundTriggerSet? triggers, Schema schema, int[] statementWidths) =>
        triggers is null ? null : new TriggerSet(PlanActions(triggers.Before, schema, statementWidths), PlanActions(triggers.After, schema, statementWidths));

    private static TriggerAction[] PlanActions(BoundTriggerAction[] bound, Schema schema, int[] statementWidths)
    {
        var actions = new TriggerAction[bound.Length];
        for (int i = 0; i < actions.Length; i++)
        {
            actions[i] = PlanAction(bound[i], schema, statementWidths);
        }

        return actions;
    }

    private static TriggerAction PlanAction(BoundTriggerAction bound, Schema schema, int[] statementWidths)
    {
        if (bound.Planned is { } planned)
        {
            // Planned already, or being planned further up (a cycle): its steps are filled in before anything runs.
            return planned;
        }

        var action = new TriggerAction(bound.Name, bound.Running) { NewSlot = bound.NewSlot, OldSlot = bound.OldSlot };
        bound.Planned = action;
        action.When = bound.When is null ? null : Rewriter.Apply(bound.When);
        var steps = new List<TriggerStep>(bound.Steps.Count);
        foreach (BoundTriggerStep step in bound.Steps)
        {
            steps.Add(step.Write is { } write
                ? new TriggerStep.Write(PlanStep(write, schema, statementWidths))
                : new TriggerStep.Query(Planner.Instance.Plan(step.Query!)));
        }

        action.Steps = steps;
        return action;
    }

    private static void RewriteAll(Expr[] expressions)
    {
        for (int i = 0; i < expressions.Length; i++)
        {
            expressions[i] = Rewriter.Apply(expressions[i]);
        }
    }

    private static void RewriteEach(Expr?[] expressions)
    {
        for (int i = 0; i < expressions.Length; i++)
        {
            if (expressions[i] is { } expression)
            {
                expressions[i] = Rewriter.Apply(expression);
            }
        }
    }

}
