using System.Buffers;

namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// The pool for buffers that one thread rents and another returns: a transaction's frames (rented by the
/// committer, returned by the log writer) and the pages of write transactions, which the queue keeps as the plain
/// images of committed pages until they are durable (returned by the log writer then).
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
}
