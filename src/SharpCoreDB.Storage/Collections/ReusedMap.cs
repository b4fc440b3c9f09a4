namespace SharpCoreDB.Storage.Collections;

/// <summary>Empties a dictionary or set that is kept and reused, without letting one large use slow every later one.</summary>
/// <remarks>
/// <see cref="Dictionary{TKey, TValue}.Clear"/> zeroes the whole bucket array whatever the count, and a dictionary
/// never shrinks by itself: after a bulk load of 100,000 rows in one transaction, every one-row durable update that
/// followed cleared the transaction's dirty-page map and the log writer's page map at their bulk sizes (`perf`: 55
/// samples of user-space memset under those two clears in about 17,000 updates, some 3 µs per update, on the
/// committer's own thread). A map found holding under a quarter of a larger capacity when it is emptied is shrunk,
/// once; one that was about full keeps its size, so a run of large transactions does not reallocate every time.
/// </remarks>
internal static class ReusedMap
{
    /// <summary>Capacity a reused map keeps (or is shrunk to) whatever its use.</summary>
    internal const int KeptCapacity = 256;

    /// <summary>Empties <paramref name="map"/>; shrinks it to <see cref="KeptCapacity"/> when it held under a quarter of a larger capacity.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="map">The map to empty.</param>
    public static void Clear<TKey, TValue>(Dictionary<TKey, TValue> map)
        where TKey : notnull
    {
        bool shrink = ShouldShrink(map.Count, map.Capacity);
        map.Clear();
        if (shrink)
        {
            map.TrimExcess(KeptCapacity);
        }
    }

    /// <summary>Empties <paramref name="set"/>; shrinks it to <see cref="KeptCapacity"/> when it held under a quarter of a larger capacity.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="set">The set to empty.</param>
    public static void Clear<T>(HashSet<T> set)
    {
        bool shrink = ShouldShrink(set.Count, set.Capacity);
        set.Clear();
        if (shrink)
        {
            set.TrimExcess(KeptCapacity);
        }
    }

    // A room past what is kept, held under a quarter full: one large use, not a run of them.
    private static bool ShouldShrink(int count, int capacity) => capacity > KeptCapacity && count < capacity / 4;
}
