using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Tests.Data;
using TempDatabase = SharpCoreDB.Tests.Data.TempDatabase;
using SharpCoreDB.Tests.Engine;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>
/// Copies that cannot be written (a full disk, a directory or an unwritable path, a destination that does not open):
/// a SharpCoreDBException, no partial file, and a source that goes on as before.
/// </summary>
public sealed class CopyFailureTests : IDisposable
{
    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    private string Copy => Path.Combine(_file.Folder, "copy.scdb");

    public static TheoryData<int> Budgets => new() { 0, 20_000, 300_000 };

    [Theory]
    [MemberData(nameof(Budgets))]
    public void Vacuum_into_on_a_full_disk_fails_with_an_io_error_and_leaves_no_file(int budget)
    {
        using EngineHarness db = FullDiskDatabase(budget);
        var error = Assert.Throws<SharpCoreDBException>(() => db.Execute($"VACUUM INTO '{Copy}'"));

        Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
        Assert.Contains("No space left on device", error.ToString(), StringComparison.Ordinal);
        AssertNoCopy();
        AssertSourceGoesOn(db);
    }

    [Theory]
    [MemberData(nameof(Budgets))]
    public void Backup_to_a_file_on_a_full_disk_fails_with_an_io_error_and_leaves_no_file(int budget)
    {
        using EngineHarness db = FullDiskDatabase(budget);
        var error = Assert.Throws<SharpCoreDBException>(() =>
        {
            using IReadTransaction snapshot = db.Database.Store.BeginRead();
            db.Database.CopyTo(snapshot, Copy, SharpCoreDBEncryption.WithKey(Convert.FromHexString(RawKeyHex)), progress: null, CancellationToken.None);
        });

        Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
        AssertNoCopy();
        AssertSourceGoesOn(db);
    }

    [Fact]
    public void Vacuum_on_a_full_disk_fails_with_an_io_error_and_keeps_the_database()
    {
        using EngineHarness db = FullDiskDatabase(100_000);
        List<string> before = db.Query("SELECT id, length(body) FROM t ORDER BY id");
        var error = Assert.Throws<SharpCoreDBException>(() => db.Execute("VACUUM"));

        Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
        Assert.False(File.Exists(_file.Path + Database.RebuildSuffix));
        Assert.Equal(before, db.Query("SELECT id, length(body) FROM t ORDER BY id"));
        AssertSourceGoesOn(db);
    }

    [Fact]
    public void Backup_or_vacuum_into_a_directory_is_an_io_error_and_leaves_it_alone()
    {
        string directory = Path.Combine(_file.Folder, "folder");
        Directory.CreateDirectory(directory);
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 50, seed: 31);

        Assert.Equal(SharpCoreDBErrorCode.IoError, Assert.Throws<SharpCoreDBException>(() => db.BackupDatabase(directory)).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.IoError, Assert.Throws<SharpCoreDBException>(() => Execute(db, $"VACUUM INTO '{directory}'")).ErrorCode);
        Assert.True(Directory.Exists(directory));
        Assert.Empty(Directory.EnumerateFileSystemEntries(directory));
        Assert.Equal(50, Long(db, "SELECT count(*) FROM t"));
    }

    [Fact]
    public void Backup_to_a_path_that_cannot_be_created_is_an_io_error()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 50, seed: 32);

        // A path below a regular file: no folder can be there, whoever runs the test (root included).
        string belowAFile = Path.Combine(_file.Path, "copy.scdb");
        var error = Assert.Throws<SharpCoreDBException>(() => db.BackupDatabase(belowAFile));
        Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);

        // A read-only file system (the kernel's /proc takes no new files, even from root).
        if (OperatingSystem.IsLinux())
        {
            string readOnly = "/proc/sharpcoredb-" + Guid.NewGuid().ToString("N") + ".scdb";
            Assert.Equal(SharpCoreDBErrorCode.IoError, Assert.Throws<SharpCoreDBException>(() => db.BackupDatabase(readOnly)).ErrorCode);
            Assert.False(File.Exists(readOnly));
        }

        Assert.Equal(50, Long(db, "SELECT count(*) FROM t"));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
    }

    [Fact]
    public void A_destination_opened_with_the_wrong_password_is_not_touched()
    {
        string otherKey = new('5', 64);
        string expected;
        using (SharpCoreDBConnection destination = Open($"Data Source={Copy};Encryption Key={otherKey};Pooling=False"))
        {
            Execute(destination, "CREATE TABLE kept(x); INSERT INTO kept VALUES (42)");
            expected = Dump(destination);
        }

        using SharpCoreDBConnection db = Open(_file.ConnectionString());
        Fill(db, 50, seed: 33);
        using var wrong = new SharpCoreDBConnection($"Data Source={Copy};Encryption Key={RawKeyHex};Pooling=False");
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(wrong.Open).ErrorCode);

        // As Microsoft.Data.Sqlite: the destination must be open, and one that failed to open is not.
        Assert.Throws<InvalidOperationException>(() => db.BackupDatabase(wrong));

        using (SharpCoreDBConnection destination = Open($"Data Source={Copy};Encryption Key={otherKey};Pooling=False"))
        {
            Assert.Equal(expected, Dump(destination));
        }

        Assert.Equal(50, Long(db, "SELECT count(*) FROM t"));
    }

    // A database with enough rows (some overflowing) that any copy writes well past the budget.
    private EngineHarness FullDiskDatabase(int budget)
    {
        var db = new EngineHarness(new DatabaseOptions { DataSource = _file.Path, CopyObserver = new DiskFullObserver(budget) });
        try
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB)");
            db.Execute("CREATE INDEX t_body ON t(body)");
            db.Execute("BEGIN");
            for (int i = 0; i < 400; i++)
            {
                db.Execute("INSERT INTO t(body) VALUES (randomblob(?))", i % 40 == 0 ? 9000 : 700);
            }

            db.Execute("COMMIT");
            return db;
        }
        catch
        {
            db.Dispose();
            throw;
        }
    }

    private void AssertNoCopy()
    {
        Assert.False(File.Exists(Copy), "a partial copy was left");
        Assert.False(File.Exists(Copy + "-wal"), "a partial copy's log was left");
    }

    private static void AssertSourceGoesOn(EngineHarness db)
    {
        db.Execute("INSERT INTO t(body) VALUES (x'01')");
        Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
        Assert.Equal(["401"], db.Query("SELECT count(*) FROM t"));
    }

    /// <summary>A disk that fills up after <c>budget</c> bytes of the copy's files: later writes fail as ENOSPC does.</summary>
    private sealed class DiskFullObserver(long budget) : IFileDeviceObserver
    {
        private long _written;

        public void Created(string path)
        {
        }

        public void DirectorySynced(string directory)
        {
        }

        public void Written(string path, long offset, ReadOnlySpan<byte> data)
        {
            if (Interlocked.Add(ref _written, data.Length) > budget)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Could not write {data.Length} bytes at offset {offset} of '{path}': No space left on device (simulated)");
            }
        }

        public void LengthSet(string path, long length)
        {
        }

        public void DataSynced(string path)
        {
        }
    }
}
