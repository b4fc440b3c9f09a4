namespace SharpCoreDB.Shell.Input;

/// <summary>
/// The interactive history kept across sessions in <c>~/.sharpcoredb_history</c>: one entry a line, newest last, at
/// most <see cref="MaxEntries"/> entries (SQLite's shell keeps 2,000 too).
/// </summary>
/// <param name="path">The history file.</param>
internal sealed class HistoryFile(string path)
{
    /// <summary>How many entries are loaded and kept.</summary>
    public const int MaxEntries = 2000;

    /// <summary>The default location, in the user's home directory.</summary>
    public static string DefaultPath =>
        Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".sharpcoredb_history");

    /// <summary>The entries saved by earlier sessions, oldest first (none when the file does not exist).</summary>
    /// <returns>The entries.</returns>
    public IReadOnlyList<string> Load()
    {
        if (!File.Exists(path))
        {
            return [];
        }

        string[] lines = File.ReadAllLines(path);
        return lines.Length <= MaxEntries ? lines : lines[^MaxEntries..];
    }

    /// <summary>Appends one entry (line breaks inside it become spaces, so one entry stays one line).</summary>
    /// <param name="entry">What was entered.</param>
    public void Append(string entry)
    {
        string line = entry.ReplaceLineEndings(" ");
        File.AppendAllText(path, line + "\n");
    }
}
