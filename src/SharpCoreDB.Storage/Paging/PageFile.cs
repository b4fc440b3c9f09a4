using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// A database file as an array of verified pages: a device, the immutable part of its header, and the
/// page codec. It knows nothing of transactions; the page stores (pager, WAL) decide what to write when.
/// </summary>
/// <remarks>
/// Page <c>n</c> lives at byte offset <c>n × PageSize</c>. Reads verify (and decrypt) every page;
/// writes seal it. The mutable header fields (page count, free list, catalog root) are not cached here:
/// they are read and written as part of page 0 by whoever owns the transactions.
/// Safe for concurrent reads; writes must be serialized by the caller (the single writer or checkpoint).
/// </remarks>
internal sealed partial class PageFile : IDisposable, IPageRunLoader
{
    private readonly IStorageDevice _device;
    private readonly bool _leaveOpen;
    private readonly PageCodec _codec;

    // The header as it was at open or creation. Its identity fields never change, and a checkpoint may be rewriting
    // page 0 on disk at any time (in two writes, around the checkpoint record's slots), so whoever needs them takes
    // them from here rather than reading page 0 back from the device.
    private byte[] _openedHeader = [];
    private volatile bool _disposed;

    private PageFile(IStorageDevice device, bool leaveOpen, PageCodec codec, bool isReadOnly, bool wasCreated, uint kdfIterations)
    {
        _device = device;
        _leaveOpen = leaveOpen;
        _codec = codec;
        IsReadOnly = isReadOnly;
        WasCreated = wasCreated;
        KdfIterations = kdfIterations;
    }

    /// <summary>The device's name (the path for files), used in every error message.</summary>
    public string Name => _device.Name;

    /// <summary>The device underneath.</summary>
    public IStorageDevice Device => _device;

    /// <summary>The codec that seals and opens this database's pages (share it with the WAL).</summary>
    public PageCodec Codec => _codec;

    /// <summary>The physical page size.</summary>
    public int PageSize => _codec.PageSize;

    /// <summary>The bytes of each page before the trailer.</summary>
    public int UsableSize => _codec.UsableSize;

    /// <summary>True when pages other than 0 are encrypted.</summary>
    public bool IsEncrypted => _codec.IsEncrypted;

    /// <summary>The database id.</summary>
    public ReadOnlySpan<byte> DatabaseId => _codec.DatabaseId;

    /// <summary>The PBKDF2 iteration count from the header (0 for plain or raw-key databases).</summary>
    public uint KdfIterations { get; }

    /// <summary>True when opened read-only: every write throws <see cref="SharpCoreDBErrorCode.ReadOnly"/>.</summary>
    public bool IsReadOnly { get; }

    /// <summary>True when this open created the database (the device was empty).</summary>
    public bool WasCreated { get; }

    /// <summary>
    /// The first <see cref="Format.DatabaseHeader.SizeOf"/> bytes of page 0 as they were when the file was opened or
    /// created. Only the immutable fields (database id, page size, flags, salt, iterations, key check) are meaningful;
    /// the mutable ones are read through a transaction.
    /// </summary>
    public ReadOnlySpan<byte> OpenedHeader => _openedHeader;

    /// <summary>The number of whole pages the device currently holds.</summary>
    public long StoredPageCount => _device.Length / PageSize;

    /// <summary>Reads, verifies and (if encrypted) decrypts a page.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="plain">
    /// Receives the usable bytes. When it is at least <see cref="PageSize"/> long the page is read and
    /// opened in place, without a scratch buffer; the bytes after the usable size are then unspecified.
    /// </param>
    /// <exception cref="SharpCoreDBException">Corrupt when the page fails verification or lies past the end of the file; IoError.</exception>
    public void ReadPage(uint pageNumber, Span<byte> plain)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(plain.Length, UsableSize, nameof(plain));
        if (plain.Length >= PageSize)
        {
            ReadStoredPage(pageNumber, plain[..PageSize]);
            _codec.Open(pageNumber, plain, plain, Name);
            return;
        }

