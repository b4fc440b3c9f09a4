using System.Buffers;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>
/// Enforces the foreign keys one table takes part in, for the <see cref="TableWriter"/> of one statement, the way
/// SQLite's fkey.c does: as the child (a new row needs its parent; a removed row that had none repairs a counted
/// violation) and as the parent (a removed key breaks the children that use it, a new key repairs those that
/// waited for it), counting violations in <see cref="ForeignKeyCounters"/>, and running the ON DELETE / ON UPDATE
/// actions after the row changed.
/// </summary>
/// <remarks>
/// Nothing happens unless the connection has <c>PRAGMA foreign_keys</c> on. The constraints are resolved against the
/// statement's schema on first use, so a missing parent table or a parent key without a unique index is reported
/// only then, as SQLite reports it when it prepares the statement.
/// </remarks>
internal sealed partial class ForeignKeyEnforcer
{
    private readonly Schema _schema;
    private readonly TableSchema _table;
    private readonly Func<ForeignKeyLink, ForeignKeyAction, bool, DmlPlan> _bindAction;
    private ForeignKeyLink?[]? _children;
    private SharpCoreDBException?[]? _childErrors;
    private ForeignKeyLink?[]? _parents;
    private SharpCoreDBException?[]? _parentErrors;
    private readonly ForeignKeyProbe _probe = new();
    private readonly bool _hasForeignKeys;

    /// <summary>Creates the enforcer.</summary>
    /// <param name="schema">The schema the statement was bound against.</param>
    /// <param name="table">The table the statement writes.</param>
    /// <param name="bindAction">
    /// Binds the statement an action runs on a child table (the link, the action, true for ON DELETE): a DELETE or
    /// UPDATE whose parameters are the old parent key, then for ON UPDATE CASCADE the new one.
    /// </param>
    public ForeignKeyEnforcer(Schema schema, TableSchema table, Func<ForeignKeyLink, ForeignKeyAction, bool, DmlPlan> bindAction)
    {
        _schema = schema;
        _table = table;
        _bindAction = bindAction;

        // Fixed for the statement's schema, and asked for every row a statement writes: worked out once.
        _hasForeignKeys = table.ForeignKeys.Length > 0 || schema.ForeignKeysReferencing(table.Name).Length > 0;
    }

    /// <summary>True when the table is a child or a parent in some foreign key of the schema.</summary>
    public bool HasForeignKeys => _hasForeignKeys;

    /// <summary>True when the statement runs with foreign keys on and the table has some.</summary>
    /// <param name="context">The execution context.</param>
    /// <returns>True when the hooks have work to do.</returns>
    public bool IsActive(ExecutionContext context) =>
        _hasForeignKeys && context.Transaction.Settings is { ForeignKeys: true };

    /// <summary>
    /// Resolves the constraints when a statement starts, raising what SQLite raises when it prepares one: a missing
    /// parent table or mismatched parent key of the table's own constraints, and for UPDATE and DELETE a mismatched
    /// parent key of a constraint that references the table.
    /// </summary>
    /// <param name="context">The execution context.</param>
    /// <param name="changesParentKeys">True for UPDATE and DELETE.</param>
    public void Prepare(ExecutionContext context, bool changesParentKeys)
    {
        if (!IsActive(context))
        {
            return;
        }

        Resolve();
        foreach (SharpCoreDBException? error in _childErrors!)
        {
            if (error is not null)
            {
                throw error;
            }
        }

        if (changesParentKeys)
        {
            foreach (SharpCoreDBException? error in _parentErrors!)
            {
                if (error is not null)
                {
                    throw error;
                }
            }
        }
    }

    /// <summary>
    /// Marks the columns the hooks of a DELETE read from the removed row: the child columns of the table's own
    /// constraints and the parent key columns of the constraints that reference it (the rest need not be decoded).
    /// </summary>
    /// <param name="needed">Per column, set to true for the columns the hooks read.</param>
    public void MarkKeyColumns(bool[] needed)
    {
        Resolve();
        foreach (ForeignKeyLink? link in _children!)
        {
            Mark(link?.ChildColumns, needed);
        }

        foreach (ForeignKeyLink? link in _parents!)
        {
            Mark(link?.ParentColumns, needed);
        }
    }

    private static void Mark(int[]? columns, bool[] needed)
    {
        if (columns is null)
        {
            return;
        }

        foreach (int column in columns)
        {
            needed[column] = true;
        }
    }

