using System.Diagnostics;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A pinned, plaintext page buffer. Read leases expose <see cref="Data"/>; writable leases also expose
/// <see cref="Writable"/>. Dispose to unpin. A struct, so handing one out allocates nothing.
/// </summary>
public readonly struct PageLease : IDisposable
{
    private readonly IPageLeaseOwner? _owner;
    private readonly int _token;
    private readonly byte[] _buffer;
    private readonly int _usableSize;

    /// <summary>Creates a lease over <paramref name="buffer"/> (at least <paramref name="usableSize"/> bytes).</summary>
    public PageLease(uint pageNumber, byte[] buffer, int usableSize, bool isWritable, IPageLeaseOwner? owner, int token)
    {
        Debug.Assert(buffer.Length >= usableSize);
        PageNumber = pageNumber;
        _buffer = buffer;
        _usableSize = usableSize;
        IsWritable = isWritable;
        _owner = owner;
        _token = token;
    }

    /// <summary>The page number.</summary>
    public uint PageNumber { get; }

    /// <summary>True when <see cref="Writable"/> may be used.</summary>
    public bool IsWritable { get; }

    /// <summary>The usable bytes of the page.</summary>
    public ReadOnlySpan<byte> Data => new(_buffer, 0, _usableSize);

    /// <summary>The usable bytes of the page, for writing. Throws on a read lease.</summary>
    public Span<byte> Writable
    {
        get
        {
            if (!IsWritable)
            {
                ThrowNotWritable();
            }

            return new Span<byte>(_buffer, 0, _usableSize);
        }
    }

    /// <summary>Unpins the page.</summary>
    public void Dispose() => _owner?.Release(_token);

    private static void ThrowNotWritable() =>
        throw new InvalidOperationException("The page was leased for reading; ask the transaction for a writable copy.");
}
