namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// A small lock-free pool of keyed primitives (<see cref="System.Security.Cryptography.AesGcm"/>, an HMAC) that are
/// not thread-safe but cost a key setup to create: one instance per processor, taken with an exchange and put back.
/// </summary>
/// <remarks>
/// Creating the instance is what costs (key schedule, native context); using a pooled one is only the operation
/// itself. Only when more threads than processors are inside at once is an extra instance created, and it is disposed
/// again on return, so the steady state allocates nothing. <see cref="Created"/> counts the instances made, so tests
/// can check that work reuses them instead of setting the key up per call.
/// </remarks>
/// <typeparam name="T">The pooled primitive.</typeparam>
internal sealed class KeyedInstancePool<T>
    where T : class, IDisposable
{
    private readonly T?[] _pool;
    private readonly Func<T> _create;
    private long _created;
    private volatile bool _disposed;

    /// <summary>Creates a pool; the first instance is made at once, so a bad key fails here rather than at first use.</summary>
    /// <param name="create">Makes a new instance over the owner's key.</param>
    public KeyedInstancePool(Func<T> create)
    {
        _create = create;
        _pool = new T?[Math.Max(2, Environment.ProcessorCount)];
        _pool[0] = Create();
    }

    /// <summary>Instances created so far (the first one, plus one per rent that found the pool empty).</summary>
    public long Created => Interlocked.Read(ref _created);

    /// <summary>Takes an instance: a pooled one if any, else a new one.</summary>
    /// <param name="owner">The owner, for <see cref="ObjectDisposedException"/>.</param>
    /// <returns>An instance the caller alone uses until <see cref="Return"/>.</returns>
    public T Rent(object owner)
    {
        ObjectDisposedException.ThrowIf(_disposed, owner);

        // Start at a per-thread slot so concurrent threads rarely contend for the same one.
        int start = Environment.CurrentManagedThreadId % _pool.Length;
        for (int i = 0; i < _pool.Length; i++)
        {
            T? instance = Interlocked.Exchange(ref _pool[(start + i) % _pool.Length], null);
            if (instance is not null)
            {
                return instance;
            }
        }

        return Create();
    }

    /// <summary>Puts an instance back, or disposes it when the pool is full or disposed.</summary>
    /// <param name="instance">An instance from <see cref="Rent"/>, in a clean state.</param>
    public void Return(T instance)
    {
        if (!_disposed)
        {
            int start = Environment.CurrentManagedThreadId % _pool.Length;
            for (int i = 0; i < _pool.Length; i++)
            {
                int slot = (start + i) % _pool.Length;
                if (Interlocked.CompareExchange(ref _pool[slot], instance, null) is null)
                {
                    // Dispose may have emptied the pool between the check above and this store.
                    if (_disposed && Interlocked.CompareExchange(ref _pool[slot], null, instance) == instance)
                    {
                        instance.Dispose();
                    }

                    return;
                }
            }
        }

        instance.Dispose();
    }

    /// <summary>Disposes every pooled instance; instances rented now are disposed when they come back.</summary>
    public void Dispose()
    {
        _disposed = true;
        for (int i = 0; i < _pool.Length; i++)
        {
            Interlocked.Exchange(ref _pool[i], null)?.Dispose();
        }
    }

    private T Create()
    {
        T instance = _create();
        Interlocked.Increment(ref _created);
        return instance;
    }
}
