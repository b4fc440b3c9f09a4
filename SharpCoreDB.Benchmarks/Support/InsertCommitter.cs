using System.Data.Common;

namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// One connection with a prepared autocommit <c>INSERT</c> of one ~100-byte row: the commit that the provider-level
/// commit benchmarks time, one per call of <see cref="CommitOne"/>.
/// </summary>
internal sealed class InsertCommitter : IDisposable
{
    /// <summary>Bytes of the payload column; with the id and thread columns, about 100 bytes per row.</summary>
    public const int PayloadLength = 88;

    /// <summary>Page cache of every benchmark connection.</summary>
    public const long CacheBytes = 8L * 1024 * 1024;

    private const string CreateTableSql =
        "CREATE TABLE commits (id INTEGER PRIMARY KEY, thread INTEGER NOT NULL, payload BLOB NOT NULL)";

    private const string InsertSql = "INSERT INTO commits (thread, payload) VALUES (@thread, @payload)";

    private readonly DbConnection _connection;
    private readonly DbCommand _insert;

    private InsertCommitter(DbConnection connection, int thread, byte[] payload)
    {
        _connection = connection;
        _insert = connection.CreateCommand();
        _insert.CommandText = InsertSql;
        BenchmarkRows.AddParameter(_insert, "@thread").Value = (long)thread;
        BenchmarkRows.AddParameter(_insert, "@payload").Value = payload;
        _insert.Prepare();
    }

    /// <summary>Opens one connection per thread (the first creates the table) and a committer thread for each.</summary>
    /// <param name="threads">Connections, one per committer thread.</param>
    /// <param name="open">Opens a connection to the database under test.</param>
    /// <param name="committers">The committer threads, one per connection, in the same order.</param>
    /// <returns>The connections with their prepared inserts.</returns>
    public static InsertCommitter[] OpenAll(int threads, Func<DbConnection> open, out CommitterThread[] committers)
    {
        byte[][] payloads = BenchmarkRows.Payloads(threads, PayloadLength, seed: 3);
        var all = new InsertCommitter[threads];
        for (int t = 0; t < threads; t++)
        {
            DbConnection connection = open();
            if (t == 0)
            {
                using DbCommand create = connection.CreateCommand();
                create.CommandText = CreateTableSql;
                create.ExecuteNonQuery();
            }

            all[t] = new InsertCommitter(connection, t, payloads[t]);
        }

        committers = new CommitterThread[threads];
        for (int t = 0; t < threads; t++)
        {
            committers[t] = new CommitterThread(all[t].CommitOne, $"connection {t}");
        }

        return all;
    }

    /// <summary>Stops the committer threads, then closes the connections.</summary>
    public static void DisposeAll(CommitterThread[] committers, InsertCommitter[] all)
    {
        foreach (CommitterThread committer in committers)
        {
            committer.Dispose();
        }

        foreach (InsertCommitter one in all)
        {
            one.Dispose();
        }
    }

    /// <summary>One autocommit insert.</summary>
    public void CommitOne()
    {
        if (_insert.ExecuteNonQuery() != 1)
        {
            throw new InvalidOperationException("An autocommit insert did not report one row affected.");
        }
    }

    /// <summary>Closes the command and the connection.</summary>
    public void Dispose()
    {
        _insert.Dispose();
        _connection.Dispose();
    }
}
