using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Tests.Engine;
using TempDatabase = SharpCoreDB.Tests.Data.TempDatabase;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>
/// VACUUM and rekey whose file replacement fails part way (the old store's close, a store already failed, the rename,
/// the directory sync after it): a SharpCoreDBException with an error code, no commit lost, no rebuild file left, the
/// connections usable afterwards (or failing with SharpCoreDBException), and the key in force the one of the file in place.
/// </summary>
public sealed class RebuildFailureTests : IDisposable
{
    private const string OtherKeyHex = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    private string RebuildFile => _file.Path + Database.RebuildSuffix;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Rebuild_whose_old_store_fails_to_close_keeps_every_commit_and_the_old_file(bool rekey)
    {
        var faults = new FileFaults();
        using (EngineHarness db = Harness(faults))
        {
            List<string> before = FillInSeveralCommits(db);
            using SharpCoreDBConnection other = Open(ConnectionString(RawKeyHex));

            // The close checkpoints the log's commits into the database file: that write fails.
            faults.FailNextWriteTo(_file.Path);
            var error = Assert.Throws<SharpCoreDBException>(() => Rebuild(db, rekey));

            Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
            AssertNoRebuildFile();
            AssertGoesOn(db, other, before);
            AssertKeyInForce(RawKeyHex, OtherKeyHex);
        }

        AssertOnDisk(RawKeyHex, 41);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Rebuild_of_a_store_whose_log_write_failed_is_refused_and_loses_no_acknowledged_commit(bool rekey)
    {
        var faults = new FileFaults();
        using (EngineHarness db = Harness(faults))
        {
            List<string> before = FillInSeveralCommits(db);

            // A commit whose log write fails latches the store: nothing may be written through it any more.
            faults.FailNextWriteTo(_file.Path + "-wal");
            Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t(body) VALUES (x'02')"));

            var error = Assert.Throws<SharpCoreDBException>(() => Rebuild(db, rekey));

            // The store's latched failure (IoError), which every later write reports as DatabaseFailed.
            Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => db.Execute("INSERT INTO t(body) VALUES (x'03')")).ErrorCode);
            AssertNoRebuildFile();
            Assert.Equal(before, db.Query("SELECT id, hex(body) FROM t ORDER BY id"));
        }

        // The failed commit reached the log before its write was reported failed: whether it survives is open (as
        // with SQLite's IOERR); every acknowledged one must.
        AssertOnDisk(RawKeyHex, 40, 41);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Rebuild_whose_rename_fails_keeps_the_old_file_and_key(bool rekey)
    {
        var faults = new FileFaults();
        using (EngineHarness db = Harness(faults))
        {
            List<string> before = FillInSeveralCommits(db);
            using SharpCoreDBConnection other = Open(ConnectionString(RawKeyHex));

            faults.FailNextRename();
            var error = Assert.Throws<SharpCoreDBException>(() => Rebuild(db, rekey));

            Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
            AssertNoRebuildFile();
            AssertGoesOn(db, other, before);
            AssertKeyInForce(RawKeyHex, OtherKeyHex);
        }

        AssertOnDisk(RawKeyHex, 41);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Rebuild_whose_directory_sync_after_the_rename_fails_reports_it_and_uses_the_new_file(bool rekey)
    {
        var faults = new FileFaults();
        string key = rekey ? OtherKeyHex : RawKeyHex;
        using (EngineHarness db = Harness(faults))
        {
            List<string> before = FillInSeveralCommits(db);
            using SharpCoreDBConnection other = Open(ConnectionString(RawKeyHex));

            // Once the copy has the database's name (no rebuild file any more), the directory sync fails.
            faults.FailNextDirectorySyncOnceGone(RebuildFile);
            var error = Assert.Throws<SharpCoreDBException>(() => Rebuild(db, rekey));

            Assert.Equal(SharpCoreDBErrorCode.IoError, error.ErrorCode);
            Assert.Contains("in place", error.Message, StringComparison.Ordinal);
            AssertNoRebuildFile();
            AssertGoesOn(db, other, before);
            AssertKeyInForce(key, rekey ? RawKeyHex : null);
        }

        AssertOnDisk(key, 41);
    }

    private EngineHarness Harness(FileFaults faults) => new(new DatabaseOptions
    {
        DataSource = _file.Path,
        EncryptionKey = Convert.FromHexString(RawKeyHex),
        StoreObserver = faults,
        BeforeReplace = faults.BeforeReplace,
    });

    private string ConnectionString(string keyHex) => _file.ConnectionString($"Encryption Key={keyHex};Pooling=False");

    // Several commits, so the log holds frames the old store's close must checkpoint into the file.
    private static List<string> FillInSeveralCommits(EngineHarness db)
    {
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB)");
        for (int i = 0; i < 40; i++)
        {
            db.Execute("INSERT INTO t(body) VALUES (randomblob(?))", i % 10 == 0 ? 6000 : 200);
        }

        return db.Query("SELECT id, hex(body) FROM t ORDER BY id");
    }

