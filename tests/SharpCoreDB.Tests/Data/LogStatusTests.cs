namespace SharpCoreDB.Tests.Data;

/// <summary>The log status a user can read: its size, and the commits an open reader keeps in it.</summary>
public sealed class LogStatusTests
{
    [Fact]
    public void A_reader_left_open_shows_as_commits_pinned_past_the_threshold()
    {
        using var temp = new TempDatabase();
        string connectionString = temp.ConnectionString("Durability=Async");
        using var writer = new SharpCoreDBConnection(connectionString);
        writer.Open();
        Execute(writer, "CREATE TABLE t(id INTEGER PRIMARY KEY, v BLOB); INSERT INTO t(v) VALUES (zeroblob(10));");
        Assert.Equal(0, writer.GetLogStatus().CommitsPinnedPastThreshold);

        using var reader = new SharpCoreDBConnection(connectionString);
        reader.Open();
        using var query = reader.CreateCommand();
        query.CommandText = "SELECT id FROM t";
        using (var open = query.ExecuteReader())
        {
            Assert.True(open.Read());

            // Past the 4 MiB threshold while the reader's snapshot is open, the log cannot restart: commit until it is
            // past (the log writer may merge commits, so count bytes, not commits), then some more.
            int extra = 0;
            for (int i = 0; i < 20_000 && extra < 50; i++)
            {
                Execute(writer, "INSERT INTO t(v) VALUES (zeroblob(3000))");
                extra += writer.GetLogStatus().SizeBytes > 4L * 1024 * 1024 ? 1 : 0;
            }

            SharpCoreDBLogStatus status = writer.GetLogStatus();
            Assert.True(status.CommitsPinnedPastThreshold > 0, $"pinned {status.CommitsPinnedPastThreshold}, log {status.SizeBytes} bytes");
            Assert.True(status.SizeBytes > 4L * 1024 * 1024, $"log {status.SizeBytes} bytes");
            Assert.Equal(status, reader.GetLogStatus());
        }

        Assert.Throws<InvalidOperationException>(() => new SharpCoreDBConnection(connectionString).GetLogStatus());
    }

    private static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
