using System.Collections.Concurrent;
using System.Globalization;
using SharpCoreDB.Tests.Data;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>Online backup to a file or into another open database: a consistent snapshot, streamed, while writers go on.</summary>
public sealed class BackupTests : IDisposable
{
    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    private string Copy => Path.Combine(_file.Folder, "backup.scdb");

    [Fact]
    public void Backup_to_a_file_with_another_key_opens_only_with_that_key()
    {
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Fill(db, 500, seed: 7);
            expected = Dump(db);
            string otherKey = new('7', 64);
            db.BackupDatabase(Copy, new SharpCoreDBBackupOptions { Encryption = SharpCoreDBEncryption.WithKey(Convert.FromHexString(otherKey)) });
            using SharpCoreDBConnection copy = Open($"Data Source={Copy};Encryption Key={otherKey}");
            Assert.Equal(expected, Dump(copy));
            Assert.Equal(["ok"], Column(copy, "PRAGMA integrity_check"));
        }

        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(SharpCoreDBErrorCode.PasswordRequired, Assert.Throws<SharpCoreDBException>(() => Open($"Data Source={Copy}")).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(() => Open($"Data Source={Copy};Encryption Key={RawKeyHex}")).ErrorCode);
    }

    [Fact]
    public void Backup_of_an_encrypted_database_keeps_its_key_unless_told_to_drop_it()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}"));
        Fill(db, 300, seed: 8);
        string expected = Dump(db);
        db.BackupDatabase(Copy);
        string plain = Path.Combine(_file.Folder, "plain.scdb");
        db.BackupDatabase(plain, new SharpCoreDBBackupOptions { Encryption = SharpCoreDBEncryption.None });

        using (SharpCoreDBConnection copy = Open($"Data Source={Copy};Encryption Key={RawKeyHex}"))
        {
            Assert.Equal(expected, Dump(copy));
        }

        using (SharpCoreDBConnection copy = Open($"Data Source={plain}"))
        {
            Assert.Equal(expected, Dump(copy));
            Assert.Equal(["ok"], Column(copy, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void Backup_into_an_existing_file_is_refused_and_leaves_it_alone()
    {
        File.WriteAllText(Copy, "precious");
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Execute(db, "CREATE TABLE t(a)");
        Assert.Equal(SharpCoreDBErrorCode.AlreadyExists, Assert.Throws<SharpCoreDBException>(() => db.BackupDatabase(Copy)).ErrorCode);
        Assert.Equal("precious", File.ReadAllText(Copy));
    }

    [Fact]
    public async Task Backup_into_another_connection_replaces_its_content_and_reports_progress()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 2000, seed: 9);
        string expected = Dump(db);
        using SharpCoreDBConnection destination = Open($"Data Source={Copy}");
        Execute(destination, "CREATE TABLE old(x); INSERT INTO old VALUES (1)");
        var reports = new ConcurrentQueue<SharpCoreDBBackupProgress>();
        await db.BackupDatabaseAsync(destination, new SynchronousProgress(reports.Enqueue));

        Assert.Equal(expected, Dump(destination));
        Assert.Equal(["ok"], Column(destination, "PRAGMA integrity_check"));
        SharpCoreDBBackupProgress last = reports.Last();
        Assert.Equal(last.PageCount, last.PagesCopied);
        Assert.True(last.PageCount > 1);
    }

    [Fact]
    public async Task Cancelled_backup_leaves_no_file()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 2000, seed: 10);
        using var cancel = new CancellationTokenSource();
        cancel.Cancel();
        await Assert.ThrowsAnyAsync<Exception>(() => db.BackupDatabaseAsync(Copy, null, cancel.Token));
        Assert.False(File.Exists(Copy));
    }

    [Theory]
    [InlineData("")]
    [InlineData("Encryption Key=" + RawKeyHex)]
    public async Task Backup_and_vacuum_into_while_eight_threads_write_copy_a_committed_state(string encryption)
    {
        int seed = Environment.TickCount;
        string connection = _file.ConnectionString(encryption);
        using SharpCoreDBConnection db = Open(connection);
        Execute(db, "CREATE TABLE w(id INTEGER PRIMARY KEY, writer INT, n INT, pad BLOB)");
        Execute(db, "CREATE INDEX w_writer ON w(writer, n)");
        using var stop = new CancellationTokenSource();
        var committed = new long[8];
        Task[] writers = new Task[8];
        for (int w = 0; w < writers.Length; w++)
        {
            int writer = w;
            writers[w] = Task.Run(() =>
            {
                using SharpCoreDBConnection own = Open(connection);
                var random = new Random(seed + writer);
                for (long n = 1; !stop.IsCancellationRequested; n++)
                {
                    Execute(own, $"INSERT INTO w(writer, n, pad) VALUES ({writer}, {n}, randomblob({random.Next(10, 2000)}))");
                    Volatile.Write(ref committed[writer], n);
                }
            });
        }

        try
        {
            SpinWait.SpinUntil(() => committed.Min() > 20 || writers.Any(t => t.IsFaulted), TimeSpan.FromSeconds(60));
            for (int round = 0; round < 3; round++)
            {
                // Commits acknowledged before the copy began must be in it; each writer's rows are a gap-free prefix.
                long[] before = committed.Select(c => Interlocked.Read(ref c)).ToArray();
                string target = Path.Combine(_file.Folder, $"copy{round}.scdb");
                if (round % 2 == 0)
                {
                    db.BackupDatabase(target);
                }
                else
                {
                    Execute(db, $"VACUUM INTO '{target}'");
                }

                using SharpCoreDBConnection copy = Open($"Data Source={target};{encryption}");
                Assert.Equal(["ok"], Column(copy, "PRAGMA integrity_check"));
                for (int writer = 0; writer < before.Length; writer++)
                {
                    long count = Long(copy, $"SELECT count(*) FROM w WHERE writer = {writer}");
                    long max = Long(copy, $"SELECT coalesce(max(n), 0) FROM w WHERE writer = {writer}");
                    Assert.True(count == max && max >= before[writer], $"seed {seed}: writer {writer} has {count} rows up to {max} in the copy, {before[writer]} were committed before it");
                }
            }
        }
        finally
        {
            stop.Cancel();
            await Task.WhenAll(writers).WaitAsync(TimeSpan.FromSeconds(60));
        }
    }

    private sealed class SynchronousProgress(Action<SharpCoreDBBackupProgress> report) : IProgress<SharpCoreDBBackupProgress>
    {
        public void Report(SharpCoreDBBackupProgress value) => report(value);
    }
}
