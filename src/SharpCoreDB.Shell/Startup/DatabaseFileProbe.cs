using System.Buffers.Binary;

namespace SharpCoreDB.Shell.Startup;

/// <summary>
/// Reads the unencrypted database header (page 0, docs/FILE_FORMAT.md) to tell, before opening, whether the file
/// needs a password or a raw key, so the shell asks only when it must.
/// </summary>
internal static class DatabaseFileProbe
{
    // docs/FILE_FORMAT.md, "Page 0": magic at 0..16, flags (little-endian u16) at 26.
    private const int FlagsOffset = 26;
    private const int BytesNeeded = 28;
    private const ushort EncryptedFlag = 1;
    private const ushort RawKeyFlag = 2;

    private static ReadOnlySpan<byte> Magic => "SharpCoreDB fmt\0"u8;

    /// <summary>What kind of secret the file needs.</summary>
    /// <param name="path">The database file.</param>
    /// <returns>The secret it needs; <see cref="DatabaseSecret.None"/> also when the file is missing, empty or not a
    /// database (opening it then reports that itself).</returns>
    public static DatabaseSecret Inspect(string path)
    {
        if (!File.Exists(path))
        {
            return DatabaseSecret.None;
        }

        Span<byte> header = stackalloc byte[BytesNeeded];
        using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
        {
            if (file.ReadAtLeast(header, BytesNeeded, throwOnEndOfStream: false) < BytesNeeded)
            {
                return DatabaseSecret.None;
            }
        }

        if (!header[..Magic.Length].SequenceEqual(Magic))
        {
            return DatabaseSecret.None;
        }

        ushort flags = BinaryPrimitives.ReadUInt16LittleEndian(header[FlagsOffset..]);
        return (flags & EncryptedFlag) == 0 ? DatabaseSecret.None
            : (flags & RawKeyFlag) != 0 ? DatabaseSecret.RawKey
            : DatabaseSecret.Password;
    }
}
