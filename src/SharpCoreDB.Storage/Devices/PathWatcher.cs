using System.Runtime.InteropServices;

namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// The process's one inotify instance (Linux), shared by every <see cref="PathGuard"/>: it watches the files a pool
/// holds open and the folders above them for the events that can change what their paths name (a file unlinked or
/// renamed over, a folder moved). Asking "did anything happen?" is one <c>epoll_wait</c> with a zero timeout on an epoll
/// instance holding the inotify descriptor, the cheapest system call found that can answer it (half the cost of
/// <c>ioctl(FIONREAD)</c>, which passes the security modules' ioctl hooks), instead of a path walk per file.
/// </summary>
/// <remarks>
/// One instance per process rather than one per database: Linux allows 128 inotify instances per user by default,
/// and every process of the user shares that count. The events are not told apart per database: any event moves the
/// shared <see cref="Epoch"/>, and every guard re-checks its paths once after it moved. Events are rare (only unlinks,
/// renames, link-count and permission changes of the watched files, moves of their folders), so the extra checks are
/// too. The epoch moves before the queue is read, so a guard that sees an empty queue and an unchanged epoch knows
/// that no event was queued before its look (see <see cref="Drain"/>).
/// </remarks>
internal static partial class PathWatcher
{
    // From linux/inotify.h: event bits and flags, the same on every architecture.
    private const uint InAttrib = 0x00000004;
    private const uint InDeleteSelf = 0x00000400;
    private const uint InMoveSelf = 0x00000800;
    private const uint InOnlyDir = 0x01000000;
    private const uint InDontFollow = 0x02000000;

    // A file: unlinked or renamed over (both change its link count: IN_ATTRIB), renamed away (IN_MOVE_SELF). A folder
    // above it: moved or removed. IN_DONT_FOLLOW and IN_ONLYDIR make a symbolic link among the folders fail the watch
    // (ENOTDIR), so a link that could be re-pointed unseen is never taken for the folder it points to.
    private const uint FileEvents = InAttrib | InMoveSelf | InDeleteSelf | InDontFollow;
    private const uint FolderEvents = InMoveSelf | InDeleteSelf | InOnlyDir | InDontFollow;

    // inotify_init1 flags (O_NONBLOCK, O_CLOEXEC), EPOLL_CLOEXEC (O_CLOEXEC too) and FIONREAD: the generic Linux values,
    // shared by the architectures in IsSupportedArchitecture (PowerPC, MIPS, SPARC and Alpha use others and keep the
    // path checks). EPOLL_CTL_ADD and EPOLLIN are the same everywhere.
    private const int InitNonBlocking = 0x800;
    private const int InitCloseOnExec = 0x80000;
    private const nuint FionRead = 0x541B;
    private const int EpollControlAdd = 1;
    private const uint EpollIn = 0x001;

    private static readonly Lock s_lock = new();

    // Watch descriptor -> number of guards using it: guards of files in one folder share the folder's watches (inotify
    // gives the same descriptor for the same inode), and a watch is removed when its last guard lets go.
    private static readonly Dictionary<int, int> s_users = [];

    // -1 until created; created on the first watch and kept for the life of the process.
    private static int s_descriptor = -1;

    // An epoll instance watching s_descriptor for readability, created with it; -1 when that failed (IsQuiet then asks
    // with ioctl). Set before s_descriptor is published.
    private static int s_poll = -1;
    private static long s_epoch;

    /// <summary>Moves whenever events were taken from the queue; a guard that checked its paths at this epoch is current.</summary>
    public static long Epoch => Volatile.Read(ref s_epoch);

    /// <summary>True where the watcher can work (Linux on an architecture whose constants are known).</summary>
    public static bool IsSupported => OperatingSystem.IsLinux() && IsSupportedArchitecture(RuntimeInformation.ProcessArchitecture);

    /// <summary>
    /// True when no event is queued: one system call. False when events are queued, or the instance cannot say
    /// (then the caller checks its paths, which is always correct).
    /// </summary>
    /// <returns>Whether the queue is empty.</returns>
    public static bool IsQuiet()
    {
        int descriptor = Volatile.Read(ref s_descriptor);
        if (descriptor < 0)
        {
            return false;
        }

        // inotify queues an event inside the system call that caused it (the unlink or rename) and wakes the epoll
        // instance there too, so a change that finished before this call is seen by it. Level-triggered: the descriptor
        // stays ready until Drain empties the queue. -1 (EINTR) counts as "cannot say".
        int poll = s_poll;
        if (poll >= 0)
        {
            EpollEvent ready = default;
            return epoll_wait(poll, ref ready, 1, 0) == 0;
        }

        return ioctl(descriptor, FionRead, out int pending) == 0 && pending == 0;
    }

    /// <summary>
    /// Takes every queued event off the queue, moving <see cref="Epoch"/> first: a guard that later finds the queue
    /// empty then also finds the epoch moved, so the events taken here still send it to check its paths.
    /// </summary>
    public static void Drain()
    {
        lock (s_lock)
        {
            if (s_descriptor < 0)
            {
                return;
            }

            Interlocked.Increment(ref s_epoch);
            Span<byte> events = stackalloc byte[4096];
            while (read(s_descriptor, ref MemoryMarshal.GetReference(events), (nuint)events.Length) > 0)
            {
                // The events themselves do not matter: the epoch already moved for all of them.
            }
        }
    }

