using System.Buffers.Binary;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB;

/// <content>Questions about a database file that need no connection.</content>
public sealed partial class SharpCoreDBConnection
{
    /// <summary>
    /// Reads the unencrypted header of a file to tell whether it is a SharpCoreDB database and which secret, if any,
    /// opening it needs (a password or a raw key), so a tool can ask for one only when it must, before opening it. The
    /// file is not opened as a database.
    /// </summary>
    /// <param name="path">The file.</param>
    /// <returns>The kind of encryption; <see cref="SharpCoreDBFileEncryption.NotADatabase"/> also for a missing file.</returns>
    /// <exception cref="ArgumentException"><paramref name="path"/> is null or empty.</exception>
    /// <exception cref="SharpCoreDBException">
    /// IoError when the file exists but cannot be read, also while a connection of this process holds it open and locked.
    /// </exception>
    public static SharpCoreDBFileEncryption GetFileEncryption(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        if (!File.Exists(path))
        {
            return SharpCoreDBFileEncryption.NotADatabase;
        }

        // The magic and the flags sit in the part of page 0 that is never encrypted (docs/FILE_FORMAT.md).
        const int needed = DatabaseHeader.FlagsOffset + sizeof(ushort);
        Span<byte> header = stackalloc byte[needed];
        try
        {
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            if (file.ReadAtLeast(header, needed, throwOnEndOfStream: false) < needed)
            {
                return SharpCoreDBFileEncryption.NotADatabase;
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"Could not read the header of '{path}': {ex.Message}", ex);
        }

        if (!header[DatabaseHeader.MagicOffset..DatabaseHeader.MagicLength].SequenceEqual(DatabaseHeader.Magic))
        {
            return SharpCoreDBFileEncryption.NotADatabase;
        }

        var flags = (DatabaseFlags)BinaryPrimitives.ReadUInt16LittleEndian(header[DatabaseHeader.FlagsOffset..]);
        return (flags & DatabaseFlags.Encrypted) == 0 ? SharpCoreDBFileEncryption.None
            : (flags & DatabaseFlags.RawKey) != 0 ? SharpCoreDBFileEncryption.RawKey
            : SharpCoreDBFileEncryption.Password;
    }
}
