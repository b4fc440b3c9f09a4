namespace SharpCoreDB.Benchmarks.Support;

/// <summary>
/// The files of a closed database, kept in a folder of their own so a benchmark can put the database back as it was
/// before every iteration (<see cref="RestoreInto"/>): a benchmark that writes then measures the same work on the same
/// starting file each time, not on a file that grows from one iteration to the next.
/// </summary>
internal sealed class DatabaseTemplate : IDisposable
{
    private readonly BenchmarkDirectory _folder;

    private DatabaseTemplate(BenchmarkDirectory folder)
    {
        _folder = folder;
    }

    /// <summary>
    /// Copies every file of <paramref name="source"/> (a closed database: its file, log and any side files) into a
    /// new template folder.
    /// </summary>
    /// <param name="source">The folder holding the closed database.</param>
    /// <returns>The template.</returns>
    public static DatabaseTemplate CopyOf(BenchmarkDirectory source)
    {
        ArgumentNullException.ThrowIfNull(source);
        BenchmarkDirectory folder = BenchmarkDirectory.Create("template");
        try
        {
            CopyFiles(source.Path, folder.Path);
            return new DatabaseTemplate(folder);
        }
        catch
        {
            folder.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Deletes every file in <paramref name="target"/> and copies the template's files there, each flushed to disk, so
    /// the next timed fsync pays for none of the copy.
    /// </summary>
    /// <param name="target">The folder the benchmark opens its database in (no database may be open there).</param>
    public void RestoreInto(BenchmarkDirectory target)
    {
        ArgumentNullException.ThrowIfNull(target);
        foreach (string file in Directory.GetFiles(target.Path))
        {
            File.Delete(file);
        }

        CopyFiles(_folder.Path, target.Path);
    }

    /// <summary>Deletes the template folder.</summary>
    public void Dispose() => _folder.Dispose();

    private static void CopyFiles(string from, string to)
    {
        foreach (string file in Directory.GetFiles(from))
        {
            string copy = Path.Combine(to, Path.GetFileName(file));
            using (FileStream input = new(file, FileMode.Open, FileAccess.Read, FileShare.ReadWrite))
            using (FileStream output = new(copy, FileMode.CreateNew, FileAccess.Write, FileShare.None))
            {
                input.CopyTo(output);
                output.Flush(flushToDisk: true);
            }
        }
    }
}
