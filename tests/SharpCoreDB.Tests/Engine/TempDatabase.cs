using SharpCoreDB.Engine;

namespace SharpCoreDB.Tests.Engine;

/// <summary>A database file in a fresh temporary folder, deleted with the folder on dispose.</summary>
internal sealed class TempDatabase : IDisposable
{
    private readonly string _folder = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "sharpcoredb-engine-" + Guid.NewGuid().ToString("N"));

    public TempDatabase()
    {
        Directory.CreateDirectory(_folder);
        Path = System.IO.Path.Combine(_folder, "test.scdb");
    }

    public string Path { get; }

    public DatabaseOptions Options(SharpCoreDBOpenMode mode = SharpCoreDBOpenMode.ReadWriteCreate) =>
        new() { DataSource = Path, OpenMode = mode, KdfIterations = 1000 };

    public EngineHarness Open(SharpCoreDBOpenMode mode = SharpCoreDBOpenMode.ReadWriteCreate) => new(Options(mode));

    public void Dispose()
    {
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (IOException)
        {
            // A file still mapped by a finalizing handle must not fail the test; the OS cleans temp folders.
        }
    }
}