    private static void Rebuild(EngineHarness db, bool rekey) =>
        db.Execute(rekey ? $"PRAGMA rekey = \"x'{OtherKeyHex}'\"" : "VACUUM");

    private void AssertNoRebuildFile()
    {
        Assert.False(File.Exists(RebuildFile), "the rebuild file was left");
        Assert.False(File.Exists(RebuildFile + "-wal"), "the rebuild file's log was left");
    }

    // The failing connection and another one open before the rebuild both read every commit and can write again.
    private static void AssertGoesOn(EngineHarness db, SharpCoreDBConnection other, List<string> before)
    {
        Assert.Equal(before, db.Query("SELECT id, hex(body) FROM t ORDER BY id"));
        Assert.Equal(40, Long(other, "SELECT count(*) FROM t"));
        db.Execute("INSERT INTO t(body) VALUES (x'01')");
        Assert.Equal(41, Long(other, "SELECT count(*) FROM t"));
        Assert.Equal(["ok"], db.Query("PRAGMA integrity_check"));
    }

    // A new connection joins the open instance only with the key of the file in place.
    private void AssertKeyInForce(string keyHex, string? refusedKeyHex)
    {
        using (SharpCoreDBConnection joined = Open(ConnectionString(keyHex)))
        {
            Assert.Equal(41, Long(joined, "SELECT count(*) FROM t"));
        }

        if (refusedKeyHex is not null)
        {
            using var refused = new SharpCoreDBConnection(ConnectionString(refusedKeyHex));
            Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(refused.Open).ErrorCode);
        }
    }

    // With every connection closed, the files alone hold every acknowledged commit under the key in force.
    private void AssertOnDisk(string keyHex, params long[] allowedRows)
    {
        using SharpCoreDBConnection reopened = Open(ConnectionString(keyHex));
        Assert.Contains(Long(reopened, "SELECT count(*) FROM t"), allowedRows);
        Assert.Equal(["ok"], Column(reopened, "PRAGMA integrity_check"));
    }

    /// <summary>One-shot faults in the database's own files: each armed fault fails the next matching call, then disarms.</summary>
    private sealed class FileFaults : IFileDeviceObserver
    {
        private string? _failWriteTo;
        private string? _failSyncOnceGone;
        private bool _failRename;

        public void FailNextWriteTo(string path) => _failWriteTo = Path.GetFullPath(path);

        public void FailNextDirectorySyncOnceGone(string path) => _failSyncOnceGone = Path.GetFullPath(path);

        public void FailNextRename() => _failRename = true;

        public void BeforeReplace()
        {
            if (_failRename)
            {
                _failRename = false;
                throw new IOException("Permission denied (simulated rename failure)");
            }
        }

        public void Created(string path)
        {
        }

        public void DirectorySynced(string directory)
        {
            if (_failSyncOnceGone is { } gone && !File.Exists(gone))
            {
                _failSyncOnceGone = null;
                throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"fsync of '{directory}' failed: Input/output error (simulated)");
            }
        }

        public void Written(string path, long offset, ReadOnlySpan<byte> data)
        {
            if (_failWriteTo is { } target && string.Equals(path, target, StringComparison.Ordinal))
            {
                _failWriteTo = null;
                throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Could not write {data.Length} bytes at offset {offset} of '{path}': Input/output error (simulated)");
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
