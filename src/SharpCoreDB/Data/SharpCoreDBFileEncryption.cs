namespace SharpCoreDB;

/// <summary>What <see cref="SharpCoreDBConnection.GetFileEncryption"/> found in a file's header.</summary>
public enum SharpCoreDBFileEncryption
{
    /// <summary>The file is missing, too short to hold a header, or not a SharpCoreDB database.</summary>
    NotADatabase,

    /// <summary>A database stored without encryption.</summary>
    None,

    /// <summary>An encrypted database whose key is derived from a password (PBKDF2).</summary>
    Password,

    /// <summary>An encrypted database opened with a raw 256-bit key (<c>Encryption Key</c>, 64 hex digits).</summary>
    RawKey,
}
