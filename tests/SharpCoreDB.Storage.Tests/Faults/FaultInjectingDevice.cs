using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>
/// Wraps a device and makes it fail on purpose: the Nth write or flush throws (once or from then on), a write
/// is torn after k bytes, or power is lost (<see cref="SimulatePowerLoss"/>). Counts writes, flushes and bytes.
/// </summary>
/// <remarks>
/// Calls are numbered from 1 over the device's life: write #1 is the first <see cref="Write"/> ever made through
/// it, failed ones included, so <c>FailWriteAt(WriteCount + 1)</c> fails the next write. An injected failure
/// writes nothing and throws <see cref="SharpCoreDBException"/> with <see cref="SharpCoreDBErrorCode.IoError"/>.
/// A failed flush (injected or real) leaves the writes it should have covered unflushed: a later power loss may
/// still drop them, exactly as after a real failed fsync.
/// Reads go straight to the inner device and may run concurrently; writes, resizes and flushes are serialized.
/// </remarks>
public sealed partial class FaultInjectingDevice : IStorageDevice
{
    private readonly IStorageDevice _inner;
    private readonly bool _ownsInner;
    private readonly Lock _gate = new();
    private readonly List<InjectedFault> _writeFaults = [];
    private readonly List<InjectedFault> _flushFaults = [];
    private long _writeCount;
    private long _flushCount;
    private long _successfulFlushCount;
    private long _bytesWritten;
    private int _disposed;

    /// <summary>Wraps <paramref name="inner"/>.</summary>
    /// <param name="inner">The device that really stores the bytes (usually a <see cref="MemoryStorageDevice"/>).</param>
    /// <param name="ownsInner">Dispose <paramref name="inner"/> with this device.</param>
    /// <param name="trackPowerLoss">
    /// Keep a copy of every unflushed write and of the flushed state so <see cref="SimulatePowerLoss"/> works.
    /// Turn off when only the counters or the failures are wanted; it doubles memory use.
    /// </param>
    public FaultInjectingDevice(IStorageDevice inner, bool ownsInner = true, bool trackPowerLoss = true)
    {
        ArgumentNullException.ThrowIfNull(inner);
        _inner = inner;
        _ownsInner = ownsInner;
        if (trackPowerLoss)
        {
            _durable = CopyOf(inner);
        }
    }

    /// <summary>The wrapped device.</summary>
    public IStorageDevice Inner => _inner;

    /// <inheritdoc />
    public string Name => _inner.Name;

    /// <inheritdoc />
    public long Length
    {
        get
        {
            ThrowIfDisposed();
            return _inner.Length;
        }
    }

    /// <summary>Calls to <see cref="Write"/> so far, failed ones included.</summary>
    public long WriteCount => Interlocked.Read(ref _writeCount);

    /// <summary>Calls to <see cref="Flush"/> so far, failed ones included.</summary>
    public long FlushCount => Interlocked.Read(ref _flushCount);

    /// <summary>Calls to <see cref="Flush"/> that succeeded.</summary>
    public long SuccessfulFlushCount => Interlocked.Read(ref _successfulFlushCount);

    /// <summary>Bytes that reached the inner device (the kept part of torn writes included).</summary>
    public long BytesWritten => Interlocked.Read(ref _bytesWritten);

    /// <summary>Makes write number <paramref name="n"/> (1-based, over the device's life) throw; with <paramref name="forever"/> every later write too.</summary>
    /// <param name="n">The write to fail.</param>
    /// <param name="forever">Keep failing from then on.</param>
    public void FailWriteAt(long n, bool forever = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(n, 1);
        lock (_gate)
        {
            _writeFaults.Add(new InjectedFault(n, forever));
        }
    }

    /// <summary>Makes flush number <paramref name="n"/> (1-based, over the device's life) throw; with <paramref name="forever"/> every later flush too.</summary>
    /// <param name="n">The flush to fail.</param>
    /// <param name="forever">Keep failing from then on.</param>
    public void FailFlushAt(long n, bool forever = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(n, 1);
        lock (_gate)
        {
            _flushFaults.Add(new InjectedFault(n, forever));
        }
    }

    /// <summary>
    /// Tears write number <paramref name="n"/>: only its first <paramref name="keepBytes"/> bytes reach the inner
    /// device, then it throws IoError, or returns as if it had succeeded when <paramref name="silent"/>.
    /// </summary>
    /// <param name="n">The write to tear (1-based, over the device's life).</param>
    /// <param name="keepBytes">How many leading bytes to write (capped at the write's length).</param>
    /// <param name="silent">Report success instead of failing.</param>
    public void TearWriteAt(long n, int keepBytes, bool silent = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(n, 1);
        ArgumentOutOfRangeException.ThrowIfNegative(keepBytes);
        lock (_gate)
        {
            _writeFaults.Add(new InjectedFault(n, Forever: false, keepBytes, silent));
        }
    }

    /// <summary>Disarms every fault not yet fired (and every "forever" fault).</summary>
    public void ClearFaults()
    {
        lock (_gate)
        {
            _writeFaults.Clear();
            _flushFaults.Clear();
        }
    }

    /// <inheritdoc />
    public int Read(long offset, Span<byte> destination)
    {
        ThrowIfDisposed();
        return _inner.Read(offset, destination);
    }

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">IoError when an injected fault hits this write.</exception>
    public void Write(long offset, ReadOnlySpan<byte> source)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        lock (_gate)
        {
            ThrowIfDisposed();
            long call = Interlocked.Increment(ref _writeCount);
            InjectedFault? fault = FindFault(_writeFaults, call);
            if (fault is null)
            {
                _inner.Write(offset, source);
                RecordWrite(offset, source);
                return;
            }

            if (fault.TearKeepBytes < 0)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.IoError,
                    $"Injected failure of write #{call} ({source.Length} bytes at offset {offset}) to '{Name}'.");
            }

            ReadOnlySpan<byte> kept = source[..Math.Min(fault.TearKeepBytes, source.Length)];
            _inner.Write(offset, kept);
            RecordWrite(offset, kept);
            if (!fault.Silent)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.IoError,
                    $"Injected torn write #{call} to '{Name}': {kept.Length} of {source.Length} bytes at offset {offset} were written.");
            }
        }
    }

    /// <inheritdoc />
    public void SetLength(long length)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        lock (_gate)
        {
            ThrowIfDisposed();
            _inner.SetLength(length);
            if (_durable is not null)
            {
                _unflushed.Add(new UnflushedOperation(length, null));
            }
        }
    }

    /// <inheritdoc />
    /// <exception cref="SharpCoreDBException">IoError when an injected fault hits this flush.</exception>
    public void Flush()
    {
        lock (_gate)
        {
            ThrowIfDisposed();
            long call = Interlocked.Increment(ref _flushCount);
            if (FindFault(_flushFaults, call) is not null)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.IoError,
                    $"Injected failure of flush #{call} of '{Name}'; writes since the last successful flush are not durable.");
            }

            _inner.Flush();
            Interlocked.Increment(ref _successfulFlushCount);
            MarkDurable();
        }
    }

    /// <summary>Disposes the tracking state, and the inner device when owned.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        lock (_gate)
        {
            _durable?.Dispose();
            _unflushed.Clear();
            if (_ownsInner)
            {
                _inner.Dispose();
            }
        }
    }

    private static InjectedFault? FindFault(List<InjectedFault> faults, long call)
    {
        foreach (InjectedFault fault in faults)
        {
            if (fault.Hits(call))
            {
                return fault;
            }
        }

        return null;
    }

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
}
