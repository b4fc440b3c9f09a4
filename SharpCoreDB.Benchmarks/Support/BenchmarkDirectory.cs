namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// A private folder for one benchmark's database files, deleted on <see cref="Dispose"/>. It lives under
/// <c>SHARPCOREDB_BENCH_DIR</c> when that is set, else under the system temp folder, and it refuses a RAM-backed
/// file system: on tmpfs an fsync costs nothing, so commit benchmarks would compare nothing real.
/// </summary>
internal sealed class BenchmarkDirectory : IDisposable
{
    /// <summary>The environment variable that moves the benchmark databases to another folder.</summary>
    public const string RootVariable = "SHARPCOREDB_BENCH_DIR";

    private BenchmarkDirectory(string path)
    {
        Path = path;
    }

    /// <summary>The folder's full path.</summary>
    public string Path { get; }

    /// <summary>Creates a new, empty folder named after <paramref name="purpose"/> plus a unique suffix.</summary>
    /// <param name="purpose">A short name for the folder (for example the benchmark class).</param>
    /// <returns>The folder.</returns>
    /// <exception cref="InvalidOperationException">The chosen root is on a RAM-backed file system.</exception>
    public static BenchmarkDirectory Create(string purpose)
    {
        ArgumentException.ThrowIfNullOrEmpty(purpose);
        string? configured = Environment.GetEnvironmentVariable(RootVariable);
        string root = string.IsNullOrWhiteSpace(configured) ? System.IO.Path.GetTempPath() : configured;
        Directory.CreateDirectory(root);
        string fullRoot = System.IO.Path.GetFullPath(root);
        string? format = FileSystemFormat(fullRoot);
        if (fullRoot.StartsWith("/dev/shm", StringComparison.Ordinal)
            || string.Equals(format, "tmpfs", StringComparison.OrdinalIgnoreCase)
            || string.Equals(format, "ramfs", StringComparison.OrdinalIgnoreCase))
        {
            throw new InvalidOperationException(
                $"'{fullRoot}' is on a RAM-backed file system ({format}); durable-commit figures would be meaningless. " +
                $"Set {RootVariable} to a folder on a real disk.");
        }

        string path = System.IO.Path.Combine(fullRoot, $"sharpcoredb-bench-{purpose}-{Guid.NewGuid():N}");
        Directory.CreateDirectory(path);
        return new BenchmarkDirectory(path);
    }

    /// <summary>The full path of a file inside the folder.</summary>
    /// <param name="fileName">The file name.</param>
    /// <returns>The path.</returns>
    public string File(string fileName) => System.IO.Path.Combine(Path, fileName);

    /// <summary>Deletes the folder and everything in it.</summary>
    public void Dispose()
    {
        if (Directory.Exists(Path))
        {
            Directory.Delete(Path, recursive: true);
        }
    }

    // The mount whose path is the longest prefix of the folder is the one the files land on.
    private static string? FileSystemFormat(string path)
    {
        DriveInfo? best = null;
        foreach (DriveInfo drive in DriveInfo.GetDrives())
        {
            string mount = drive.RootDirectory.FullName;
            bool covers = path.StartsWith(mount, StringComparison.Ordinal)
                && (path.Length == mount.Length || mount.EndsWith('/') || path[mount.Length] == '/');
            if (covers && (best is null || mount.Length > best.RootDirectory.FullName.Length))
            {
                best = drive;
            }
        }

        return best?.DriveFormat;
    }
}
