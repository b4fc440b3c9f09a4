namespace SharpCoreDB.Wal.Transactions;

/// <summary>
/// The snapshots of the open read transactions: the checkpoint may copy nothing newer than the oldest of them,
/// and the log may restart only while none of them reads frames. Not thread-safe; the store guards it.
/// </summary>
internal sealed class SnapshotRegistry
{
    private readonly Stack<int> _free = new();
    private ulong[] _snapshots = new ulong[16];
    private bool[] _inUse = new bool[16];
    private bool[] _usesLog = new bool[16];
    private int _count;

    /// <summary>Open read transactions.</summary>
    public int Count { get; private set; }

    /// <summary>Open read transactions that may read frames from the log.</summary>
    public int LogReaders { get; private set; }

    /// <summary>Registers a snapshot.</summary>
    /// <returns>The slot to unregister later.</returns>
    public int Add(ulong snapshot, bool usesLog)
    {
        int slot;
        if (_free.Count > 0)
        {
            slot = _free.Pop();
        }
        else
        {
            if (_count == _snapshots.Length)
            {
                Array.Resize(ref _snapshots, _count * 2);
                Array.Resize(ref _inUse, _count * 2);
                Array.Resize(ref _usesLog, _count * 2);
            }

            slot = _count++;
        }

        _snapshots[slot] = snapshot;
        _inUse[slot] = true;
        _usesLog[slot] = usesLog;
        Count++;
        if (usesLog)
        {
            LogReaders++;
        }

        return slot;
    }

    /// <summary>Unregisters a snapshot.</summary>
    public void Remove(int slot)
    {
        if (!_inUse[slot])
        {
            throw new InvalidOperationException("The read transaction was already ended.");
        }

        _inUse[slot] = false;
        Count--;
        if (_usesLog[slot])
        {
            LogReaders--;
        }

        _free.Push(slot);
    }

    /// <summary>Adds every registered snapshot in [<paramref name="from"/>, <paramref name="below"/>) to <paramref name="destination"/>.</summary>
    public void CollectBetween(ulong from, ulong below, List<ulong> destination)
    {
        for (int i = 0; i < _count; i++)
        {
            if (_inUse[i] && _snapshots[i] >= from && _snapshots[i] < below)
            {
                destination.Add(_snapshots[i]);
            }
        }
    }

    /// <summary>The newest snapshot held, or <paramref name="whenNone"/> when there is none.</summary>
    /// <param name="whenNone">The value to return when no snapshot is held.</param>
    /// <returns>The largest held snapshot sequence.</returns>
    public ulong Newest(ulong whenNone)
    {
        if (Count == 0)
        {
            return whenNone;
        }

        ulong newest = 0;
        for (int i = 0; i < _count; i++)
        {
            if (_inUse[i] && _snapshots[i] > newest)
            {
                newest = _snapshots[i];
            }
        }

        return newest;
    }

    /// <summary>The oldest registered snapshot, or <paramref name="whenNone"/>.</summary>
    public ulong Oldest(ulong whenNone)
    {
        ulong oldest = whenNone;
        for (int i = 0; i < _count; i++)
        {
            if (_inUse[i] && _snapshots[i] < oldest)
            {
                oldest = _snapshots[i];
            }
        }

        return oldest;
    }
}
