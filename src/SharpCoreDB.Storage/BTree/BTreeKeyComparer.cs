namespace SharpCoreDB.Storage.BTree;

/// <summary>
/// The order of a tree whose keys are not in byte order: an index on a user-defined collation, whose TEXT cannot be
/// encoded so that <c>memcmp</c> sorts it. A tree given one compares every key through it (descent, insert, delete,
/// cursor seeks, the remembered leaf and edge, the integrity walk) and keeps whole keys as separators, since a
/// separator cut short by byte order would be a key the comparer cannot read. A tree without one compares bytes and
/// pays nothing for this: the comparer is checked once per node search, not per probe.
/// </summary>
internal abstract class BTreeKeyComparer
{
    /// <summary>Compares two whole keys (or a key and a search probe, which may be a key's prefix).</summary>
    /// <param name="left">The first key.</param>
    /// <param name="right">The second key.</param>
    /// <returns>Negative when <paramref name="left"/> sorts first, zero when equal, positive otherwise.</returns>
    /// <remarks>
    /// Must be a total order consistent across calls; equal keys are one key to the tree. It may throw (the tree is
    /// unchanged: every comparison of a write happens before its first page changes).
    /// </remarks>
    public abstract int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right);
}
