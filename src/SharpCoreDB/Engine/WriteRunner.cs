using System.Runtime.ExceptionServices;
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
    public static ValueTask<int> RunAutocommit(Session session, Statement statement, int index, SqlValue[] parameters, bool async, CancellationToken cancellationToken, ReturnedRows? returned = null)
    {
        // Neither a free writer slot nor an Async or Legacy commit has anything to wait for, and the synchronous path
        // never waits asynchronously: the statement then runs without an async state machine (a one-row autocommit
        // insert ran about a dozen, each a thread-static read and a context save and restore).
        ValueTask<TransactionContext> begin = session.BeginWrite(async, cancellationToken);
        return begin.IsCompletedSuccessfully
            ? RunAndCommit(session, begin.Result, statement, index, parameters, returned, async, cancellationToken)
            : RunWhenBegun(session, begin, statement, index, parameters, returned, async, cancellationToken);
    }

    private static async ValueTask<int> RunWhenBegun(Session session, ValueTask<TransactionContext> begin, Statement statement, int index, SqlValue[] parameters, ReturnedRows? returned, bool async, CancellationToken cancellationToken)
    {
        TransactionContext transaction = await begin.ConfigureAwait(false);
        return await RunAndCommit(session, transaction, statement, index, parameters, returned, async, cancellationToken).ConfigureAwait(false);
    }

    // Runs the statement in its own transaction, then commits it. The transaction ends here, or in the continuation
    // that waits for an unfinished commit.
    private static ValueTask<int> RunAndCommit(Session session, TransactionContext transaction, Statement statement, int index, SqlValue[] parameters, ReturnedRows? returned, bool async, CancellationToken cancellationToken)
    {
        WritePlan? plan = null;
        ConnectionCounters? counters = null;
        bool handedOn = false;
        try
        {
            int changed;
            try
            {
                plan = (WritePlan)statement.Rent(index, session.BindingSchema(transaction.Schema));
                counters = plan is DmlPlan ? session.Counters : null;
                counters?.StatementStarting();
                transaction.ForeignKeysIfUsed?.StatementStarting();
                plan.Context.Begin(transaction, parameters, cancellationToken);
                changed = plan.Execute();
                CheckStatementForeignKeys(transaction, autocommit: true);
                plan.Context.End();
            }
            catch (SharpCoreDBException ex) when (ex.KeepsStatementChanges)
            {
                // RAISE(FAIL) in a trigger: the statement stops, and what it changed before stays, so this statement's
                // transaction commits it before the error is reported; those rows count as its changes.
                counters?.StatementCompleted(((DmlPlan)plan!).ChangedSoFar);
                plan!.Context.End();
                ValueTask kept = session.CommitWrite(transaction, async, cancellationToken);
                if (!kept.IsCompletedSuccessfully)
                {
                    handedOn = true;
                    return ThrowWhenCommitted(session, transaction, kept, ex);
                }

                throw;
            }
            catch
            {
                plan?.Context.End();
                Failed(transaction, counters);
                throw;
            }

            ValueTask commit;
            try
            {
                commit = session.CommitWrite(transaction, async, cancellationToken);
            }
            catch
            {
                Failed(transaction, counters);
                throw;
            }

            if (!commit.IsCompletedSuccessfully)
            {
                handedOn = true;
                return CompleteWhenCommitted(session, transaction, commit, statement, index, plan, counters, changed, returned);
            }

            return new ValueTask<int>(Completed(statement, index, plan, counters, changed, returned));
        }
        finally
        {
            if (!handedOn)
            {
                EndAutocommit(session, transaction, rented: plan is not null);
            }
        }
    }

    // The commit is under way (a FullSync commit waiting for the log writer's sync): the statement completes when it is durable.
    private static async ValueTask<int> CompleteWhenCommitted(Session session, TransactionContext transaction, ValueTask commit, Statement statement, int index, WritePlan plan, ConnectionCounters? counters, int changed, ReturnedRows? returned)
    {
        try
        {
            try
            {
                await commit.ConfigureAwait(false);
            }
            catch
            {
                Failed(transaction, counters);
                throw;
            }

            return Completed(statement, index, plan, counters, changed, returned);
        }
        finally
        {
            EndAutocommit(session, transaction, rented: true);
        }
    }

    // RAISE(FAIL) kept the statement's changes and their commit is under way: the error is reported once it is done.
    private static async ValueTask<int> ThrowWhenCommitted(Session session, TransactionContext transaction, ValueTask commit, SharpCoreDBException error)
    {
        try
        {
            await commit.ConfigureAwait(false);
        }
        finally
        {
            EndAutocommit(session, transaction, rented: true);
        }

        ExceptionDispatchInfo.Throw(error);
        return 0;
    }

    // After the commit: the plan goes back to the statement (its RETURNING rows taken first) and the changes count.
    private static int Completed(Statement statement, int index, WritePlan plan, ConnectionCounters? counters, int changed, ReturnedRows? returned)
    {
        TakeReturned(plan, returned);
        statement.Return(index, plan);
        counters?.StatementCompleted(changed);
        return changed;
    }

    // The statement or its commit failed: it counts as failed and its transaction is rolled back.
    private static void Failed(TransactionContext transaction, ConnectionCounters? counters)
    {
        counters?.StatementFailed();
        transaction.Rollback();
    }

    // The statement's transaction ended (committed or rolled back): so does defer_foreign_keys, as in SQLite (once the
    // statement got as far as its plan).
    private static void EndAutocommit(Session session, TransactionContext transaction, bool rented)
    {
        if (rented)
        {
            session.AutocommitEnded();
        }

        transaction.Dispose();
    }
}
