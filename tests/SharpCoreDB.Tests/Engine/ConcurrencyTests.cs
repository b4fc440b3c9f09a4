using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

public sealed class ConcurrencyTests
{
    [Fact]
    public void Sessions_on_threads_share_statements_and_see_consistent_snapshots()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, owner INTEGER, v INTEGER)");
        db.Execute("CREATE INDEX t_owner ON t(owner)");
        const int Writers = 4;
        const int RowsPerWriter = 300;
        var failures = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
        using var done = new CancellationTokenSource();

        var writers = new Thread[Writers];
        for (int w = 0; w < Writers; w++)
        {
            int owner = w;
            writers[w] = new Thread(() => Guarded(failures, () =>
            {
                using Session session = db.Database.CreateSession();
                Statement insert = session.Prepare("INSERT INTO t(owner, v) VALUES (?, ?)");
                for (int i = 0; i < RowsPerWriter; i++)
                {
                    if (i % 50 == 0)
                    {
                        // Some rows go in explicit transactions of several statements.
                        session.Begin();
                        for (int j = 0; j < 5; j++, i++)
                        {
                            insert.ExecuteNonQuery(session, [SqlValue.FromInt64(owner), SqlValue.FromInt64(i)]);
                        }

                        session.Commit();
                        i--;
                        continue;
                    }

                    insert.ExecuteNonQuery(session, [SqlValue.FromInt64(owner), SqlValue.FromInt64(i)]);
                }
            }));
        }

        var reader = new Thread(() => Guarded(failures, () =>
        {
            using Session session = db.Database.CreateSession();
            Statement count = session.Prepare("SELECT count(*), count(DISTINCT v) FROM t WHERE owner = ?");
            long last = 0;
            while (!done.IsCancellationRequested)
            {
                // Rows of one owner only ever grow: a snapshot never goes back in time.
                using QueryResult result = count.Execute(session, [SqlValue.FromInt64(0)]);
                Assert.True(result.Read());
                long seen = result.GetValue(0).AsInt64();
                Assert.True(seen >= last, $"count went back from {last} to {seen}");
                last = seen;
            }
        }));

        reader.Start();
        foreach (Thread writer in writers)
        {
            writer.Start();
        }

        foreach (Thread writer in writers)
        {
            writer.Join();
        }

        done.Cancel();
        reader.Join();
        Assert.True(failures.IsEmpty, string.Join("\n", failures));
        Assert.Equal([$"{Writers * RowsPerWriter}"], db.Query("SELECT count(*) FROM t"));
        for (int w = 0; w < Writers; w++)
        {
            Assert.Equal([$"{RowsPerWriter}|{RowsPerWriter}"], db.Query("SELECT count(*), count(DISTINCT v) FROM t WHERE owner = ?", w));
        }
    }

    [Fact]
    public void Schema_changes_beside_running_queries_give_only_sql_errors()
    {
        using var db = new EngineHarness();
        db.Execute("CREATE TABLE base(a INTEGER); INSERT INTO base VALUES (1), (2), (3)");
        var failures = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
        var ddl = new Thread(() => Guarded(failures, () =>
        {
            using Session session = db.Database.CreateSession();
            for (int i = 0; i < 150; i++)
            {
                Run(session, i % 2 == 0 ? "CREATE TABLE side(x INTEGER, y TEXT)" : "DROP TABLE side");
                Run(session, i % 3 == 0 ? "CREATE INDEX base_a ON base(a)" : "DROP INDEX IF EXISTS base_a");
            }
        }));
        var query = new Thread(() => Guarded(failures, () =>
        {
            using Session session = db.Database.CreateSession();
            for (int i = 0; i < 600; i++)
            {
                using QueryResult result = session.Prepare("SELECT count(*) FROM base WHERE a > 1").Execute(session, []);
                Assert.True(result.Read());
                Assert.Equal(2, result.GetValue(0).AsInt64());
                try
                {
                    Run(session, "SELECT * FROM side");
                }
                catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.UnknownTable)
                {
                    // The table comes and goes.
                }
            }
        }));
        ddl.Start();
        query.Start();
        ddl.Join();
        query.Join();
        Assert.True(failures.IsEmpty, string.Join("\n", failures));
    }

    private static void Run(Session session, string sql)
    {
        using QueryResult result = session.Prepare(sql).Execute(session, []);
        while (result.Read())
        {
        }
    }

    private static void Guarded(System.Collections.Concurrent.ConcurrentQueue<Exception> failures, Action work)
    {
        try
        {
            work();
        }
        catch (Exception e)
        {
            failures.Enqueue(e);
        }
    }
}
