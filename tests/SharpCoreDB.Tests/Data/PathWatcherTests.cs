using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// The pool's file check asks the process's inotify watcher whether anything happened (an <c>epoll_wait</c> with a zero
/// timeout): a change that finished before the question is always seen, and once the guards have looked, the watcher is
/// quiet again, so later opens stay on the one-call path. In the pool collection: the watcher is shared by every pool.
/// </summary>
[Collection(PoolCollection.Name)]
public sealed class PathWatcherTests
{
    [Fact]
    public void A_file_deleted_just_before_the_question_is_seen_every_time()
    {
        if (!PathWatcher.IsSupported)
        {
            // No watcher off Linux: the guard reads the identities on every question (PoolFileIdentityTests).
            return;
        }

        using var temp = new TempDatabase();
        string path = Path.Combine(temp.Folder, "watched.bin");
        for (int i = 0; i < 200; i++)
        {
            File.WriteAllBytes(path, [1]);
            using PathGuard guard = PathGuard.Record(path, null);
            Assert.True(guard.IsWatching, "no inotify instance left for this user?");
            Assert.True(guard.IsCurrent(), $"iteration {i}: the untouched file looked changed");
            File.Delete(path);
            Assert.False(guard.IsCurrent(), $"iteration {i}: the deletion was not seen");
        }
    }

    [Fact]
    public void After_the_guards_looked_the_watcher_is_quiet_again()
    {
        if (!PathWatcher.IsSupported)
        {
            return;
        }

        using var temp = new TempDatabase();
        string path = Path.Combine(temp.Folder, "watched.bin");
        File.WriteAllBytes(path, [1]);
        using PathGuard guard = PathGuard.Record(path, null);
        File.Move(path, path + ".moved");
        File.WriteAllBytes(path, [1]);
        Assert.False(guard.IsCurrent(), "a file replaced by a rename looked current");

        // Anything else in the process may queue an event meanwhile; a watcher that stays ready after its queue was
        // emptied never answers quiet in any of these tries.
        bool quiet = false;
        for (int attempt = 0; attempt < 20 && !quiet; attempt++)
        {
            PathWatcher.Drain();
            quiet = PathWatcher.IsQuiet();
        }

        Assert.True(quiet, "the watcher stayed ready after its queue was emptied");
    }
}