        byte[] scratch = ArrayPool<byte>.Shared.Rent(PageSize);
        try
        {
            ReadStoredPage(pageNumber, scratch.AsSpan(0, PageSize));
            _codec.Open(pageNumber, scratch.AsSpan(0, PageSize), plain, Name);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Reads a page's stored image without verifying it (checkpoints, journals and scans copy images).</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="stored">Receives <see cref="PageSize"/> bytes.</param>
    /// <exception cref="SharpCoreDBException">Corrupt when the page lies past the end of the file; IoError.</exception>
    public void ReadStoredPage(uint pageNumber, Span<byte> stored)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ArgumentOutOfRangeException.ThrowIfLessThan(stored.Length, PageSize, nameof(stored));
        int read = _device.Read(Offset(pageNumber), stored[..PageSize]);
        if (read < PageSize)
        {
            ThrowBeyondEnd(pageNumber);
        }
    }

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">IoError.</exception>
    public int ReadStoredRun(uint firstPage, Span<byte> stored)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (stored.Length % PageSize != 0)
        {
            throw new ArgumentException("A run is a whole number of pages.", nameof(stored));
        }

        return _device.Read(Offset(firstPage), stored) / PageSize;
    }

    /// <inheritdoc />
    public bool TryOpenStoredPage(uint pageNumber, ReadOnlySpan<byte> stored, Span<byte> plain) =>
        _codec.TryOpen(pageNumber, stored, plain, out _);

    /// <summary>Seals a page and writes it.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="plain">The usable bytes (at least <see cref="UsableSize"/>).</param>
    /// <exception cref="SharpCoreDBException">ReadOnly; IoError.</exception>
    public void WritePage(uint pageNumber, ReadOnlySpan<byte> plain)
    {
        byte[] scratch = ArrayPool<byte>.Shared.Rent(PageSize);
        try
        {
            _codec.Seal(pageNumber, plain, scratch.AsSpan(0, PageSize));
            WriteStoredPage(pageNumber, scratch.AsSpan(0, PageSize));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>Writes an image that is already sealed (a WAL frame's page image, a journal entry).</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="stored">Exactly <see cref="PageSize"/> bytes as produced by <see cref="PageCodec.Seal"/>.</param>
    /// <exception cref="SharpCoreDBException">ReadOnly; IoError.</exception>
    public void WriteStoredPage(uint pageNumber, ReadOnlySpan<byte> stored)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ArgumentOutOfRangeException.ThrowIfNotEqual(stored.Length, PageSize, nameof(stored));
        ThrowIfReadOnly();
        if (pageNumber == 0)
        {
            WriteHeaderPage(stored);
            return;
        }

        _device.Write(Offset(pageNumber), stored);
    }

    /// <summary>Cuts the file to <paramref name="pageCount"/> pages (a rolled-back commit's new pages).</summary>
    /// <param name="pageCount">The pages to keep.</param>
    /// <exception cref="SharpCoreDBException">ReadOnly; IoError.</exception>
    public void Truncate(uint pageCount)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ThrowIfReadOnly();
        _device.SetLength(Offset(pageCount));
    }

    /// <summary>Makes every completed write durable. A failure is final: never retry it as if it had worked.</summary>
    /// <exception cref="SharpCoreDBException">IoError.</exception>
    public void Flush()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _device.Flush();
    }

    // Called once by the open or the creation, with page 0's usable bytes.
    private void KeepOpenedHeader(ReadOnlySpan<byte> header) => _openedHeader = header[..Format.DatabaseHeader.SizeOf].ToArray();

    /// <inheritdoc />
    void IPageCacheLoader.LoadPage(uint pageNumber, ulong version, Span<byte> destination) => ReadPage(pageNumber, destination);

    /// <summary>Disposes the codec and, unless opened with leave-open, the device.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _codec.Dispose();
        if (!_leaveOpen)
        {
            _device.Dispose();
        }
    }

    private long Offset(uint pageNumber) => (long)pageNumber * PageSize;

    private void ThrowIfReadOnly()
    {
        if (IsReadOnly)
        {
            throw StorageErrors.ReadOnly(Name);
        }
    }

    [DoesNotReturn]
    private void ThrowBeyondEnd(uint pageNumber) =>
        throw StorageErrors.PageBeyondEndOfFile(pageNumber, Name, _device.Length);
}
