using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Records;
using SharpCoreDB.Transactions;

namespace SharpCoreDB.Engine;

/// <summary>
/// Runs one statement that changes data or schema: inside the session's explicit transaction with statement
/// atomicity (the statement's undo log takes back a failure), or in its own write transaction that commits
/// before the call returns.
/// </summary>
internal static class WriteRunner
{
    /// <summary>Runs a write statement inside the explicit transaction.</summary>
    /// <param name="session">The session.</param>
    /// <param name="transaction">The session's explicit transaction.</param>
    /// <param name="statement">The statement.</param>
    /// <param name="index">Which of its statements.</param>
    /// <param name="parameters">The parameter values (read only while the statement runs).</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <param name="returned">Receives the rows of a RETURNING clause, or null when the caller does not read them.</param>
    /// <returns>The rows changed.</returns>
    public static int RunInTransaction(Session session, TransactionContext transaction, Statement statement, int index, SqlValue[] parameters, CancellationToken cancellationToken, ReturnedRows? returned = null)
    {
        if (!transaction.IsWritable)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ReadOnly, $"'{session.Database.Options.DataSource}' is open read-only");
        }

        if (session.OpenReadersInTransaction > 0)
        {
            throw new InvalidOperationException("Cannot change data while a result of this session is still being read in the same transaction; dispose it first.");
        }

        var plan = (WritePlan)statement.Rent(index, session.BindingSchema(transaction.Schema));
        UndoLog undo = transaction.Undo!;
        Schema before = transaction.Schema;

        // Under a savepoint the records stay after the statement (ROLLBACK TO needs them); a failing statement takes
        // back only its own.
        bool keep = session.HasSavepoints;
        if (!keep)
        {
            undo.Clear();
        }

        int mark = undo.Count;
        undo.IsRecording = true;
        int changed;
        bool rollBackTransaction = false;
        // changes() and total_changes() follow INSERT, UPDATE and DELETE only; other statements leave them alone.
        ConnectionCounters? counters = plan is DmlPlan ? session.Counters : null;
        counters?.StatementStarting();
        transaction.ForeignKeysIfUsed?.StatementStarting();
        try
        {
            plan.Context.Begin(transaction, parameters, cancellationToken);
            changed = plan.Execute();
            CheckStatementForeignKeys(transaction, autocommit: false);
        }
        catch (SharpCoreDBException ex) when (ex.KeepsStatementChanges)
        {
            // RAISE(FAIL) in a trigger: the statement stops, and what it changed before stays (and counts).
            counters?.StatementCompleted(((DmlPlan)plan).ChangedSoFar);
            throw;
        }
        catch (Exception ex)
        {
            counters?.StatementFailed();
            // Statement atomicity: take back this statement's changes; the transaction goes on, unless a trigger
            // raised ROLLBACK, which ends it.
            undo.RollbackTo(transaction, mark);
            transaction.ForeignKeysIfUsed?.StatementFailed();
            transaction.Schema = before;
            rollBackTransaction = ex is SharpCoreDBException { RollsBackTransaction: true };
            throw;
        }
        finally
        {
            undo.IsRecording = false;
            if (!keep)
            {
                undo.Clear();
            }

            plan.Context.End();
            if (rollBackTransaction)
            {
                session.Rollback();
            }
        }

        // Only after End: once back in the pool, another session may take the plan.
        TakeReturned(plan, returned);
        statement.Return(index, plan);
        counters?.StatementCompleted(changed);
        return changed;
    }

    // At the end of a statement, immediate foreign-key violations it counted fail it (and take it back); in its own
    // transaction, so do deferred ones, since that transaction commits now.
    private static void CheckStatementForeignKeys(TransactionContext transaction, bool autocommit)
    {
        // Counters nobody made are all zero (a statement that met no foreign key): nothing to check.
        if (transaction.ForeignKeysIfUsed is { } counters && (counters.Statement > 0 || (autocommit && counters.DeferredTotal > 0)))
        {
            throw Execution.ForeignKeys.ForeignKeyErrors.Violation();
        }
    }

    // The RETURNING rows leave the plan before it goes back to the pool.
    private static void TakeReturned(WritePlan plan, ReturnedRows? returned)
    {
        if (plan is DmlPlan { Returning: { } returning } dml)
        {
            if (returned is not null)
            {
                returned.Columns = returning.Columns;
                returned.Rows.AddRange(dml.Returned);
            }

            dml.Returned.Clear();
        }
    }

    /// <summary>Runs a write statement in its own write transaction and commits it.</summary>
    /// <param name="session">The session (in autocommit mode).</param>
    /// <param name="statement">The statement.</param>
    /// <param name="index">Which of its statements.</param>
    /// <param name="parameters">The parameter values.</param>
    /// <param name="async">
    /// True to wait for the writer slot and the commit without blocking a thread; false to wait on this thread, in
    /// which case the returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <param name="returned">Receives the rows of a RETURNING clause, or null when the caller does not read them.</param>
    /// <returns>The rows changed.</returns>
    public static async ValueTask<int> RunAutocommit(Session session, Statement statement, int index, SqlValue[] parameters, bool async, CancellationToken cancellationToken, ReturnedRows? returned = null)
    {
        TransactionContext transaction = await session.BeginWrite(async, cancellationToken).ConfigureAwait(false);
        WritePlan? plan = null;
        bool executed = false;
        ConnectionCounters? counters = null;
        try
        {
            plan = (WritePlan)statement.Rent(index, session.BindingSchema(transaction.Schema));
            counters = plan is DmlPlan ? session.Counters : null;
            counters?.StatementStarting();
            transaction.ForeignKeysIfUsed?.StatementStarting();
            plan.Context.Begin(transaction, parameters, cancellationToken);
            int changed = plan.Execute();
            CheckStatementForeignKeys(transaction, autocommit: true);
            plan.Context.End();
            executed = true;
            await session.CommitWrite(transaction, async, cancellationToken).ConfigureAwait(false);

            TakeReturned(plan, returned);
            statement.Return(index, plan);
            counters?.StatementCompleted(changed);
            return changed;
        }
        catch (SharpCoreDBException ex) when (ex.KeepsStatementChanges && !executed)
        {
            // RAISE(FAIL) in a trigger: the statement stops, and what it changed before stays, so this statement's
            // transaction commits it before the error is reported; those rows count as its changes.
            counters?.StatementCompleted(((DmlPlan)plan!).ChangedSoFar);
            plan!.Context.End();
            await session.CommitWrite(transaction, async, cancellationToken).ConfigureAwait(false);

            throw;
        }
        catch
        {
            counters?.StatementFailed();
            if (!executed)
            {
                plan?.Context.End();
            }

            transaction.Rollback();
            throw;
        }
        finally
        {
            // The statement's transaction ended (committed or rolled back): so does defer_foreign_keys, as in SQLite.
            if (plan is not null)
            {
                session.AutocommitEnded();
            }

            transaction.Dispose();
        }
    }
}
