// Public API in the root namespace, like SharpCoreDBException; it lives in the storage assembly because the engine
// below the ADO.NET layer takes it.
namespace SharpCoreDB;

/// <summary>How a connection may use its database file (connection-string keyword <c>Mode</c>).</summary>
public enum SharpCoreDBOpenMode
{
    /// <summary>Open the file for reading and writing, creating it when it does not exist (the default).</summary>
    ReadWriteCreate = 0,

    /// <summary>Open an existing file for reading and writing; a missing file is an error.</summary>
    ReadWrite = 1,

    /// <summary>Open an existing file for reading only; writes fail with <see cref="SharpCoreDBErrorCode.ReadOnly"/>.</summary>
    ReadOnly = 2,
}
