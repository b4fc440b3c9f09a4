namespace SharpCoreDB.Storage.Devices;

/// <summary>
/// A flat, randomly addressable byte store: a file, a block of memory, or a test wrapper around either.
/// Everything above (pager, WAL) reads and writes through this, so faults can be injected under it.
/// </summary>
/// <remarks>
/// Failures surface as <see cref="SharpCoreDBException"/> with <see cref="SharpCoreDBErrorCode.IoError"/>.
/// A failed <see cref="Flush"/> must never be retried as if the data were durable: callers treat the
/// device as failed. Implementations are safe for concurrent reads; writes are serialized by callers.
/// </remarks>
public interface IStorageDevice : IDisposable
{
    /// <summary>The path, or a descriptive name such as <c>:memory:</c>; used in error messages.</summary>
    string Name { get; }

    /// <summary>The current length in bytes.</summary>
    long Length { get; }

    /// <summary>Reads up to <paramref name="destination"/>.Length bytes at <paramref name="offset"/>.</summary>
    /// <returns>The bytes read; fewer than requested only when the end of the device is reached.</returns>
    int Read(long offset, Span<byte> destination);

    /// <summary>Writes all of <paramref name="source"/> at <paramref name="offset"/>, growing the device if needed.</summary>
    void Write(long offset, ReadOnlySpan<byte> source);

    /// <summary>Sets the length, truncating or zero-extending.</summary>
    void SetLength(long length);

    /// <summary>Makes every completed write durable (fdatasync). Throws on failure; never retry it as if it had worked.</summary>
    void Flush();
}
