using System.Buffers;

namespace SharpCoreDB.Transactions;

/// <summary>
/// The logical undo log of one statement inside an explicit transaction: every B+tree change the statement makes
/// is recorded as its inverse, so a failing statement can be taken back while the transaction's earlier work
/// stays (statement-level atomicity). Keys and old values are copied into one pooled byte arena, so logging a
/// row allocates nothing once the arena has grown to the statement's size.
/// </summary>
/// <remarks>
/// Undo is logical (delete what was inserted, put back what was replaced or deleted), not physical: the trees
/// may end up shaped differently, but they hold exactly the entries they held before the statement.
/// </remarks>
internal sealed class UndoLog : IDisposable
{
    // A log that grew past these is not kept for the next transaction: one large transaction must not pin its
    // memory to the thread for good.
    private const int MaxKeptEntries = 1024;
    private const int MaxKeptArena = 64 * 1024;

    // One spare per thread: a write transaction per commit would otherwise allocate its log every time.
    [ThreadStatic]
    private static UndoLog? t_spare;

    // Pooled like the arena: a statement that deletes ten thousand rows records twice as many changes, and growing
    // a plain array there allocated (and copied) its size twice over in every such transaction.
    private Entry[] _entries = ArrayPool<Entry>.Shared.Rent(64);
    private int _count;
    private byte[] _arena = ArrayPool<byte>.Shared.Rent(4096);
    private int _used;

    /// <summary>True while changes are being recorded.</summary>
    public bool IsRecording { get; set; }

    /// <summary>An empty log: this thread's spare when it has one, else a new one.</summary>
    public static UndoLog Rent()
    {
        UndoLog? log = t_spare;
        if (log is null)
        {
            return new UndoLog();
        }

        t_spare = null;
        return log;
    }

    /// <summary>Ends a transaction's use of <paramref name="log"/>: kept as this thread's spare, or its buffers returned.</summary>
    public static void Return(UndoLog log)
    {
        ArgumentNullException.ThrowIfNull(log);
        log.Clear();
        log.IsRecording = false;
        if (t_spare is null && log._entries.Length <= MaxKeptEntries && log._arena.Length <= MaxKeptArena)
        {
            t_spare = log;
            return;
        }

        log.Dispose();
    }

    /// <summary>The number of recorded changes.</summary>
    public int Count => _count;

    /// <summary>Forgets every recorded change (the statement succeeded).</summary>
    public void Clear()
    {
        _count = 0;
        _used = 0;
    }

    /// <summary>Records a change.</summary>
    /// <param name="kind">What to reverse.</param>
    /// <param name="root">The tree's root page.</param>
    /// <param name="key">The key (empty for tree creation).</param>
    /// <param name="oldValue">The value before the change (empty for inserts).</param>
    public void Record(UndoKind kind, uint root, ReadOnlySpan<byte> key, ReadOnlySpan<byte> oldValue)
    {
        if (_count == _entries.Length)
        {
            GrowEntries();
        }

        int keyOffset = Append(key);
        int valueOffset = Append(oldValue);
        _entries[_count++] = new Entry(kind, root, keyOffset, key.Length, valueOffset, oldValue.Length);
    }

    /// <summary>Reverses every recorded change, newest first, and clears the log.</summary>
    /// <param name="transaction">The transaction the changes were made in.</param>
    public void Rollback(UndoableTransaction transaction) => RollbackTo(transaction, 0);

    /// <summary>True when a tree was dropped after <paramref name="mark"/> (a <see cref="Count"/> taken earlier).</summary>
    public bool DroppedSince(int mark)
    {
        for (int i = mark; i < _count; i++)
        {
            if (_entries[i].Kind == UndoKind.DroppedTree)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Reverses the changes recorded after <paramref name="mark"/> (a <see cref="Count"/> taken earlier), newest first,
    /// and forgets them; the earlier ones stay (a statement inside a savepoint, or ROLLBACK TO).
    /// </summary>
    /// <param name="transaction">The transaction the changes were made in.</param>
    /// <param name="mark">How many changes to keep.</param>
    public void RollbackTo(UndoableTransaction transaction, int mark)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(mark);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(mark, _count);
        bool recording = IsRecording;
        IsRecording = false;
        try
        {
            for (int i = _count - 1; i >= mark; i--)
            {
                Entry entry = _entries[i];
                ReadOnlySpan<byte> key = _arena.AsSpan(entry.KeyOffset, entry.KeyLength);
                ReadOnlySpan<byte> value = _arena.AsSpan(entry.ValueOffset, entry.ValueLength);
                switch (entry.Kind)
                {
                    case UndoKind.Inserted:
                        transaction.Tree(entry.Root).Delete(key);
                        break;
                    case UndoKind.Replaced:
                    case UndoKind.Deleted:
                        transaction.Tree(entry.Root).Upsert(key, value);
                        break;
                    case UndoKind.CreatedTree:
                        transaction.DropTree(entry.Root);
                        break;
                }
            }
        }
        finally
        {
            // A drop is a statement's last step, so a failing statement never needs one back; savepoints check first.
            _count = mark;
            _used = mark == 0 ? 0 : _entries[mark - 1].ValueOffset + _entries[mark - 1].ValueLength;
            IsRecording = recording;
        }
    }

    /// <summary>Returns the arena and the entries to the pool.</summary>
    public void Dispose()
    {
        byte[] arena = _arena;
        _arena = [];
        if (arena.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(arena);
        }

        Entry[] entries = _entries;
        _entries = [];
        _count = 0;
        if (entries.Length > 0)
        {
            ArrayPool<Entry>.Shared.Return(entries);
        }
    }

    private void GrowEntries()
    {
        Entry[] larger = ArrayPool<Entry>.Shared.Rent(Math.Max(64, _entries.Length * 2));
        _entries.AsSpan(0, _count).CopyTo(larger);
        if (_entries.Length > 0)
        {
            ArrayPool<Entry>.Shared.Return(_entries);
        }

        _entries = larger;
    }

    private int Append(ReadOnlySpan<byte> bytes)
    {
        if (_used + bytes.Length > _arena.Length)
        {
            byte[] larger = ArrayPool<byte>.Shared.Rent(Math.Max(_arena.Length * 2, _used + bytes.Length));
            _arena.AsSpan(0, _used).CopyTo(larger);
            if (_arena.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_arena);
            }

            _arena = larger;
        }

        int offset = _used;
        bytes.CopyTo(_arena.AsSpan(offset));
        _used += bytes.Length;
        return offset;
    }

    private readonly record struct Entry(UndoKind Kind, uint Root, int KeyOffset, int KeyLength, int ValueOffset, int ValueLength);
}
