namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>
/// Zipfian ranks in [0, n) with skew theta, by the method of Gray et al. ("Quickly generating billion-record synthetic
/// databases", SIGMOD 1994) that YCSB uses: rank 0 is the most frequent, with probability 1/zeta(n, theta). The item
/// count may grow (YCSB's "latest" distribution); zeta is then extended incrementally instead of recomputed.
/// </summary>
internal sealed class ZipfianGenerator
{
    private readonly Random _random;
    private readonly double _theta;
    private readonly double _alpha;
    private readonly double _zeta2;
    private long _items;
    private double _zetaN;
    private double _eta;

    /// <summary>Creates a generator over <paramref name="items"/> ranks.</summary>
    /// <param name="items">The item count (at least 1).</param>
    /// <param name="theta">The skew, in (0, 1); YCSB's default is 0.99.</param>
    /// <param name="seed">The random seed.</param>
    public ZipfianGenerator(long items, double theta, int seed)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(items, 1);
        if (!(theta > 0 && theta < 1))
        {
            throw new ArgumentOutOfRangeException(nameof(theta), theta, "The skew must be in (0, 1).");
        }

        _random = new Random(seed);
        _theta = theta;
        _alpha = 1.0 / (1.0 - theta);
        _zeta2 = 1.0 + Math.Pow(0.5, theta);
        _zetaN = Zeta(0, items, theta, 0);
        _items = items;
        _eta = Eta();
    }

    /// <summary>The current item count.</summary>
    public long Items => _items;

    /// <summary>zeta(n, theta) = sum over i in 1..n of 1 / i^theta, for the current n.</summary>
    public double ZetaN => _zetaN;

    /// <summary>The next rank for the current item count.</summary>
    /// <returns>A rank in [0, <see cref="Items"/>).</returns>
    public long Next()
    {
        double u = _random.NextDouble();
        double uz = u * _zetaN;
        if (uz < 1.0)
        {
            return 0;
        }

        if (uz < _zeta2)
        {
            return 1;
        }

        long rank = (long)(_items * Math.Pow((_eta * u) - _eta + 1.0, _alpha));
        return Math.Min(rank, _items - 1);
    }

    /// <summary>The next rank over <paramref name="items"/> items, growing the item count first when it is larger.</summary>
    /// <param name="items">The item count now (never smaller than before).</param>
    /// <returns>A rank in [0, <paramref name="items"/>).</returns>
    public long Next(long items)
    {
        if (items > _items)
        {
            _zetaN = Zeta(_items, items, _theta, _zetaN);
            _items = items;
            _eta = Eta();
        }

        return Next();
    }

    /// <summary>FNV-1a over the rank's bytes, modulo <paramref name="items"/>: YCSB's scrambling, so the hot items are spread over the key space.</summary>
    /// <param name="rank">A rank.</param>
    /// <param name="items">The item count.</param>
    /// <returns>An item in [0, <paramref name="items"/>).</returns>
    public static long Scramble(long rank, long items)
    {
        const ulong Offset = 0xCBF29CE484222325UL;
        const ulong Prime = 0x100000001B3UL;
        ulong hash = Offset;
        ulong value = (ulong)rank;
        for (int i = 0; i < 8; i++)
        {
            hash ^= value & 0xFF;
            hash *= Prime;
            value >>= 8;
        }

        return (long)(hash % (ulong)items);
    }

    private static double Zeta(long from, long to, double theta, double initial)
    {
        double sum = initial;
        for (long i = from + 1; i <= to; i++)
        {
            sum += 1.0 / Math.Pow(i, theta);
        }

        return sum;
    }

    private double Eta() => (1.0 - Math.Pow(2.0 / _items, 1.0 - _theta)) / (1.0 - (_zeta2 / _zetaN));
}
