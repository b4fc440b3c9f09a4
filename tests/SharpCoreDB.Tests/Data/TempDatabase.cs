namespace SharpCoreDB.Tests.Data;

/// <summary>A temporary folder for a database file, deleted with everything in it on dispose.</summary>
internal sealed class TempDatabase : IDisposable
{
    public TempDatabase()
    {
        Folder = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "sharpcoredb-tests", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Folder);
        Path = System.IO.Path.Combine(Folder, "test.scdb");
    }

    public string Folder { get; }

    public string Path { get; }

    public string ConnectionString(string extra = "") => $"Data Source={Path};{extra}";

    public void Dispose()
    {
        // The pool keeps a closed database open (and its page cache in memory): give it back before deleting the files.
        global::SharpCoreDB.Engine.Database.ClearPool(Path);
        try
        {
            Directory.Delete(Folder, recursive: true);
        }
        catch (IOException)
        {
            // A file still open by a failed test; the OS temp cleaner removes it later.
        }
    }
}
