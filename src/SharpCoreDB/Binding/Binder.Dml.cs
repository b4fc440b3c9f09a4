using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Execution;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>Binding INSERT, UPDATE and DELETE.</content>
internal sealed partial class Binder
{
    private TableSchema TargetTable(QualifiedName name)
    {
        TableSchema? table = _schema.FindTable(name.Name);
        if (table is not null)
        {
            return table;
        }

        if (_schema.FindView(name.Name) is not null)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot modify {name.Name} because it is a view", name.Position);
        }

        throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {name.Name}", name.Position);
    }

    private (SourceBinding Source, Scope Scope) TableScope(TableSchema table, string? alias)
    {
        var source = new SourceBinding(alias ?? table.Name, NewSlot(table.Columns.Length + 1), TableColumns(table), table);
        source.IndexPredicates = BindIndexPredicates(table, source.Slot);
        source.IndexExpressions = BindIndexExpressions(table, source.Slot);
        var scope = new Scope(_root);
        scope.Sources.Add(source);
        return (source, scope);
    }

    // A table's columns as name resolution sees them, in slot order (the row id follows them in the slot).
    private SourceColumn[] TableColumns(TableSchema table)
    {
        var columns = new SourceColumn[table.Columns.Length];
        foreach (ColumnSchema column in table.Columns)
        {
            columns[column.Ordinal] = TableSourceColumn(column);
        }

        return columns;
    }

    private List<Expr> BindChecks(TableSchema table, Scope scope)
    {
        var checks = new List<Expr>(table.Checks.Length);
        foreach (CheckConstraint check in table.Checks)
        {
            if (ContainsAggregate(check.Condition))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in CHECK constraints", check.Condition.Position);
            }

            checks.Add(_planner.Rewrite(BindExpr(check.Condition, scope)));
        }

        return checks;
    }

    // RETURNING: result columns over the changed row, bound like a SELECT's over the target table alone (its slot
    // holds the row as stored, or as it was for DELETE), aggregates refused.
    private T WithReturning<T>(Statement statement, T plan)
        where T : DmlPlan
    {
        if (statement.Returning.IsDefaultOrEmpty)
        {
            return plan;
        }

        foreach (ResultColumn column in statement.Returning)
        {
            if (column is ExpressionResultColumn e && ContainsAggregate(e.Expression))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in RETURNING", e.Position);
            }
        }

        TableSchema table = plan.Table;
        var scope = new Scope(_root);
        // The table goes by its own name here, never the statement's alias (as in SQLite).
        scope.Sources.Add(new SourceBinding(table.Name, plan.TableSlot, TableColumns(table), table));
        var core = new SelectCore(statement.Position, false, statement.Returning, null, null, [], null);
        var block = new SelectBlock { Scope = scope, ChangedTables = _changedTables };
        ExpandResultColumns(core, scope, block);
        var values = new Expr[block.Projection.Count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = _planner.Rewrite(block.Projection[i]);
        }

        plan.Returning = (values, ResultColumns(core, block, scope));
        plan.Context.AddSlots(SlotWidths);
        return plan;
    }


    // Per column, its bound DEFAULT, or null. The INTEGER PRIMARY KEY column has none: SQLite ignores its DEFAULT and
    // gives a row without an id the next free one.
    private Expr?[] BindDefaults(TableSchema table)
    {
        var defaults = new Expr?[table.Columns.Length];
        var empty = new Scope(_root);
        foreach (ColumnSchema column in table.Columns)
        {
            if (column.Default is not null && column.Ordinal != table.RowIdAlias)
            {
                defaults[column.Ordinal] = _planner.Rewrite(BindExpr(column.Default, empty));
            }
        }

        return defaults;
    }

    private DmlPlan BindInsert(InsertStatement insert)
    {
        if (ViewTarget(insert, insert.Table, TriggerEvent.Insert) is { } view)
        {
            return BindViewInsert(insert, view);
        }

        TableSchema table = TargetTable(insert.Table);
        _changedTables = ChangedBy(table, TriggerEvent.Insert, null);
        (SourceBinding row, Scope scope) = TableScope(table, insert.Alias);
        row.MarkAllUsed();
        int[] targets = insert.Source is null ? [] : InsertTargets(insert, table);

        Expr?[] defaults = BindDefaults(table);
        var empty = new Scope(_root);

        Operator? source = null;
        int sourceSlot = -1;
        bool materialize = false;
        if (insert.Source is { Body: ValuesClause values, OrderBy.IsDefaultOrEmpty: true, Limit: null } && values.Rows.Length > 0)
        {
            var rows = new List<IReadOnlyList<Expr>>(values.Rows.Length);
            foreach (ImmutableArray<Expression> valueRow in values.Rows)
            {
                if (valueRow.Length != targets.Length)
                {
                    throw SqlErrors.At(
                        SharpCoreDBErrorCode.Unsupported,
                        insert.Columns.IsDefaultOrEmpty
                            ? $"table {table.Name} has {targets.Length} columns but {valueRow.Length} values were supplied"
                            : $"{valueRow.Length} values for {targets.Length} columns",
                        values.Position);
                }

                var bound = new Expr[valueRow.Length];
                for (int i = 0; i < bound.Length; i++)
                {
                    bound[i] = _planner.Rewrite(BindExpr(valueRow[i], empty));
                    // A subquery in a VALUES row reads the database as it was before the statement, as in SQLite
                    // (which runs such a source into a temporary table first): no row sees an earlier one.
                    materialize |= values.Rows.Length > 1 && ContainsSubquery(valueRow[i]);
                }

                rows.Add(bound);
            }

            sourceSlot = NewSlot(targets.Length);
            source = _planner.Plan(new BoundValues(rows, sourceSlot));
        }
        else if (insert.Source is not null)
        {
            BoundQuery query = BindQuery(insert.Source, _root);
            if (query.Columns.Count != targets.Length)
            {
                throw SqlErrors.At(
                    SharpCoreDBErrorCode.Unsupported,
                    $"table {table.Name} has {targets.Length} columns but the SELECT returns {query.Columns.Count}",
                    insert.Source.Position);
            }

            source = _planner.Plan(query.Relation);
            sourceSlot = query.Slot;
            materialize = true;
        }

        (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
        (Expr?[]? generated, int generatedSlot) = WriterGenerated(table);
        var writer = new TableWriter(table, row.Slot, BindChecks(table, scope), ForeignKeyEnforcerFor(table))
        {
            Defaults = defaults,
            IndexPredicates = row.IndexPredicates,
            IndexExpressions = keys,
            KeySlot = keySlot,
            Generated = generated,
            GeneratedSlot = generatedSlot,
        };
        ConflictResolution conflict = StepConflict(insert.OnConflict);
        TriggerSet? triggers = BindTriggers(table, TriggerEvent.Insert, null, conflict);
        UpsertAction[]? upserts = insert.Upserts.IsDefaultOrEmpty ? null : BindUpserts(insert, table, row, writer, conflict);
        return new InsertPlan(_schema, SlotWidths, writer, row.Slot, source, sourceSlot, targets, defaults, conflict, materialize, triggers, upserts);
    }

    // ON CONFLICT clauses. DO UPDATE sees the existing row under the table's name (or alias) and the row that was to be
    // inserted as "excluded" (the insert's own slot, so nothing is copied), which only a qualified name reaches.
    private UpsertAction[] BindUpserts(InsertStatement insert, TableSchema table, SourceBinding proposed, TableWriter writer, ConflictResolution conflict)
    {
        var actions = new UpsertAction[insert.Upserts.Length];
        for (int i = 0; i < actions.Length; i++)
        {
            UpsertClause clause = insert.Upserts[i];
            bool rowIdTarget = false;
            IndexSchema? index = null;
            if (!clause.Target.IsDefaultOrEmpty)
            {
                // The target's WHERE only selects a partial unique index, one whose WHERE it implies (as in SQLite).
                (SourceBinding target, Scope targetScope) = TableScope(table, insert.Alias);
                List<Expr> targetWhere = clause.TargetWhere is null ? [] : _planner.Conjuncts(BindExpr(clause.TargetWhere, targetScope));
                (rowIdTarget, index) = UpsertTarget(table, clause, target.IndexPredicates, targetWhere);
            }

            RowUpdater? updater = null;
            if (!clause.DoNothing)
            {
                (SourceBinding existing, Scope scope) = TableScope(table, insert.Alias);
                existing.MarkAllUsed();
                scope.Sources.Add(new SourceBinding("excluded", proposed.Slot, TableColumns(table), table) { QualifiedOnly = true });
                (int[] columns, Expr[] values) = BindAssignments(table, clause.Assignments, scope);
                Expr? where = clause.Where is null ? null : _planner.Rewrite(BindExpr(clause.Where, scope));
                var assigned = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
                foreach (UpdateAssignment assignment in clause.Assignments)
                {
                    assigned.Add(assignment.Column);
                }

                TriggerSet? triggers = BindTriggers(table, TriggerEvent.Update, assigned, conflict);
                updater = new RowUpdater(writer, existing.Slot, columns, values, where, ConflictResolution.Unspecified, triggers);
            }

            actions[i] = new UpsertAction(rowIdTarget, index, updater);
        }

        return actions;
    }

    // The uniqueness constraint a conflict target names: the row id, or the unique index on exactly those columns.
    private (bool RowId, IndexSchema? Index) UpsertTarget(TableSchema table, UpsertClause clause, Expr?[]? predicates, List<Expr> targetWhere)
    {
        var ordinals = new HashSet<int>();
        foreach (Identifier column in clause.Target)
        {
            int ordinal = table.FindColumn(column.Name)?.Ordinal ?? (IsRowIdName(column.Name) && !table.WithoutRowId ? table.RowIdSlot : -1);
            if (ordinal < 0)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {column.Name}", column.Position);
            }

            ordinals.Add(ordinal == table.RowIdAlias ? table.RowIdSlot : ordinal);
        }

        if (ordinals.Count == 1 && ordinals.Contains(table.RowIdSlot))
        {
            return (true, null);
        }

        // The key of a WITHOUT ROWID table is its row's key in the table tree: the writer finds it as it finds a row id.
        if (table.PrimaryKey is { } primaryKey && primaryKey.Columns.Length == ordinals.Count && primaryKey.Columns.All(c => ordinals.Contains(c.Ordinal)))
        {
            return (true, null);
        }

        for (int i = 0; i < table.Indexes.Length; i++)
        {
            IndexSchema index = table.Indexes[i];
            if (index.IsUnique && index.Columns.Length == ordinals.Count && index.Columns.All(c => ordinals.Contains(c.Ordinal))
                && (predicates?[i] is not { } predicate || _planner.Implies(predicate, targetWhere)))
            {
                return (false, index);
            }
        }

        throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint", clause.Position);
    }

    // SET column = value, ..., bound in the scope of the row being updated.
    private (int[] Columns, Expr[] Values) BindAssignments(TableSchema table, ImmutableArray<UpdateAssignment> assignments, Scope scope)
    {
        var columns = new int[assignments.Length];
        var values = new Expr[assignments.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            UpdateAssignment assignment = assignments[i];
            int ordinal = table.FindColumn(assignment.Column)?.Ordinal ?? (IsRowIdName(assignment.Column) && !table.WithoutRowId ? table.RowIdSlot : -1);
            if (ordinal < 0)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {assignment.Column}", assignment.Position);
            }

            RefuseGeneratedTarget(table, ordinal, "UPDATE", assignment.Position);
            columns[i] = ordinal;
            values[i] = _planner.Rewrite(BindExpr(assignment.Value, scope));
        }

        return (columns, values);
    }

    private static int[] InsertTargets(InsertStatement insert, TableSchema table)
    {
        if (insert.Columns.IsDefaultOrEmpty)
        {
            // Without a column list the values go to the ordinary columns: generated ones are computed.
            var all = new int[table.Columns.Length - table.GeneratedOrder.Length];
            int next = 0;
            foreach (ColumnSchema column in table.Columns)
            {
                if (column.Generated is null)
                {
                    all[next++] = column.Ordinal;
                }
            }

            return all;
        }

        var targets = new int[insert.Columns.Length];
        for (int i = 0; i < targets.Length; i++)
        {
            Identifier identifier = insert.Columns[i];
            int ordinal = table.FindColumn(identifier.Name)?.Ordinal ?? (IsRowIdName(identifier.Name) && !table.WithoutRowId ? table.RowIdSlot : -1);
            if (ordinal < 0)
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"table {table.Name} has no column named {identifier.Name}", identifier.Position);
            }

            RefuseGeneratedTarget(table, ordinal, "INSERT into", identifier.Position);

            for (int j = 0; j < i; j++)
            {
                if (targets[j] == ordinal)
                {
                    throw SqlErrors.At(SharpCoreDBErrorCode.AlreadyExists, $"column {identifier.Name} is named twice", identifier.Position);
                }
            }

            targets[i] = ordinal;
        }

        return targets;
    }

    private static bool IsRowIdName(string name) =>
        string.Equals(name, "rowid", StringComparison.OrdinalIgnoreCase)
        || string.Equals(name, "oid", StringComparison.OrdinalIgnoreCase)
        || string.Equals(name, "_rowid_", StringComparison.OrdinalIgnoreCase);

    // Inside a trigger program, OR REPLACE / OR IGNORE / OR FAIL / OR ROLLBACK of the statement that fired it overrides the step's own, as
    // in SQLite.
    private ConflictResolution StepConflict(ConflictResolution resolution) =>
        _conflictOverride != ConflictResolution.Unspecified ? _conflictOverride
        : resolution == ConflictResolution.Abort ? ConflictResolution.Unspecified : resolution;

    private DmlPlan BindUpdate(UpdateStatement update)
    {
        if (ViewTarget(update, update.Table, TriggerEvent.Update) is { } view)
        {
            return BindViewUpdate(update, view);
        }

        TableSchema table = TargetTable(update.Table);
        HashSet<string> assignedNames = FiredTriggers.AssignedColumns(update);
        _changedTables = ChangedBy(table, TriggerEvent.Update, assignedNames);
        if (update.From is not null)
        {
            return BindUpdateFrom(update, table, assignedNames);
        }

        // The access only finds the rows (RowUpdater reads each again, with the columns the update needs), so it
        // decodes just what the WHERE reads: a large value the statement replaces is not copied out of the record.
        (SourceBinding source, Scope scope) = TableScope(table, update.Alias);
        (int[] columns, Expr[] values) = BindAssignments(table, update.Assignments, scope);

        Operator access = BindWhereAccess(update.Where, source, scope);
        (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
        (Expr?[]? generated, int generatedSlot) = WriterGenerated(table);
        var writer = new TableWriter(table, source.Slot, BindChecks(table, scope), ForeignKeyEnforcerFor(table))
        {
            Defaults = BindDefaults(table),
            IndexPredicates = source.IndexPredicates,
            IndexExpressions = keys,
            KeySlot = keySlot,
            Generated = generated,
            GeneratedSlot = generatedSlot,
        };
        ConflictResolution conflict = StepConflict(update.OnConflict);
        TriggerSet? triggers = BindTriggers(table, TriggerEvent.Update, assignedNames, conflict);
        return new UpdatePlan(_schema, SlotWidths, writer, access, source.Slot, columns, values, conflict, triggers);
    }

    private DmlPlan BindDelete(DeleteStatement delete)
    {
        if (ViewTarget(delete, delete.Table, TriggerEvent.Delete) is { } view)
        {
            return BindViewDelete(delete, view);
        }

        TableSchema table = TargetTable(delete.Table);
        _changedTables = ChangedBy(table, TriggerEvent.Delete, null);
        (SourceBinding source, Scope scope) = TableScope(table, delete.Alias);
        Operator access = BindWhereAccess(delete.Where, source, scope);
        (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
        var writer = new TableWriter(table, source.Slot, [], ForeignKeyEnforcerFor(table)) { IndexExpressions = keys, KeySlot = keySlot };
        TriggerSet? triggers = BindTriggers(table, TriggerEvent.Delete, null, _conflictOverride);
        return new DeletePlan(_schema, SlotWidths, writer, access, source.Slot, triggers);
    }

    private Operator BindWhereAccess(Expression? where, SourceBinding source, Scope scope)
    {
        var conjuncts = new List<Expr>();
        if (where is not null)
        {
            if (ContainsAggregate(where))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in WHERE", where.Position);
            }

            conjuncts = _planner.Conjuncts(BindExpr(where, scope));
        }

        return _planner.PlanTableAccess(source, conjuncts);
    }
}
