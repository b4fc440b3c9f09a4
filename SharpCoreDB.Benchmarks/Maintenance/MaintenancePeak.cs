using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Benchmarks.Maintenance;

/// <summary>
/// The peak memory of one VACUUM or backup, each engine measured alone in a child process: the benchmark process
/// runs both engines, so its own peak would mix them. The child (this program started with
/// <see cref="Flag"/>) opens a copy of the benchmark's database, reads its peak resident set (VmHWM in
/// /proc/self/status, or <see cref="Process.PeakWorkingSet64"/> elsewhere) before and after the operation, and prints
/// both; the parent records them as run notes, so they land in the suite's summary.
/// </summary>
internal static class MaintenancePeak
{
    /// <summary>The argument that starts the child mode: <c>--maintenance-peak sqlite|sharpcoredb vacuum|backup FILE</c>.</summary>
    public const string Flag = "--maintenance-peak";

    private const string ResultPrefix = "peak-bytes ";

    /// <summary>Runs the child mode.</summary>
    /// <param name="args">The engine, the operation and the database file (after <see cref="Flag"/>).</param>
    /// <param name="cacheBytes">The page cache both engines use, as in the benchmark.</param>
    /// <returns>The exit code.</returns>
    public static int RunChild(string[] args, long cacheBytes)
    {
        if (args.Length != 4)
        {
            Console.Error.WriteLine($"usage: {Flag} sqlite|sharpcoredb vacuum|backup FILE");
            return 2;
        }

        bool sqlite = args[1] == "sqlite";
        bool vacuum = args[2] == "vacuum";
        string path = args[3];
        string copy = path + ".copy";
        using DbConnection connection = sqlite
            ? SqliteDatabase.Open(path, cacheBytes)
            : SharpCoreDBDatabase.Open(SharpCoreDBDatabase.ConnectionString(path, DurabilityMode.FullSync, cacheBytes));

        // The baseline holds the runtime, the engine and an open database; what the operation adds is the rest.
        long before = PeakBytes();
        if (vacuum)
        {
            using DbCommand command = connection.CreateCommand();
            command.CommandText = "VACUUM";
            command.CommandTimeout = 0;
            command.ExecuteNonQuery();
        }
        else if (sqlite)
        {
            using var destination = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = copy, Pooling = false }.ConnectionString);
            destination.Open();
            ((SqliteConnection)connection).BackupDatabase(destination);
        }
        else
        {
            ((SharpCoreDBConnection)connection).BackupDatabase(copy);
        }

        long after = PeakBytes();
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{ResultPrefix}{before} {after}"));
        return 0;
    }

    /// <summary>
    /// Measures VACUUM and backup in child processes, each on its own copy of the benchmark's database, and records
    /// the peaks as run notes.
    /// </summary>
    /// <param name="engine">"sqlite" or "sharpcoredb".</param>
    /// <param name="label">The engine's name in the notes.</param>
    /// <param name="folder">Where the copies go.</param>
    /// <param name="copyTo">Writes a copy of the database to the given new file (the engine's backup: the benchmark keeps its database open).</param>
    public static void Measure(string engine, string label, string folder, Action<string> copyTo)
    {
        ArgumentNullException.ThrowIfNull(copyTo);
        foreach (string operation in (string[])["vacuum", "backup"])
        {
            string path = Path.Combine(folder, "peak-" + operation + ".db");
            copyTo(path);
            try
            {
                (long before, long after) = RunChildProcess(engine, operation, path);
                RunNotes.Add(string.Create(
                    CultureInfo.InvariantCulture,
                    $"maintenance peak memory: {label} {operation} raised the peak resident set from {before / 1e6:F1} MB (runtime, engine, open database) to {after / 1e6:F1} MB: +{(after - before) / 1e6:F1} MB (child process)"));
            }
            finally
            {
                foreach (string file in (string[])[path, path + "-wal", path + "-shm", path + ".copy", path + ".copy-wal", path + ".copy-shm", path + "-vacuum"])
                {
                    File.Delete(file);
                }
            }
        }
    }

    private static (long Before, long After) RunChildProcess(string engine, string operation, string path)
    {
        // This program's own apphost starts it directly; otherwise (the dotnet host, or a test host running the suite)
        // the dotnet host runs its assembly.
        string self = typeof(MaintenancePeak).Assembly.Location;
        string process = Environment.ProcessPath ?? "dotnet";
        string name = Path.GetFileNameWithoutExtension(process);
        bool ownApphost = name.Equals(Path.GetFileNameWithoutExtension(self), StringComparison.OrdinalIgnoreCase);
        string host = ownApphost || name.Equals("dotnet", StringComparison.OrdinalIgnoreCase) ? process : "dotnet";
        var start = new ProcessStartInfo(host) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        if (!ownApphost)
        {
            start.ArgumentList.Add(self);
        }

        foreach (string arg in (string[])[Flag, engine, operation, path])
        {
            start.ArgumentList.Add(arg);
        }

        using Process child = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {host} for the peak-memory child.");
        Task<string> error = child.StandardError.ReadToEndAsync();
        string output = child.StandardOutput.ReadToEnd();
        child.WaitForExit();
        foreach (string line in output.Split('\n'))
        {
            if (line.StartsWith(ResultPrefix, StringComparison.Ordinal))
            {
                string[] parts = line[ResultPrefix.Length..].Trim().Split(' ');
                return (long.Parse(parts[0], CultureInfo.InvariantCulture), long.Parse(parts[1], CultureInfo.InvariantCulture));
            }
        }

        throw new InvalidOperationException($"The peak-memory child ({engine} {operation}) exited with {child.ExitCode} and no result: {output} {error.Result}");
    }

    // The process's peak resident set so far: VmHWM on Linux (native memory included, so SQLite's page cache
    // counts), the peak working set elsewhere.
    private static long PeakBytes()
    {
        const string statusFile = "/proc/self/status";
        if (File.Exists(statusFile))
        {
            foreach (string line in File.ReadLines(statusFile))
            {
                if (line.StartsWith("VmHWM:", StringComparison.Ordinal))
                {
                    string kilobytes = line["VmHWM:".Length..].Trim().Split(' ')[0];
                    return long.Parse(kilobytes, CultureInfo.InvariantCulture) * 1024;
                }
            }
        }

        using Process self = Process.GetCurrentProcess();
        return self.PeakWorkingSet64;
    }
}