    /// <summary>Before a row is inserted (it is not in the table yet): its parents, and the children that waited for its key.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row (slot layout).</param>
    /// <param name="singleRow">
    /// True for a top-level INSERT of one row: an immediate violation then fails at once, and the parent-side lookups
    /// of immediate constraints are skipped (one row cannot repair what the statement counted), as in SQLite.
    /// </param>
    public void BeforeInsert(ExecutionContext context, SqlValue[] row, bool singleRow)
    {
        Resolve();
        ChildAdded(context, row, null, singleRow);
        ParentKeyAdded(context, row, null, singleRow, countSelf: false);
    }

    /// <summary>Before a row is deleted (it is still in the table).</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row (slot layout, every column decoded).</param>
    /// <param name="cascadedFrom">
    /// For a row an ON DELETE CASCADE deletes in place (see <see cref="CascadesInPlace"/>), the constraint whose parent
    /// row went, else null. That constraint's check is skipped: the parent is gone, so it would only take back the one
    /// violation the parent's removal did not count for this row.
    /// </param>
    public void BeforeDelete(ExecutionContext context, SqlValue[] row, ForeignKeySchema? cascadedFrom = null)
    {
        Resolve();
        ChildRemoved(context, row, null, cascadedFrom);
        ParentKeyRemoved(context, row, null, excludeSelf: true);
    }

    /// <summary>After a row was deleted: the ON DELETE actions.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The deleted row.</param>
    public void AfterDelete(ExecutionContext context, SqlValue[] row) => RunActions(context, row, null, null);

    /// <summary>Before an updated row's old version leaves the table.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="oldRow">The row before the update.</param>
    /// <param name="assigned">Per slot, true for the columns the statement assigns (SQLite decides by these, not by the values); null for all.</param>
    public void BeforeUpdateRemoval(ExecutionContext context, SqlValue[] oldRow, bool[]? assigned)
    {
        Resolve();
        ChildRemoved(context, oldRow, assigned, null);
        ParentKeyRemoved(context, oldRow, assigned, excludeSelf: false);
    }

    /// <summary>After the old version left the table, before the new one goes in.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="row">The row after the update.</param>
    /// <param name="assigned">The assigned columns, or null for all.</param>
    public void BeforeUpdateInsertion(ExecutionContext context, SqlValue[] row, bool[]? assigned)
    {
        ChildAdded(context, row, assigned, singleRow: false);
        ParentKeyAdded(context, row, assigned, singleRow: false, countSelf: true);
    }

    /// <summary>After a row was updated: the ON UPDATE actions for parent keys whose values changed.</summary>
    /// <param name="context">The execution context.</param>
    /// <param name="oldRow">The row before.</param>
    /// <param name="row">The row after.</param>
    /// <param name="assigned">The assigned columns, or null for all.</param>
    public void AfterUpdate(ExecutionContext context, SqlValue[] oldRow, SqlValue[] row, bool[]? assigned) => RunActions(context, oldRow, row, assigned);

