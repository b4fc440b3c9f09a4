using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Data.PoolConnections;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A pooled database is handed out again only while its path and its log's path still name the files it holds open:
/// each way of deleting, replacing or moving them sends the next open to the files afresh, for a plain and an
/// encrypted database, with the pool learning of changes from file events (Linux) and with the fallback that reads the
/// files' identities on every open (other systems; forced here through <see cref="PathGuard.UseFileEvents"/>).
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PoolFileIdentityTests
{
    public enum Change
    {
        FileDeleted,
        FileReplacedByRenameWithSameSizeAndTime,
        LogDeleted,
        FolderRenamed,
        GrandparentFolderRenamed,
    }

    public static TheoryData<Change, bool, bool> Cases()
    {
        var cases = new TheoryData<Change, bool, bool>();
        foreach (Change change in Enum.GetValues<Change>())
        {
            foreach (bool encrypted in new[] { false, true })
            {
                foreach (bool watching in new[] { true, false })
                {
                    cases.Add(change, encrypted, watching);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void A_pooled_database_whose_files_changed_is_not_handed_out(Change change, bool encrypted, bool watching)
    {
        using var temp = new TempDatabase();
        string folder = Path.Combine(temp.Folder, "a", "b");
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, "pooled.scdb");
        string connectionString = $"Data Source={path}" + (encrypted ? ";Password=pool secret" : string.Empty);
        bool previous = PathGuard.UseFileEvents;
        PathGuard.UseFileEvents = watching;
        try
        {
            // Written and checkpointed without the pool, then opened once more so that the pool keeps it, idle.
            Execute($"{connectionString};Pooling=False", "CREATE TABLE old(x); INSERT INTO old VALUES (1)");
            if (change == Change.FileReplacedByRenameWithSameSizeAndTime)
            {
                // Now, while no lock is held: .NET's File.Copy takes a shared lock that the pooled database refuses.
                File.Copy(path, CopyPath(path));
            }

            global::SharpCoreDB.Engine.Database pooled;
            using (var connection = Open(connectionString))
            {
                pooled = connection.EngineDatabase!;
            }

            Assert.True(pooled.IsIdle);
            Assert.True(
                pooled.IsWatchingFiles == (watching && PathWatcher.IsSupported),
                $"The pool should {(watching && PathWatcher.IsSupported ? string.Empty : "not ")}watch file events (no inotify instance left for this user?)");

            string expectedTable = MakeChange(change, temp.Folder, path);

            using var reopened = Open(connectionString);
            Assert.NotSame(pooled, reopened.EngineDatabase);
            Assert.False(pooled.IsIdle);
            Assert.Equal(
                expectedTable,
                PoolConnections.Scalar(reopened, "SELECT group_concat(name) FROM sqlite_master WHERE type = 'table'") as string ?? "(none)");
        }
        finally
        {
            PathGuard.UseFileEvents = previous;
            global::SharpCoreDB.Engine.Database.ClearPool(path);
        }
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void A_pooled_database_is_handed_out_again_after_events_that_leave_its_files_in_place(bool encrypted)
    {
        using var temp = new TempDatabase();
        string connectionString = temp.ConnectionString(encrypted ? "Password=pool secret" : string.Empty);
        global::SharpCoreDB.Engine.Database pooled;
        using (var connection = Open(connectionString))
        {
            Execute(connection, "CREATE TABLE kept(x)");
            pooled = connection.EngineDatabase!;
        }

        try
        {
            // A folder moved away and back, a permission change (an attribute event on the file), and another
            // database's files coming and going next to it: events, but the path still names the same files.
            string moved = temp.Folder + "-moved";
            Directory.Move(temp.Folder, moved);
            Directory.Move(moved, temp.Folder);
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(temp.Path, File.GetUnixFileMode(temp.Path));
            }

            string neighbour = Path.Combine(temp.Folder, "neighbour.scdb");
            Execute($"Data Source={neighbour};Pooling=False", "CREATE TABLE n(x)");
            File.Delete(neighbour);

            for (int i = 0; i < 3; i++)
            {
                using var again = Open(connectionString);
                Assert.Same(pooled, again.EngineDatabase);
            }
        }
        finally
        {
            global::SharpCoreDB.Engine.Database.ClearPool(temp.Path);
        }
    }

    // Changes the files under the idle pooled database; returns the tables the next open must find.
    private static string MakeChange(Change change, string root, string path)
    {
        string folder = Path.GetDirectoryName(path)!;
        switch (change)
        {
            case Change.FileDeleted:
                File.Delete(path);
                File.Delete(path + "-wal");
                return "(none)";

            case Change.FileReplacedByRenameWithSameSizeAndTime:
                {
                    // A restore from backup: a copy of the file taken before it was pooled (same database, so its log
                    // still belongs to it) takes the name with the same size and modification time. Only the file's
                    // identity tells it from the one held open.
                    string copy = CopyPath(path);
                    Assert.Equal(new FileInfo(path).Length, new FileInfo(copy).Length);
                    File.SetLastWriteTimeUtc(copy, File.GetLastWriteTimeUtc(path));
                    File.Move(copy, path, overwrite: true);
                    return "old";
                }

            case Change.LogDeleted:
                // The file is still the pooled one; the stale instance checkpoints into it as it closes.
                File.Delete(path + "-wal");
                return "old";

            case Change.FolderRenamed:
                Directory.Move(folder, folder + "-moved");
                Directory.CreateDirectory(folder);
                return "(none)";

            case Change.GrandparentFolderRenamed:
                string grandparent = Path.GetDirectoryName(folder)!;
                Assert.StartsWith(root, grandparent, StringComparison.Ordinal);
                Directory.Move(grandparent, grandparent + "-moved");
                Directory.CreateDirectory(folder);
                return "(none)";

            default:
                throw new ArgumentOutOfRangeException(nameof(change));
        }
    }

    private static string CopyPath(string path) => Path.Combine(Path.GetDirectoryName(path)!, "copy.scdb");
}
