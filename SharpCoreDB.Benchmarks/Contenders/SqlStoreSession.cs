using System.Data;
using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Support;

namespace SharpCoreDB.Benchmarks.Contenders;

/// <summary>
/// A session on a SQL contender: one connection and, made on first use and kept, one prepared command per operation.
/// </summary>
internal sealed class SqlStoreSession : IStoreSession
{
    /// <summary>The insert of one record; its parameters, in order: key, tag, score, value (see <see cref="InsertOne"/>).</summary>
    public const string InsertSql = "INSERT INTO kv (id, tag, score, value) VALUES (@id, @tag, @score, @value)";
    private const string ReadSql = "SELECT value FROM kv WHERE id = @id";
    private const string ReadByTagSql = "SELECT value FROM kv WHERE tag = @tag";
    private const string RangeSql = "SELECT id, value FROM kv WHERE id >= @first AND id < @end";
    private const string ScanSql = "SELECT id, value FROM kv WHERE score = @score";
    private const string UpdateSql = "UPDATE kv SET value = @value WHERE id = @id";
    private const string DeleteSql = "DELETE FROM kv WHERE id = @id";

    private readonly DbConnection _connection;
    private readonly bool _sqlite;
    private DbCommand? _insert;
    private DbCommand? _read;
    private DbCommand? _readByTag;
    private DbCommand? _range;
    private DbCommand? _scan;
    private DbCommand? _update;
    private DbCommand? _delete;

    /// <summary>Wraps an open connection; the session owns it.</summary>
    /// <param name="connection">The connection.</param>
    /// <param name="sqlite">True for SQLite, whose read transactions must be deferred (see <see cref="ReadOnlyTransaction"/>).</param>
    public SqlStoreSession(DbConnection connection, bool sqlite)
    {
        _connection = connection;
        _sqlite = sqlite;
    }

    /// <inheritdoc />
    public void InsertBatch(long firstKey, int count, byte[] value)
    {
        DbCommand insert = _insert ??= Prepare(InsertSql, "@id", "@tag", "@score", "@value");
        DbParameterCollection p = insert.Parameters;
        p[3].Value = value;
        if (count == 1)
        {
            InsertOne(p, firstKey, insert);
            return;
        }

        using DbTransaction transaction = _connection.BeginTransaction();
        insert.Transaction = transaction;
        try
        {
            for (long key = firstKey; key < firstKey + count; key++)
            {
                InsertOne(p, key, insert);
            }

            transaction.Commit();
        }
        finally
        {
            insert.Transaction = null;
        }
    }

    /// <inheritdoc />
    public int Read(long key)
    {
        DbCommand read = _read ??= Prepare(ReadSql, "@id");
        read.Parameters[0].Value = key;
        return ReadOneValue(read);
    }

    /// <inheritdoc />
    public int ReadByTag(long tag)
    {
        DbCommand read = _readByTag ??= Prepare(ReadByTagSql, "@tag");
        read.Parameters[0].Value = tag;
        return ReadOneValue(read);
    }

    /// <inheritdoc />
    public int Range(long firstKey, int count)
    {
        DbCommand range = _range ??= Prepare(RangeSql, "@first", "@end");
        range.Parameters[0].Value = firstKey;
        range.Parameters[1].Value = firstKey + count;
        return CountRows(range);
    }

    /// <inheritdoc />
    public int ScanWhereScore(int score)
    {
        DbCommand scan = _scan ??= Prepare(ScanSql, "@score");
        scan.Parameters[0].Value = (long)score;
        return CountRows(scan);
    }

    /// <inheritdoc />
    public void Update(long key, byte[] value)
    {
        DbCommand update = _update ??= Prepare(UpdateSql, "@value", "@id");
        update.Parameters[0].Value = value;
        update.Parameters[1].Value = key;
        ExpectOneRow(update, key);
    }

    /// <inheritdoc />
    public void Delete(long key)
    {
        DbCommand delete = _delete ??= Prepare(DeleteSql, "@id");
        delete.Parameters[0].Value = key;
        ExpectOneRow(delete, key);
    }

    /// <inheritdoc />
    public int ReadOnlyTransaction(long[] keys)
    {
        ArgumentNullException.ThrowIfNull(keys);
        DbCommand read = _read ??= Prepare(ReadSql, "@id");

        // Microsoft.Data.Sqlite's default BeginTransaction is BEGIN IMMEDIATE, which takes the write lock; a read-only
        // transaction is a deferred one there.
        using DbTransaction transaction = _sqlite
            ? ((SqliteConnection)_connection).BeginTransaction(IsolationLevel.Serializable, deferred: true)
            : _connection.BeginTransaction();
        read.Transaction = transaction;
        int found = 0;
        try
        {
            foreach (long key in keys)
            {
                read.Parameters[0].Value = key;
                if (ReadOneValue(read) >= 0)
                {
                    found++;
                }
            }

            transaction.Commit();
        }
        finally
        {
            read.Transaction = null;
        }

        return found;
    }

    /// <summary>Closes the commands and the connection.</summary>
    public void Dispose()
    {
        _insert?.Dispose();
        _read?.Dispose();
        _readByTag?.Dispose();
        _range?.Dispose();
        _scan?.Dispose();
        _update?.Dispose();
        _delete?.Dispose();
        _connection.Dispose();
    }

    /// <summary>Inserts the record with <paramref name="key"/> through a prepared <see cref="InsertSql"/> whose value parameter is set.</summary>
    /// <param name="p">The command's parameters.</param>
    /// <param name="key">The key.</param>
    /// <param name="insert">The command.</param>
    /// <exception cref="InvalidOperationException">The insert did not report one row.</exception>
    public static void InsertOne(DbParameterCollection p, long key, DbCommand insert)
    {
        p[0].Value = key;
        p[1].Value = KvSchema.TagOf(key);
        p[2].Value = (long)KvSchema.ScoreOf(key);
        if (insert.ExecuteNonQuery() != 1)
        {
            throw new InvalidOperationException($"Inserting key {key} did not report one row.");
        }
    }

    private static int ReadOneValue(DbCommand command)
    {
        using DbDataReader reader = command.ExecuteReader();
        return reader.Read() ? reader.GetFieldValue<byte[]>(0).Length : -1;
    }

    private static int CountRows(DbCommand command)
    {
        using DbDataReader reader = command.ExecuteReader();
        int rows = 0;
        while (reader.Read())
        {
            // The value is materialized as in a point read, so a scan costs what an application's scan costs.
            _ = reader.GetFieldValue<byte[]>(1);
            rows++;
        }

        return rows;
    }

    private static void ExpectOneRow(DbCommand command, long key)
    {
        int rows = command.ExecuteNonQuery();
        if (rows != 1)
        {
            throw new InvalidOperationException($"'{command.CommandText}' for key {key} changed {rows} rows instead of 1.");
        }
    }

    private DbCommand Prepare(string sql, params string[] parameters)
    {
        DbCommand command = _connection.CreateCommand();
        command.CommandText = sql;
        foreach (string name in parameters)
        {
            BenchmarkRows.AddParameter(command, name);
        }

        command.Prepare();
        return command;
    }
}
