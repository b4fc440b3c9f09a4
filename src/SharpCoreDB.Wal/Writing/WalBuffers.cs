using System.Buffers;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// The pools for buffers that one thread rents and another returns: a transaction's frames (rented by the
/// committer, returned by the log writer), the pages of write transactions, which the queue keeps as the plain
/// images of committed pages until they are durable (returned by the log writer then), and each queued commit's
/// list of page numbers (likewise).
/// </summary>
/// <remarks>
/// <see cref="ArrayPool{T}.Shared"/> caches per thread and per core and keeps only a few arrays of each size, so
/// with many commits in flight the committers run it dry while the log writer overfills its own cache, and every
/// commit allocates its pages anew. This pool is shared by all threads and keeps up to 1,024 arrays of each size,
/// enough for an Async queue running a flush interval ahead of the disk; it only ever holds as many as were in
/// flight at once. Buffers larger than <see cref="MaxPooledLength"/> (very large transactions) are allocated.
/// </remarks>
internal static class WalBuffers
{
    /// <summary>The largest buffer the pool keeps.</summary>
    public const int MaxPooledLength = 1 << 20;

    /// <summary>The pool.</summary>
    public static ArrayPool<byte> Pool { get; } = ArrayPool<byte>.Create(MaxPooledLength, maxArraysPerBucket: 1024);

    /// <summary>
    /// The pool for the page-number lists of queued commits (<see cref="WalCommit.Pages"/>). From the shared pool, an
    /// Async committer more than a few dozen commits ahead of the log writer allocated a new list for nearly every
    /// commit, for the reason given above.
    /// </summary>
    public static ArrayPool<uint> PageNumbers { get; } = ArrayPool<uint>.Create(MaxPooledLength / sizeof(uint), maxArraysPerBucket: 1024);
}
