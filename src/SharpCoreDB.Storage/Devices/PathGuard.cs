namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// Tells whether a path (and its log's path) still names the files it named when the guard recorded them: a pool
/// asks before handing out a database it kept open, so a file deleted, renamed over or moved away meanwhile is never
/// served from the old handles. On Linux the guard watches the files and their folders (<see cref="PathWatcher"/>)
/// and an unchanged answer costs one system call; elsewhere, or where the paths cannot be watched (a symbolic link in
/// them, the user's inotify limits reached), each question reads the files' identities afresh
/// (<see cref="FileIdentity"/>, one call per file).
/// </summary>
/// <remarks>Not thread-safe: the pool asks under its own lock.</remarks>
internal sealed class PathGuard : IDisposable
{
    private readonly string _path;
    private readonly string? _logPath;
    private FileIdentity _file;
    private FileIdentity _log;

    // The inotify watches while the guard relies on them, else null; and the watcher's epoch at the last check.
    private int[]? _watches;
    private long _checkedAt;

    private PathGuard(string path, string? logPath)
    {
        _path = path;
        _logPath = logPath;
    }

    /// <summary>
    /// False makes new guards (and guards that record again) check the paths on every question instead of watching
    /// them, as on an OS without inotify: tests run the fallback on Linux with it.
    /// </summary>
    internal static bool UseFileEvents { get; set; } = true;

    /// <summary>True while the guard answers from file events rather than by reading identities (tests).</summary>
    internal bool IsWatching => _watches is not null;

    /// <summary>Records which files the paths name now. Call it after the files were opened.</summary>
    /// <param name="path">The full path of the file.</param>
    /// <param name="logPath">The full path of its log, or null to guard the file alone.</param>
    /// <returns>The guard; dispose it when the files close.</returns>
    public static PathGuard Record(string path, string? logPath)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var guard = new PathGuard(path, logPath);
        guard.RecordAgain();
        return guard;
    }

    /// <summary>Records the paths afresh (after the files were replaced on purpose, e.g. by VACUUM).</summary>
    public void RecordAgain()
    {
        ReleaseWatches();
        FileIdentity.TryRead(_path, out _file);
        _log = default;
        if (_logPath is not null)
        {
            FileIdentity.TryRead(_logPath, out _log);
        }

        if (UseFileEvents)
        {
            _ = Watch();
        }
    }

    /// <summary>True when the paths still name the recorded files.</summary>
    /// <returns>False when a file was deleted, replaced or moved (or its folder moved) since it was recorded.</returns>
    public bool IsCurrent()
    {
        if (_watches is null)
        {
            return SameFiles(followLinks: true);
        }

        // The fast answer: no event queued, and none taken off the queue since this guard last checked.
        if (PathWatcher.IsQuiet() && _checkedAt == PathWatcher.Epoch)
        {
            return true;
        }

        // Something happened somewhere: look at the paths themselves, watching them anew first, so the watches cover
        // whatever the paths name now (a folder replaced above the file, say) and nothing after the look goes unseen.
        PathWatcher.Drain();
        int[] previous = _watches;
        _watches = null;
        try
        {
            return Watch() ? true : SameFiles(followLinks: true);
        }
        finally
        {
            PathWatcher.Release(previous);
        }
    }

    /// <summary>Stops watching.</summary>
    public void Dispose() => ReleaseWatches();

    // Watches the paths, then checks them: true when they are watched and still name the recorded files. The check
    // does not follow a symbolic link at the end of a path, because the watch is on what the path names itself; a path
    // that is a link (or cannot be watched) leaves the guard unwatched, to check by identity on every question.
    private bool Watch()
    {
        int[]? watches = PathWatcher.TryWatch(_path, _logPath);
        if (watches is null)
        {
            return false;
        }

        // Read before the look: an event taken off the queue after it moves the epoch past this value.
        long epoch = PathWatcher.Epoch;
        if (!SameFiles(followLinks: false))
        {
            PathWatcher.Release(watches);
            return false;
        }

        _watches = watches;
        _checkedAt = epoch;
        return true;
    }

    private bool SameFiles(bool followLinks) =>
        FileIdentity.TryRead(_path, out FileIdentity file, followLinks) && file == _file
        && (_logPath is null || (FileIdentity.TryRead(_logPath, out FileIdentity log, followLinks) && log == _log));

    private void ReleaseWatches()
    {
        if (_watches is not null)
        {
            PathWatcher.Release(_watches);
            _watches = null;
        }
    }
}
