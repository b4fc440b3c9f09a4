namespace SharpCoreDB.Shell.Startup;

/// <summary>The secret a database file needs to open.</summary>
internal enum DatabaseSecret
{
    /// <summary>None: a plain database (or a new, missing or foreign file).</summary>
    None,

    /// <summary>A password (keys derived with PBKDF2).</summary>
    Password,

    /// <summary>A raw 256-bit key, given as 64 hex digits.</summary>
    RawKey,
}
