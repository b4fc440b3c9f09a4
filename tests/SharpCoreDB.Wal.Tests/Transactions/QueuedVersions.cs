using SharpCoreDB.Wal.Transactions;

namespace SharpCoreDB.Wal.Tests.Transactions;

/// <summary>A log index holding versions of one page as the committers enter them: queued, without offsets.</summary>
internal static class QueuedVersions
{
    /// <summary>An index with versions <paramref name="first"/>..<paramref name="last"/> (every <paramref name="step"/>-th) of page <paramref name="pageNumber"/>.</summary>
    public static WalIndex OfOnePage(uint pageNumber, ulong first, ulong last, ulong step = 1)
    {
        var index = new WalIndex();
        for (ulong sequence = first; sequence <= last; sequence += step)
        {
            index.Add(pageNumber, sequence, WalIndex.Unwritten);
        }

        return index;
    }
}
