using System.Runtime.CompilerServices;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>
/// The triggers one INSERT, UPDATE or DELETE fires: BEFORE and AFTER programs (newest first, as in SQLite) that read
/// the row through their NEW and OLD slots.
/// </summary>
/// <remarks>
/// Each firing runs in a nested <see cref="ExecutionContext"/> that shares the statement's slots but has its own
/// stamp, so the subqueries and hash tables of the program are evaluated afresh for every row, while those of the
/// firing statement keep their once-per-statement values. A program that is already running further up is
/// skipped, as SQLite does with recursive triggers off.
/// </remarks>
/// <param name="before">The BEFORE programs.</param>
/// <param name="after">The AFTER programs.</param>
internal sealed class TriggerSet(TriggerAction[] before, TriggerAction[] after)
{
    [ThreadStatic]
    private static HashSet<TriggerAction>? t_explaining;

    /// <summary>True when some BEFORE program fires.</summary>
    public bool HasBefore => before.Length > 0;

    /// <summary>True when some AFTER program fires.</summary>
    public bool HasAfter => after.Length > 0;

    /// <summary>Runs the BEFORE programs for one row.</summary>
    /// <param name="context">The firing statement's context.</param>
    /// <param name="newRow">The NEW row in slot layout, or null.</param>
    /// <param name="oldRow">The OLD row in slot layout, or null.</param>
    /// <returns>False when a program raised IGNORE: the row is to be skipped.</returns>
    public bool FireBefore(ExecutionContext context, SqlValue[]? newRow, SqlValue[]? oldRow) => Fire(before, context, newRow, oldRow);

    /// <summary>Runs the AFTER programs for one row.</summary>
    /// <param name="context">The firing statement's context.</param>
    /// <param name="newRow">The NEW row in slot layout, or null.</param>
    /// <param name="oldRow">The OLD row in slot layout, or null.</param>
    /// <returns>False when a program raised IGNORE (the programs after it do not run).</returns>
    public bool FireAfter(ExecutionContext context, SqlValue[]? newRow, SqlValue[]? oldRow) => Fire(after, context, newRow, oldRow);

    /// <summary>EXPLAIN lines for the programs; a program already shown further up is named only.</summary>
    /// <returns>The lines.</returns>
    public List<string> Explain()
    {
        bool outermost = t_explaining is null;
        t_explaining ??= [];
        try
        {
            var lines = new List<string>();
            foreach ((string timing, TriggerAction[] actions) in new[] { ("Before", before), ("After", after) })
            {
                foreach (TriggerAction action in actions)
                {
                    lines.Add($"{timing} trigger {action.Name}" + (action.When is null ? string.Empty : " when " + action.When));
                    if (!t_explaining.Add(action))
                    {
                        continue;
                    }

                    foreach (TriggerStep step in action.Steps)
                    {
                        foreach (string line in step.Explain())
                        {
                            lines.Add("  " + line);
                        }
                    }
                }
            }

            return lines;
        }
        finally
        {
            if (outermost)
            {
                t_explaining = null;
            }
        }
    }

    private static bool Fire(TriggerAction[] actions, ExecutionContext context, SqlValue[]? newRow, SqlValue[]? oldRow)
    {
        foreach (TriggerAction action in actions)
        {
            if (action.Running)
            {
                continue;
            }

            if (newRow is not null)
            {
                newRow.AsSpan().CopyTo(context.Slots[action.NewSlot]);
            }

            if (oldRow is not null)
            {
                oldRow.AsSpan().CopyTo(context.Slots[action.OldSlot]);
            }

            // A cascade runs nested on the caller's stack (at most SqlLimits.MaxTriggerDepth programs deep, checked when
            // the statement is bound); on a small stack it ends with an error before the stack does.
            if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
            {
                throw ExecutionErrors.TriggerNestedTooDeeply(action.Name);
            }

            ExecutionContext nested = context.Nested();
            action.Running = true;

            // As in SQLite, rows a trigger program inserts set last_insert_rowid() only while it runs.
            ConnectionCounters? counters = context.Transaction.Counters;
            long lastInsertRowId = counters?.LastInsertRowId ?? 0;
            try
            {
                if (action.When is not null && action.When.EvaluateTruth(nested) != true)
                {
                    continue;
                }

                foreach (TriggerStep step in action.Steps)
                {
                    step.Run(nested);
                }
            }
            catch (TriggerIgnored)
            {
                // RAISE(IGNORE): the rest of this program and the programs after it are abandoned for this row;
                // what they changed stays.
                return false;
            }
            finally
            {
                action.Running = false;
                if (counters is not null)
                {
                    counters.LastInsertRowId = lastInsertRowId;
                }
            }
        }

        return true;
    }
}