    // A child row appears: if its key is complete and no parent has it, that is one more violation.
    private void ChildAdded(ExecutionContext context, SqlValue[] row, bool[]? assigned, bool singleRow)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        foreach (ForeignKeyLink? link in _children!)
        {
            if (link is null || !Touches(link.ChildColumns, assigned) || HasNull(row, link.ChildColumns))
            {
                continue;
            }

            if (link.SelfReferencing && ForeignKeyProbe.ReferencesItself(link, row))
            {
                continue;
            }

            if (!_probe.ParentExists(context, link, row))
            {
                if (singleRow && !link.ForeignKey.Deferred && !deferAll)
                {
                    // SQLite halts here without a statement journal: deferred counts this row added stay.
                    counters.KeepDeferredCountsOfFailure();
                    ForeignKeyErrors.ThrowViolation();
                }

                counters.Add(link.ForeignKey.Deferred, deferAll, 1);
            }
        }
    }

    // A child row goes: if it had no parent, a counted violation is repaired.
    private void ChildRemoved(ExecutionContext context, SqlValue[] row, bool[]? assigned, ForeignKeySchema? cascadedFrom)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        foreach (ForeignKeyLink? link in _children!)
        {
            if (link is null || !Touches(link.ChildColumns, assigned) || HasNull(row, link.ChildColumns) || counters.IsZero(link.ForeignKey.Deferred)
                || (cascadedFrom is not null && link.ForeignKey.Id == cascadedFrom.Id))
            {
                continue;
            }

            if (!_probe.ParentExists(context, link, row))
            {
                counters.Add(link.ForeignKey.Deferred, deferAll, -1);
            }
        }
    }

    // A parent key goes: every child using it is a violation until an action or a new parent repairs it. A deleted row
    // that referenced itself is left out; an updated one is not (its new version is counted back by ParentKeyAdded when it
    // still references itself), which is how SQLite's counts come out. A deleted row whose children an ON DELETE
    // CASCADE deletes in place counts none: each would be taken back as its child goes (see CascadesInPlace).
    private void ParentKeyRemoved(ExecutionContext context, SqlValue[] row, bool[]? assigned, bool excludeSelf)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        ForeignKeyLink?[] parents = _parents!;
        for (int i = 0; i < parents.Length; i++)
        {
            // Unresolvable constraints failed the statement in Prepare; only DROP TABLE's implicit DELETE gets here
            // with one, and SQLite ignores them there.
            ForeignKeyLink? link = parents[i];
            if (link is null || !Touches(link.ParentColumns, assigned) || HasNull(row, link.ParentColumns)
                || (excludeSelf && CascadesInPlace(i)))
            {
                continue;
            }

            RowLocator? self = excludeSelf && link.SelfReferencing ? LocatorOf(row) : null;
            long children = _probe.CountChildren(context, link, row, self, firstOnly: false);
            if (children > 0)
            {
                counters.Add(link.ForeignKey.Deferred, deferAll, children);
            }
        }
    }

    // The row itself as a locator: its row id, or in a WITHOUT ROWID table its encoded PRIMARY KEY (a copy, made only
    // for a deleted row of a self-referencing table).
    private RowLocator LocatorOf(SqlValue[] row)
    {
        if (!_table.WithoutRowId)
        {
            return new RowLocator(row[_table.RowIdSlot].AsInt64(), null);
        }

        var key = new ArrayBufferWriter<byte>(32);
        IndexKeys.WritePrefix(_table.PrimaryKey!, row, key);
        return new RowLocator(0, key.WrittenSpan.ToArray());
    }

    // A parent key appears: the children that used it before repair their counted violations (with countSelf, the
    // updated row itself too when it references its own new key).
    private void ParentKeyAdded(ExecutionContext context, SqlValue[] row, bool[]? assigned, bool singleRow, bool countSelf)
    {
        ForeignKeyCounters counters = context.Transaction.ForeignKeys;
        bool deferAll = context.Transaction.Settings!.DeferForeignKeys;
        foreach (ForeignKeyLink? link in _parents!)
        {
            // A parent key without a unique index cannot be inserted against (SQLite skips it for INSERT).
            if (link is null || (singleRow && !link.ForeignKey.Deferred && !deferAll)
                || !Touches(link.ParentColumns, assigned) || HasNull(row, link.ParentColumns) || counters.IsZero(link.ForeignKey.Deferred))
            {
                continue;
            }

            long children = _probe.CountChildren(context, link, row, null, firstOnly: false);
            if (countSelf && link.SelfReferencing && !HasNull(row, link.ChildColumns) && ForeignKeyProbe.ReferencesItself(link, row))
            {
                children++;
            }

            if (children > 0)
            {
                counters.Add(link.ForeignKey.Deferred, deferAll, -children);
            }
        }
    }

    private void Resolve()
    {
        if (_children is not null)
        {
            return;
        }

        var children = new ForeignKeyLink?[_table.ForeignKeys.Length];
        var childErrors = new SharpCoreDBException?[children.Length];
        for (int i = 0; i < children.Length; i++)
        {
            (children[i], childErrors[i]) = TryResolve(_table, _table.ForeignKeys[i]);
        }

        var referencing = _schema.ForeignKeysReferencing(_table.Name);
        var parents = new ForeignKeyLink?[referencing.Length];
        var errors = new SharpCoreDBException?[referencing.Length];
        for (int i = 0; i < parents.Length; i++)
        {
            ForeignKeySchema foreignKey = referencing[i];
            (parents[i], errors[i]) = TryResolve(_schema.FindTable(foreignKey.ChildTable)!, foreignKey);
        }

        _parents = parents;
        _parentErrors = errors;
        _childErrors = childErrors;
        _children = children;
    }

    // The error is kept, not swallowed: Prepare raises it for the statements SQLite raises it for.
    private (ForeignKeyLink? Link, SharpCoreDBException? Error) TryResolve(TableSchema child, ForeignKeySchema foreignKey)
    {
        try
        {
            return (ForeignKeyLink.Resolve(_schema, child, foreignKey), null);
        }
        catch (SharpCoreDBException error)
        {
            return (null, error);
        }
    }

    private static bool Touches(int[] columns, bool[]? assigned)
    {
        if (assigned is null)
        {
            return true;
        }

        foreach (int column in columns)
        {
            if (assigned[column])
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasNull(SqlValue[] row, int[] columns)
    {
        foreach (int column in columns)
        {
            if (row[column].IsNull)
            {
                return true;
            }
        }

        return false;
    }
}