    /// <summary>
    /// Watches a file (and optionally its log) and every folder above them up to the root's child. Returns null when
    /// they cannot be watched (no inotify instance left for this user, the watch limit reached, no read permission, a
    /// symbolic link among the folders); the caller then checks its paths on every use.
    /// </summary>
    /// <param name="path">The file's full path.</param>
    /// <param name="logPath">The log's full path (in the same folder), or null.</param>
    /// <returns>The watch descriptors to give back to <see cref="Release"/>, or null.</returns>
    public static int[]? TryWatch(string path, string? logPath)
    {
        if (!IsSupported)
        {
            return null;
        }

        var targets = new List<(string Path, uint Events)>();
        targets.Add((path, FileEvents));
        if (logPath is not null)
        {
            targets.Add((logPath, FileEvents));
        }

        // The root itself cannot be moved or removed; every folder below it can.
        for (string? folder = Path.GetDirectoryName(path); folder is not null && Path.GetDirectoryName(folder) is not null; folder = Path.GetDirectoryName(folder))
        {
            targets.Add((folder, FolderEvents));
        }

        lock (s_lock)
        {
            if (s_descriptor < 0)
            {
                int descriptor = inotify_init1(InitNonBlocking | InitCloseOnExec);
                if (descriptor < 0)
                {
                    // EMFILE (this user's instances are used up) may pass: the next guard tries again.
                    return null;
                }

                s_poll = CreatePoll(descriptor);
                Volatile.Write(ref s_descriptor, descriptor);
            }

            int[] watches = new int[targets.Count];
            for (int i = 0; i < targets.Count; i++)
            {
                int watch = inotify_add_watch(s_descriptor, targets[i].Path, targets[i].Events);
                if (watch < 0)
                {
                    ReleaseLocked(watches.AsSpan(0, i));
                    return null;
                }

                watches[i] = watch;
                s_users[watch] = s_users.GetValueOrDefault(watch) + 1;
            }

            return watches;
        }
    }

    /// <summary>Gives back watches taken by <see cref="TryWatch"/>; a watch no other guard uses is removed.</summary>
    /// <param name="watches">The descriptors.</param>
    public static void Release(int[] watches)
    {
        lock (s_lock)
        {
            ReleaseLocked(watches);
        }
    }

    private static void ReleaseLocked(ReadOnlySpan<int> watches)
    {
        foreach (int watch in watches)
        {
            if (s_users.TryGetValue(watch, out int users) && users > 1)
            {
                s_users[watch] = users - 1;
                continue;
            }

            s_users.Remove(watch);

            // Fails (EINVAL) when the kernel already removed the watch because its inode is gone: nothing to undo.
            _ = inotify_rm_watch(s_descriptor, watch);
        }
    }

    // An epoll instance reporting the inotify descriptor readable, or -1 (then IsQuiet asks with ioctl instead).
    private static int CreatePoll(int descriptor)
    {
        int poll = epoll_create1(InitCloseOnExec);
        if (poll < 0)
        {
            return -1;
        }

        var interest = new EpollEvent { Events = EpollIn };
        if (epoll_ctl(poll, EpollControlAdd, descriptor, ref interest) != 0)
        {
            _ = close(poll);
            return -1;
        }

        return poll;
    }

    private static bool IsSupportedArchitecture(Architecture architecture) => architecture
        is Architecture.X64 or Architecture.X86 or Architecture.Arm64 or Architecture.Arm
        or Architecture.RiscV64 or Architecture.LoongArch64 or Architecture.S390x;

    [LibraryImport("libc")]
    private static partial int inotify_init1(int flags);

    [LibraryImport("libc", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int inotify_add_watch(int descriptor, string path, uint mask);

    [LibraryImport("libc")]
    private static partial int inotify_rm_watch(int descriptor, int watch);

    // ioctl is declared variadic in C; glibc and musl implement it as a plain three-argument system call wrapper.
    // FIONREAD on an inotify descriptor only reads the queue's byte count under its spinlock: it never blocks, never
    // calls back and returns well within a microsecond, the case SuppressGCTransition is for. IsQuiet uses it only when
    // the epoll instance could not be made; it then skips the switch to preemptive mode and the GC poll around it.
    [LibraryImport("libc")]
    [SuppressGCTransition]
    private static partial int ioctl(int descriptor, nuint request, out int value);

    [LibraryImport("libc")]
    private static partial nint read(int descriptor, ref byte buffer, nuint count);

    [LibraryImport("libc")]
    private static partial int epoll_create1(int flags);

    [LibraryImport("libc")]
    private static partial int epoll_ctl(int poll, int operation, int descriptor, ref EpollEvent interest);

    // With a zero timeout epoll_wait never sleeps: it checks the ready list and, for a listed descriptor, asks inotify
    // whether its queue is empty. Its one lock is the epoll instance's, which only another IsQuiet could hold, and the
    // pool asks under its registry lock. Like the ioctl before it, it skips the GC transition.
    [LibraryImport("libc")]
    [SuppressGCTransition]
    private static partial int epoll_wait(int poll, ref EpollEvent events, int maxEvents, int timeout);

    [LibraryImport("libc")]
    private static partial int close(int descriptor);

    // struct epoll_event is 12 bytes (packed) on x86-64 and 16 elsewhere; 16 bytes with the event mask first serve both,
    // and the data field is never read.
    [StructLayout(LayoutKind.Sequential, Size = 16)]
    private struct EpollEvent
    {
        public uint Events;
    }
}
