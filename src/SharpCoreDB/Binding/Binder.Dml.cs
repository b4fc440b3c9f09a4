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
        (SourceBinding source, Scope scope) = RowScope(table, alias);
        source.IndexPredicates = BindIndexPredicates(table, source.Slot);
        source.IndexExpressions = BindIndexExpressions(table, source.Slot);
        return (source, scope);
    }

    // A row of the table without its index definitions: for a source that is never planned (a schema change binds
    // CHECKs against it), so the planner has none to rewrite.
    private (SourceBinding Source, Scope Scope) RowScope(TableSchema table, string? alias)
    {
        var source = new SourceBinding(alias ?? table.Name, NewSlot(table.Columns.Length + 1), TableColumns(table), table);
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

    private Expr[] BindChecks(TableSchema table, Scope scope)
    {
        if (table.Checks.IsEmpty)
        {
            return [];
        }

        var checks = new Expr[table.Checks.Length];
        for (int i = 0; i < checks.Length; i++)
        {
            CheckConstraint check = table.Checks[i];
            if (ContainsAggregate(check.Condition))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in CHECK constraints", check.Condition.Position);
            }

            checks[i] = BindExpr(check.Condition, scope);
        }

        return checks;
    }

    // RETURNING: result columns over the changed row, bound like a SELECT's over the target table alone (its slot
    // holds the row as stored, or as it was for DELETE), aggregates refused; the planner rewrites the values.
    private BoundDml WithReturning(Statement statement, BoundDml plan)
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
        plan.Returning = ([.. block.Projection], ResultColumns(core, block, scope));
        return plan;
    }


    // Per column, its bound DEFAULT, or null. The INTEGER PRIMARY KEY column has none: SQLite ignores its DEFAULT and
    // gives a row without an id the next free one. Bound in a scope without sources (the caller's, or one made when a
    // column has a DEFAULT).
    private Expr?[] BindDefaults(TableSchema table, Scope? empty = null)
    {
        var defaults = new Expr?[table.Columns.Length];
        foreach (ColumnSchema column in table.Columns)
        {
            if (column.Default is not null && column.Ordinal != table.RowIdAlias)
            {
                empty ??= new Scope(_root);
                defaults[column.Ordinal] = BindExpr(column.Default, empty);
            }
        }

        return defaults;
    }

    // A writer of the table for the row in the source's slot: its CHECKs bound in the scope given, its index and
    // generated-column expressions against slots of their own.
    private BoundTableWriter BindWriter(TableSchema table, SourceBinding row, Scope checkScope, Expr?[]? defaults)
    {
        (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
        (Expr?[]? generated, int generatedSlot) = GeneratedColumnBinder.BindForWriter(table, this);
        Definition(generated);
        return new BoundTableWriter(table, row.Slot, BindChecks(table, checkScope), _schema, _collations, _functions)
        {
            Defaults = defaults,
            IndexPredicates = row.IndexPredicates,
            IndexExpressions = keys,
            KeySlot = keySlot,
            Generated = generated,
            GeneratedSlot = generatedSlot,
        };
    }

    private BoundDml BindInsert(InsertStatement insert)
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

        var empty = new Scope(_root);
        Expr?[] defaults = BindDefaults(table, empty);

        List<Expr[]>? rows = null;
        IBoundRelation? query = null;
        int sourceSlot = -1;
        bool materialize = false;
        if (insert.Source is { Body: ValuesClause values, OrderBy.IsDefaultOrEmpty: true, Limit: null } && values.Rows.Length > 0)
        {
            rows = new List<Expr[]>(values.Rows.Length);
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
                    bound[i] = BindExpr(valueRow[i], empty);
                    // A subquery in a VALUES row reads the database as it was before the statement, as in SQLite
                    // (which runs such a source into a temporary table first): no row sees an earlier one.
                    materialize |= values.Rows.Length > 1 && ContainsSubquery(valueRow[i]);
                }

                rows.Add(bound);
            }

            sourceSlot = NewSlot(targets.Length);
        }
        else if (insert.Source is not null)
        {
            BoundQuery bound = BindQuery(insert.Source, _root);
            if (bound.Columns.Count != targets.Length)
            {
                throw SqlErrors.At(
                    SharpCoreDBErrorCode.Unsupported,
                    $"table {table.Name} has {targets.Length} columns but the SELECT returns {bound.Columns.Count}",
                    insert.Source.Position);
            }

            query = bound.Relation;
            sourceSlot = bound.Slot;
            materialize = true;
        }

        BoundTableWriter writer = BindWriter(table, row, scope, defaults);
        ConflictResolution conflict = StepConflict(insert.OnConflict);
        BoundTriggerSet? triggers = BindTriggers(table, TriggerEvent.Insert, null, conflict);
        BoundUpsert[]? upserts = insert.Upserts.IsDefaultOrEmpty ? null : BindUpserts(insert, table, row, conflict);
        return new BoundInsert(writer, targets, conflict)
        {
            Values = rows,
            Query = query,
            SourceSlot = sourceSlot,
            Materialize = materialize,
            Triggers = triggers,
            Upserts = upserts,
            SlotCount = _slotWidths.Count,
        };
    }

    // ON CONFLICT clauses. DO UPDATE sees the existing row under the table's name (or alias) and the row that was to be
    // inserted as "excluded" (the insert's own slot, so nothing is copied), which only a qualified name reaches.
    private BoundUpsert[] BindUpserts(InsertStatement insert, TableSchema table, SourceBinding proposed, ConflictResolution conflict)
    {
        var actions = new BoundUpsert[insert.Upserts.Length];
        for (int i = 0; i < actions.Length; i++)
        {
            UpsertClause clause = insert.Upserts[i];
            bool rowIdTarget = false;
            List<int>? candidates = null;
            Expr?[]? predicates = null;
            Expr? targetWhere = null;
            if (!clause.Target.IsDefaultOrEmpty)
            {
                // The target's WHERE only selects a partial unique index, one whose WHERE it implies (as in SQLite):
                // the planner decides which of the candidates that is.
                (SourceBinding target, Scope targetScope) = TableScope(table, insert.Alias);
                targetWhere = clause.TargetWhere is null ? null : BindExpr(clause.TargetWhere, targetScope);
                (rowIdTarget, candidates) = UpsertTarget(table, clause);
                predicates = target.IndexPredicates;
            }

            if (clause.DoNothing)
            {
                actions[i] = new BoundUpsert { RowIdTarget = rowIdTarget, Candidates = candidates, CandidatePredicates = predicates, TargetWhere = targetWhere, Position = clause.Position, DoNothing = true };
            }
            else
            {
                (SourceBinding existing, Scope scope) = TableScope(table, insert.Alias);
                existing.MarkAllUsed();
                scope.Sources.Add(new SourceBinding("excluded", proposed.Slot, TableColumns(table), table) { QualifiedOnly = true });
                (int[] columns, Expr[] values) = BindAssignments(table, clause.Assignments, scope);
                Expr? where = clause.Where is null ? null : BindExpr(clause.Where, scope);
                var assigned = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
                foreach (UpdateAssignment assignment in clause.Assignments)
                {
                    assigned.Add(assignment.Column);
                }

                BoundTriggerSet? triggers = BindTriggers(table, TriggerEvent.Update, assigned, conflict);
                actions[i] = new BoundUpsert
                {
                    RowIdTarget = rowIdTarget,
                    Candidates = candidates,
                    CandidatePredicates = predicates,
                    TargetWhere = targetWhere,
                    Position = clause.Position,
                    Slot = existing.Slot,
                    Columns = columns,
                    Values = values,
                    Where = where,
                    Triggers = triggers,
                };
            }
        }

        return actions;
    }

    // The uniqueness constraint a conflict target names: the row id, or (the positions of) the unique indexes on
    // exactly those columns, of which the planner takes the first whose partial-index WHERE the target's implies.
    private static (bool RowId, List<int>? Candidates) UpsertTarget(TableSchema table, UpsertClause clause)
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

        List<int>? candidates = null;
        for (int i = 0; i < table.Indexes.Length; i++)
        {
            IndexSchema index = table.Indexes[i];
            if (index.IsUnique && index.Columns.Length == ordinals.Count && index.Columns.All(c => ordinals.Contains(c.Ordinal)))
            {
                (candidates ??= []).Add(i);
            }
        }

        return candidates is not null ? (false, candidates) : throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint", clause.Position);
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

            GeneratedColumnBinder.RefuseTarget(table, ordinal, "UPDATE", assignment.Position);
            columns[i] = ordinal;
            values[i] = BindExpr(assignment.Value, scope);
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

            GeneratedColumnBinder.RefuseTarget(table, ordinal, "INSERT into", identifier.Position);

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

    private BoundDml BindUpdate(UpdateStatement update)
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

        Expr? where = BindWhere(update.Where, scope);
        BoundTableWriter writer = BindWriter(table, source, scope, BindDefaults(table));
        ConflictResolution conflict = StepConflict(update.OnConflict);
        BoundTriggerSet? triggers = BindTriggers(table, TriggerEvent.Update, assignedNames, conflict);
        return new BoundUpdate(writer, columns, values, conflict) { Source = source, Where = where, Triggers = triggers, SlotCount = _slotWidths.Count };
    }

    private BoundDml BindDelete(DeleteStatement delete)
    {
        if (ViewTarget(delete, delete.Table, TriggerEvent.Delete) is { } view)
        {
            return BindViewDelete(delete, view);
        }

        TableSchema table = TargetTable(delete.Table);
        _changedTables = ChangedBy(table, TriggerEvent.Delete, null);
        (SourceBinding source, Scope scope) = TableScope(table, delete.Alias);
        Expr? where = BindWhere(delete.Where, scope);
        (Expr?[]?[]? keys, int keySlot) = WriterIndexExpressions(table);
        var writer = new BoundTableWriter(table, source.Slot, [], _schema, _collations, _functions) { IndexExpressions = keys, KeySlot = keySlot };
        BoundTriggerSet? triggers = BindTriggers(table, TriggerEvent.Delete, null, _conflictOverride);
        return new BoundDelete(writer, source, where, triggers) { SlotCount = _slotWidths.Count };
    }

    // The WHERE of an UPDATE or DELETE, bound; the planner splits it into conjuncts and chooses the access path.
    private Expr? BindWhere(Expression? where, Scope scope)
    {
        if (where is null)
        {
            return null;
        }

        if (ContainsAggregate(where))
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in WHERE", where.Position);
        }

        return BindExpr(where, scope);
    }
}
