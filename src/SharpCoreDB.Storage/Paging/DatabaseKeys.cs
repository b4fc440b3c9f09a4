using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The identity (database id, flags, salt, iteration count, key check) and a copy of the derived keys of an open
/// database: what VACUUM, VACUUM INTO and a backup that keeps the password need to create a file with the same
/// password or key, and to reopen the database after its file was replaced, since neither the password nor the key
/// is kept once the keys are derived. It holds key material: dispose it as soon as the file is written or open.
/// </summary>
internal sealed class DatabaseKeys : IDisposable
{
    private readonly byte[] _header;

    private DatabaseKeys(byte[] header, PageCodec codec)
    {
        _header = header;
        Codec = codec;
    }

    /// <summary>The first <see cref="DatabaseHeader.SizeOf"/> bytes of the database's page 0 (only the immutable fields are used).</summary>
    public ReadOnlySpan<byte> Header => _header;

    /// <summary>A codec over the same keys, owned by this object.</summary>
    public PageCodec Codec { get; }

    /// <summary>Copies the identity and keys of an open database file.</summary>
    /// <param name="file">The file.</param>
    /// <returns>The keys; dispose them.</returns>
    public static DatabaseKeys Of(PageFile file)
    {
        ArgumentNullException.ThrowIfNull(file);
        // Not read back from the device: a checkpoint of the open store may be rewriting page 0 right now.
        return new DatabaseKeys(file.OpenedHeader.ToArray(), file.Codec.CloneKeys());
    }

    /// <summary>Wipes the key copies.</summary>
    public void Dispose() => Codec.Dispose();
}
