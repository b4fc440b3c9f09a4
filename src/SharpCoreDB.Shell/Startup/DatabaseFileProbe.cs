namespace SharpCoreDB.Shell.Startup;

/// <summary>
/// Tells, before opening, whether the file needs a password or a raw key (the library reads the header), so the shell
/// asks only when it must.
/// </summary>
internal static class DatabaseFileProbe
{
    /// <summary>What kind of secret the file needs.</summary>
    /// <param name="path">The database file.</param>
    /// <returns>The secret it needs; <see cref="DatabaseSecret.None"/> also when the file is missing, empty or not a
    /// database (opening it then reports that itself).</returns>
    /// <exception cref="SharpCoreDBException">IoError when the file exists but cannot be read.</exception>
    public static DatabaseSecret Inspect(string path) => string.IsNullOrEmpty(path) ? DatabaseSecret.None : SharpCoreDBConnection.GetFileEncryption(path) switch
    {
        SharpCoreDBFileEncryption.Password => DatabaseSecret.Password,
        SharpCoreDBFileEncryption.RawKey => DatabaseSecret.RawKey,
        _ => DatabaseSecret.None,
    };
}
