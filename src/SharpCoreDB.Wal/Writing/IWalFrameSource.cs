namespace SharpCoreDB.Wal.Writing;

/// <summary>
/// What the log writer needs from the store it writes for: the page images of queued commits, and where a group
/// of commits may not be merged into one log transaction because a reader could stand between them.
/// </summary>
internal interface IWalFrameSource
{
    /// <summary>
    /// Seals (checksums or encrypts) the queued image of version <paramref name="version"/> of page
    /// <paramref name="pageNumber"/> into <paramref name="destination"/>, a page-size span inside a frame.
    /// Called by the log writer only, for versions it has not yet reported durable.
    /// </summary>
    void Seal(uint pageNumber, ulong version, Span<byte> destination);

    /// <summary>
    /// For the commits <paramref name="first"/>..<paramref name="last"/> about to be written together, adds to
    /// <paramref name="boundaries"/> every sequence in [first, last) that some reader sees (or may yet see) as its
    /// snapshot, and returns the lowest sequence from which every commit is such a point. The log writer ends a
    /// log transaction at each of them, so every state a reader can observe exists in the log.
    /// </summary>
    ulong CollectSnapshotBoundaries(ulong first, ulong last, List<ulong> boundaries);
}
