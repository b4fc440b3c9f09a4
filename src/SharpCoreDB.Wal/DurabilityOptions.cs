namespace SharpCoreDB.Wal;

/// <summary>How a database's write-ahead log behaves: durability mode, timing, checkpoints, access.</summary>
public sealed record DurabilityOptions
{
    private readonly TimeSpan _flushInterval = TimeSpan.FromMilliseconds(10);
    private readonly long _checkpointThreshold = 4L * 1024 * 1024;
    private readonly TimeSpan _busyTimeout = TimeSpan.FromSeconds(5);

    /// <summary>Legacy, FullSync group commit, or Async (default <see cref="DurabilityMode.FullSync"/>).</summary>
    public DurabilityMode Mode { get; init; } = DurabilityMode.FullSync;

    /// <summary>In <see cref="DurabilityMode.Async"/>, the longest a queued commit waits before it is written and synced (default 10 ms).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The interval is not positive.</exception>
    public TimeSpan FlushInterval
    {
        get => _flushInterval;
        init
        {
            ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(value, TimeSpan.Zero);
            _flushInterval = value;
        }
    }

    /// <summary>The log size in bytes past which a checkpoint starts by itself (default 4 MiB).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The threshold is not positive.</exception>
    public long CheckpointThreshold
    {
        get => _checkpointThreshold;
        init
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(value);
            _checkpointThreshold = value;
        }
    }

    /// <summary>How long <c>BeginWrite</c> waits for the single writer slot by default before failing with Busy (default 5 s).</summary>
    /// <exception cref="ArgumentOutOfRangeException">The timeout is negative (other than infinite).</exception>
    public TimeSpan BusyTimeout
    {
        get => _busyTimeout;
        init
        {
            if (value < TimeSpan.Zero && value != Timeout.InfiniteTimeSpan)
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "The busy timeout must be zero, positive or infinite.");
            }

            _busyTimeout = value;
        }
    }

    /// <summary>Open without writing anything: no recovery writes, no checkpoints; write transactions fail with ReadOnly.</summary>
    public bool ReadOnly { get; init; }

    /// <summary>Whether a checkpoint starts by itself past <see cref="CheckpointThreshold"/> (default true; tests turn it off to drive checkpoints by hand).</summary>
    public bool AutoCheckpoint { get; init; } = true;

    /// <summary>The defaults: FullSync, 10 ms, 4 MiB, 5 s, read-write.</summary>
    public static DurabilityOptions Default { get; } = new();
}
