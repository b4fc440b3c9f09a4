namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>A fresh directory under the temp folder, deleted with everything in it on dispose.</summary>
internal sealed class TempDirectory : IDisposable
{
    /// <summary>Creates the directory.</summary>
    public TempDirectory()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "scdb-shell-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Path);
    }

    /// <summary>The directory.</summary>
    public string Path { get; }

    /// <summary>A path inside the directory.</summary>
    /// <param name="name">The file name.</param>
    /// <returns>The full path.</returns>
    public string File(string name) => System.IO.Path.Combine(Path, name);

    /// <inheritdoc />
    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        Directory.Delete(Path, recursive: true);
    }
}
