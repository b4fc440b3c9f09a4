using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>
/// Each ADO.NET operation the conformance tests use, called through its synchronous or its asynchronous API as the
/// test's <c>async</c> argument says, so one test body checks both variants (the pattern of Npgsql's tests).
/// </summary>
internal static class Api
{
    public static async Task Open(DbConnection connection, bool async)
    {
        if (async)
        {
            await connection.OpenAsync();
        }
        else
        {
            connection.Open();
        }
    }

    public static async Task Close(DbConnection connection, bool async)
    {
        if (async)
        {
            await connection.CloseAsync();
        }
        else
        {
            connection.Close();
        }
    }

    public static async Task Dispose(IAsyncDisposable disposable, bool async)
    {
        if (async)
        {
            await disposable.DisposeAsync();
        }
        else
        {
            ((IDisposable)disposable).Dispose();
        }
    }

    public static async Task<int> NonQuery(DbCommand command, bool async) =>
        async ? await command.ExecuteNonQueryAsync() : command.ExecuteNonQuery();

    public static async Task<object?> Scalar(DbCommand command, bool async) =>
        async ? await command.ExecuteScalarAsync() : command.ExecuteScalar();

    public static async Task<DbDataReader> Reader(DbCommand command, bool async, CommandBehavior behavior = CommandBehavior.Default) =>
        async ? await command.ExecuteReaderAsync(behavior) : command.ExecuteReader(behavior);

    public static async Task<bool> Read(DbDataReader reader, bool async) =>
        async ? await reader.ReadAsync() : reader.Read();

    public static async Task<bool> NextResult(DbDataReader reader, bool async) =>
        async ? await reader.NextResultAsync() : reader.NextResult();

    public static async Task<bool> IsDBNull(DbDataReader reader, int ordinal, bool async) =>
        async ? await reader.IsDBNullAsync(ordinal) : reader.IsDBNull(ordinal);

    public static async Task<T> FieldValue<T>(DbDataReader reader, int ordinal, bool async) =>
        async ? await reader.GetFieldValueAsync<T>(ordinal) : reader.GetFieldValue<T>(ordinal);

    public static async Task CloseReader(DbDataReader reader, bool async)
    {
        if (async)
        {
            await reader.CloseAsync();
        }
        else
        {
            reader.Close();
        }
    }

    public static async Task<DbTransaction> Begin(DbConnection connection, bool async, IsolationLevel level = IsolationLevel.Unspecified) =>
        async ? await connection.BeginTransactionAsync(level) : connection.BeginTransaction(level);

    public static async Task Commit(DbTransaction transaction, bool async)
    {
        if (async)
        {
            await transaction.CommitAsync();
        }
        else
        {
            transaction.Commit();
        }
    }

    public static async Task Rollback(DbTransaction transaction, bool async)
    {
        if (async)
        {
            await transaction.RollbackAsync();
        }
        else
        {
            transaction.Rollback();
        }
    }

    public static async Task Save(DbTransaction transaction, string name, bool async)
    {
        if (async)
        {
            await transaction.SaveAsync(name);
        }
        else
        {
            transaction.Save(name);
        }
    }

    public static async Task RollbackTo(DbTransaction transaction, string name, bool async)
    {
        if (async)
        {
            await transaction.RollbackAsync(name);
        }
        else
        {
            transaction.Rollback(name);
        }
    }

    public static async Task Release(DbTransaction transaction, string name, bool async)
    {
        if (async)
        {
            await transaction.ReleaseAsync(name);
        }
        else
        {
            transaction.Release(name);
        }
    }

    public static async Task<int> BatchNonQuery(DbBatch batch, bool async) =>
        async ? await batch.ExecuteNonQueryAsync() : batch.ExecuteNonQuery();

    public static async Task<object?> BatchScalar(DbBatch batch, bool async) =>
        async ? await batch.ExecuteScalarAsync() : batch.ExecuteScalar();

    public static async Task<DbDataReader> BatchReader(DbBatch batch, bool async, CommandBehavior behavior = CommandBehavior.Default) =>
        async ? await batch.ExecuteReaderAsync(behavior) : batch.ExecuteReader(behavior);

    public static async Task PrepareBatch(DbBatch batch, bool async)
    {
        if (async)
        {
            await batch.PrepareAsync();
        }
        else
        {
            batch.Prepare();
        }
    }

    public static async Task Prepare(DbCommand command, bool async)
    {
        if (async)
        {
            await command.PrepareAsync();
        }
        else
        {
            command.Prepare();
        }
    }

    /// <summary>Runs an operation that must fail and returns its exception, whichever variant threw it (sync throws
    /// at the call, async may throw at the call or fault the task).</summary>
    public static async Task<TException> Throws<TException>(Func<Task> operation)
        where TException : Exception
    {
        Exception? caught = null;
        try
        {
            await operation();
        }
        catch (Exception ex)
        {
            caught = ex;
        }

        Assert.NotNull(caught);
        return Assert.IsAssignableFrom<TException>(caught);
    }
}
