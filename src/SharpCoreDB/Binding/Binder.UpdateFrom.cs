using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>
/// <c>UPDATE … FROM</c>, as SQLite runs it: the target joined with the FROM items under the WHERE is a SELECT of the
/// target's row id and the new values; each target row takes the values of the first joined row that names it (SQLite
/// says an arbitrary one) and is updated once, through the same <see cref="RowUpdater"/> as a plain UPDATE, so
/// constraints, triggers and RETURNING behave alike.
/// </content>
internal sealed partial class Binder
{
    private BoundUpdate BindUpdateFrom(UpdateStatement update, TableSchema table, HashSet<string> assignedNames)
    {
        FromClause from = update.From!;
        (SourceBinding source, Scope scope) = TableScope(table, update.Alias);
        source.MarkAllUsed();
        var block = new SelectBlock { Scope = scope, ChangedTables = _changedTables };
        block.From.Add(new FromItem(source));
        if (HasRightJoin(from))
        {
            // As in SQLite, a FROM with a RIGHT or FULL join is joined as a whole (a subquery there) with the target,
            // so its NULL-extended rows can still name a target row; flattened, the target would be NULL-extended too.
            bool saved = _rightJoinInFrom;
            _rightJoinInFrom = true;
            try
            {
                BindJoinUnit(from, scope, block);
            }
            finally
            {
                _rightJoinInFrom = saved;
            }
        }
        else
        {
            BindFrom(from, scope, block);
        }

        for (int i = 1; i < scope.Sources.Count && update.Alias is null; i++)
        {
            // As in SQLite, the target named again without an alias (either side) is refused; an alias tells them apart.
            SourceBinding other = scope.Sources[i];
            if (other.Table == table && string.Equals(other.Name, table.Name, StringComparison.OrdinalIgnoreCase))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"target object/alias may not appear in FROM clause: {source.Name}", from.Position);
            }
        }

        if (update.Where is not null)
        {
            if (ContainsAggregate(update.Where))
            {
                throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "aggregate functions are not allowed in WHERE", update.Where.Position);
            }

            AddConjuncts(BindExpr(update.Where, scope), block.Where);
        }

        (int[] columns, Expr[] values) = BindAssignments(table, update.Assignments, scope);

        // The joined rows project the target's row id (a WITHOUT ROWID table's key columns), then the new values; the
        // updater reads the values back from the same slot, where the plan puts each row's before updating it.
        int locatorWidth = 1;
        if (table.PrimaryKey is { } primaryKey)
        {
            foreach (IndexColumn key in primaryKey.Columns)
            {
                ColumnSchema column = table.Columns[key.Ordinal];
                block.Projection.Add(new ColumnExpr(source.Slot, key.Ordinal, source.Name + "." + column.Name, column.Affinity, column.DeclaredType, column.DeclaredTypeName));
            }

            locatorWidth = primaryKey.Columns.Length;
        }
        else
        {
            block.Projection.Add(new ColumnExpr(source.Slot, table.RowIdSlot, source.Name + ".rowid", Records.Affinity.Integer, Records.SqlDeclaredType.None, "INTEGER"));
        }

        block.Projection.AddRange(values);
        block.Visible = block.Projection.Count;
        block.ProjectSlot = NewSlot(block.Projection.Count);
        foreach (int slot in scope.OuterSlots)
        {
            block.OuterSlots.Add(slot);
        }

        // CHECK constraints name the target's columns alone, never a FROM table's.
        var targetOnly = new Scope(_root);
        targetOnly.Sources.Add(source);
        var writer = new BoundTableWriter(table, source.Slot, BindChecks(table, targetOnly), _schema, _collations, _functions) { Defaults = BindDefaults(table) };
        ConflictResolution conflict = StepConflict(update.OnConflict);
        BoundTriggerSet? triggers = BindTriggers(table, TriggerEvent.Update, assignedNames, conflict);
        return new BoundUpdate(writer, columns, values, conflict) { Join = block, LocatorWidth = locatorWidth, Triggers = triggers, SlotCount = _slotWidths.Count };
    }
}
