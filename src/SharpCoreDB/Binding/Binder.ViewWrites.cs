using System.Collections.Immutable;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>INSERT, UPDATE and DELETE on a view, through its INSTEAD OF triggers.</content>
internal sealed partial class Binder
{
    // The view a statement writes, as a table of its columns, when the target is a view (null for a table, or for a
    // name that is neither: TargetTable reports that). A view without an INSTEAD OF trigger for the statement cannot
    // be written, as in SQLite.
    private TableSchema? ViewTarget(Statement statement, QualifiedName name, TriggerEvent triggerEvent)
    {
        if (_schema.FindTable(name.Name) is not null || _schema.FindView(name.Name) is not { } view)
        {
            return null;
        }

        if (_schema.TriggersOn(view.Name, triggerEvent).Count == 0)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot modify {name.Name} because it is a view", name.Position);
        }

        if (!statement.Returning.IsDefaultOrEmpty)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"RETURNING is not supported on a view ({view.Name})", statement.Returning[0].Position);
        }

        return ViewAsTable(view);
    }

    // What a trigger is on: its table, or its view as a table (INSTEAD OF); null when neither exists.
    private TableSchema? TriggerTarget(string name) =>
        _schema.FindTable(name) ?? (_schema.FindView(name) is { } view ? ViewAsTable(view) : null);

    // A view as the table its INSTEAD OF programs see: its columns, named as it names them, without affinity (NEW
    // and OLD hold values as given), no row id.
    private TableSchema ViewAsTable(ViewSchema view)
    {
        IReadOnlyList<ResultColumnInfo> result = ViewResultColumns(view);
        var columns = ImmutableArray.CreateBuilder<ColumnSchema>(result.Count);
        for (int i = 0; i < result.Count; i++)
        {
            columns.Add(new ColumnSchema
            {
                Name = view.ColumnNames.IsDefaultOrEmpty ? result[i].Name : view.ColumnNames[i],
                Ordinal = i,
                DeclaredTypeName = string.Empty,
                Affinity = Affinity.None,
                DeclaredType = SqlDeclaredType.None,
                NotNull = false,
            });
        }

        return new TableSchema
        {
            Name = view.Name,
            Columns = columns.MoveToImmutable(),
            RowIdAlias = -1,
            AutoIncrement = false,
            RootPage = 0,
            Checks = [],
            Indexes = [],
            Sql = view.Sql,
        };
    }

    private BoundViewWrite BindViewInsert(InsertStatement insert, TableSchema view)
    {
        if (!insert.Upserts.IsDefaultOrEmpty)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, "cannot UPSERT a view", insert.Upserts[0].Position);
        }

        _changedTables = ChangedBy(view, TriggerEvent.Insert, null);
        int[] targets = insert.Source is null ? [] : InsertTargets(insert, view);
        SelectStatement source = insert.Source ?? (SelectStatement)SqlParser.ParseStatement("SELECT NULL");
        BoundQuery rows = BindQuery(source, _root);
        if (insert.Source is not null && rows.Columns.Count != targets.Length)
        {
            throw SqlErrors.At(
                SharpCoreDBErrorCode.Unsupported,
                insert.Columns.IsDefaultOrEmpty
                    ? $"table {view.Name} has {view.Columns.Length} columns but {rows.Columns.Count} values were supplied"
                    : $"{rows.Columns.Count} values for {targets.Length} columns",
                insert.Source.Position);
        }

        BoundTriggerSet triggers = BindTriggers(view, TriggerEvent.Insert, null, StepConflict(insert.OnConflict))!;
        return new BoundViewWrite(view, rows, TriggerEvent.Insert, targets, triggers) { SlotCount = _slotWidths.Count };
    }

    private BoundViewWrite BindViewUpdate(UpdateStatement update, TableSchema view)
    {
        // UPDATE OF programs fire only for the columns assigned: with none firing, the view cannot be updated (SQLite).
        HashSet<string> assigned = FiredTriggers.AssignedColumns(update);
        BoundTriggerSet triggers = BindTriggers(view, TriggerEvent.Update, assigned, StepConflict(update.OnConflict))
            ?? throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"cannot modify {view.Name} because it is a view", update.Table.Position);
        var targets = new int[update.Assignments.Length];
        var values = ImmutableArray.CreateBuilder<ResultColumn>(update.Assignments.Length + 1);
        values.Add(new StarResultColumn(update.Position, null));
        for (int i = 0; i < targets.Length; i++)
        {
            UpdateAssignment assignment = update.Assignments[i];
            targets[i] = view.FindColumn(assignment.Column)?.Ordinal
                ?? throw SqlErrors.At(SharpCoreDBErrorCode.UnknownColumn, $"no such column: {assignment.Column}", assignment.Position);
            values.Add(new ExpressionResultColumn(assignment.Value.Position, assignment.Value, null, assignment.Value.ToString()));
        }

        _changedTables = ChangedBy(view, TriggerEvent.Update, assigned);
        BoundQuery rows = BindQuery(ViewRows(view, update.Alias, update.Where, values.ToImmutable(), update.Position), _root);
        return new BoundViewWrite(view, rows, TriggerEvent.Update, targets, triggers) { SlotCount = _slotWidths.Count };
    }

    private BoundViewWrite BindViewDelete(DeleteStatement delete, TableSchema view)
    {
        _changedTables = ChangedBy(view, TriggerEvent.Delete, null);
        ImmutableArray<ResultColumn> all = [new StarResultColumn(delete.Position, null)];
        BoundQuery rows = BindQuery(ViewRows(view, delete.Alias, delete.Where, all, delete.Position), _root);
        BoundTriggerSet triggers = BindTriggers(view, TriggerEvent.Delete, null, _conflictOverride)!;
        return new BoundViewWrite(view, rows, TriggerEvent.Delete, [], triggers) { SlotCount = _slotWidths.Count };
    }

    // SELECT columns FROM view [AS alias] [WHERE where], as a tree (the WHERE keeps its positions in the statement).
    private static SelectStatement ViewRows(TableSchema view, string? alias, Expression? where, ImmutableArray<ResultColumn> columns, SourcePosition position)
    {
        var from = new FromClause(position, new TableReference(position, new QualifiedName(position, null, view.Name), alias, null, false), []);
        var core = new SelectCore(position, false, columns, from, where, [], null);
        return new SelectStatement(position, core, [], null, null);
    }
}
