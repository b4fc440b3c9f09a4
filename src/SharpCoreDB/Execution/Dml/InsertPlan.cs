using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Dml;

/// <summary>
/// INSERT: for each source row (VALUES rows, a SELECT, or one row of defaults), builds the table row from the
/// column list and the defaults, and hands it to the <see cref="TableWriter"/>. A SELECT source is read
/// completely before the first insert, so it never sees the rows it produces. BEFORE INSERT triggers see NEW as
/// SQLite shows it (column affinity applied, the row id -1 while it is not chosen yet); AFTER INSERT triggers see
/// the row as stored.
/// </summary>
internal sealed class InsertPlan : DmlPlan
{
    private readonly TableWriter _writer;
    private readonly int _rowSlot;
    private readonly Operator? _source;
    private readonly int _sourceSlot;
    private readonly int[] _targets;
    private readonly Expr?[] _defaults;
    private readonly ConflictResolution _conflict;
    private readonly bool _materialize;
    private readonly TriggerSet? _triggers;
    private readonly UpsertAction[]? _upserts;
    private SqlValue[]? _newRow;

    /// <summary>Creates the plan.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="slotWidths">The slot widths.</param>
    /// <param name="writer">The table writer.</param>
    /// <param name="rowSlot">The slot the new row is built in.</param>
    /// <param name="source">The source rows, or null for DEFAULT VALUES.</param>
    /// <param name="sourceSlot">The slot of each source row.</param>
    /// <param name="targets">For each source column, the table slot column it fills.</param>
    /// <param name="defaults">Per table column, its bound DEFAULT expression or null.</param>
    /// <param name="conflict">OR REPLACE / OR IGNORE / abort.</param>
    /// <param name="materialize">True to read the whole source before inserting (INSERT … SELECT).</param>
    /// <param name="triggers">The INSERT triggers it fires, or null.</param>
    /// <param name="upserts">The ON CONFLICT clauses, or null.</param>
    public InsertPlan(
        Schema schema,
        int[] slotWidths,
        TableWriter writer,
        int rowSlot,
        Operator? source,
        int sourceSlot,
        int[] targets,
        Expr?[] defaults,
        ConflictResolution conflict,
        bool materialize,
        TriggerSet? triggers,
        UpsertAction[]? upserts)
        : base(schema, slotWidths)
    {
        _writer = writer;
        _rowSlot = rowSlot;
        _source = source;
        _sourceSlot = sourceSlot;
        _targets = targets;
        _defaults = defaults;
        _conflict = conflict;
        _materialize = materialize;
        _triggers = triggers;
        _upserts = upserts;
    }

    /// <inheritdoc />
    public override TableSchema Table => _writer.Table;

    /// <inheritdoc />
    public override int TableSlot => _rowSlot;

    /// <inheritdoc />
    public override int ExecuteIn(ExecutionContext context)
    {
        _writer.Begin();
        _writer.PrepareForeignKeys(context, changesParentKeys: false);

        // SQLite stops a one-row INSERT at an immediate foreign-key violation instead of counting it (and skips the
        // parent-side lookups it could not need); only outside trigger and action programs, without REPLACE or triggers.
        _writer.SingleRowInsert = ReferenceEquals(context, Context) && (context.Transaction.ForeignKeysIfUsed?.ActionDepth ?? 0) == 0
            && _triggers is null && _upserts is null && _conflict != ConflictResolution.Replace
            && (_source is null || _source is ValuesOperator { Rows.Count: 1 });
        ChangedSoFar = 0;
        Returned.Clear();
        if (_source is null)
        {
            ChangedSoFar += InsertRow(context, []) ? 1 : 0;
        }
        else if (_materialize)
        {
            foreach (SqlValue[] row in RowCollector.CollectRows(context, _source, _sourceSlot))
            {
                ChangedSoFar += InsertRow(context, row) ? 1 : 0;
            }
        }
        else
        {
            _source.Open(context);
            try
            {
                while (_source.Next(context))
                {
                    context.CheckCancellation();
                    ChangedSoFar += InsertRow(context, context.Slots[_sourceSlot]) ? 1 : 0;
                }
            }
            finally
            {
                _source.Close(context);
            }
        }

        _writer.Finish(context);
        return ChangedSoFar;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain()
    {
        var lines = new List<string> { "Insert " + _writer.Table.Name };
        if (_source is not null)
        {
            foreach (string line in PlanPrinter.Print(_source))
            {
                lines.Add("  " + line);
            }
        }

        if (_triggers is not null)
        {
            lines.AddRange(_triggers.Explain());
        }

        return lines;
    }

    private bool InsertRow(ExecutionContext context, SqlValue[] source)
    {
        SqlValue[] row = context.Slots[_rowSlot];
        for (int i = 0; i < _defaults.Length; i++)
        {
            Expr? expression = _defaults[i];
            row[i] = expression is null ? SqlValue.Null : expression.Evaluate(context);
        }

        row[^1] = SqlValue.Null;
        for (int i = 0; i < _targets.Length; i++)
        {
            row[_targets[i]] = source[i];
        }

        if (_triggers is null)
        {
            if (_writer.Insert(context, row, _conflict, _upserts))
            {
                ReturnRow(context);
                return true;
            }

            return UpsertInstead(context);
        }

        if (_triggers.HasBefore)
        {
            SqlValue[] shown = _newRow ??= new SqlValue[row.Length];
            _writer.ShowNewRow(context, row, shown);
            _writer.BeforeTriggers(context);
            if (!_triggers.FireBefore(context, shown, null))
            {
                return false;
            }
        }

        if (!_writer.Insert(context, row, _conflict, _upserts))
        {
            return UpsertInstead(context);
        }

        ReturnRow(context);

        if (_triggers.HasAfter)
        {
            _writer.BeforeTriggers(context);
            _triggers.FireAfter(context, row, null);
        }

        return true;
    }

    // The row collided with an existing one under an upsert clause: DO NOTHING, or DO UPDATE that row (a change, as
    // in SQLite; no INSERT trigger fires for it after the BEFORE ones).
    private bool UpsertInstead(ExecutionContext context)
    {
        if (_writer.Collision is not { } collision || collision.Action.Updater is not { } updater || !updater.Update(context, collision.Row))
        {
            return false;
        }

        if (Returning is not null)
        {
            // RETURNING reads the table slot: show it the row as updated.
            SqlValue[] updated = context.Slots[updater.Slot];
            Array.Copy(updated, context.Slots[_rowSlot], updated.Length);
            ReturnRow(context);
        }

        return true;
    }
}
