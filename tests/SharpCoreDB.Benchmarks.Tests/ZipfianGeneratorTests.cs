using SharpCoreDB.Benchmarks.Ycsb;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>The YCSB key generator against the zipf law it claims (the oracle: p(rank k) = 1 / ((k+1)^theta * zeta(n))).</summary>
public sealed class ZipfianGeneratorTests
{
    private const double Theta = 0.99;

    [Fact]
    public void Ranks_follow_the_zipf_law_with_skew_0_99()
    {
        const int Items = 1000;
        const int Samples = 400_000;
        int seed = Environment.TickCount;
        var generator = new ZipfianGenerator(Items, Theta, seed);
        var counts = new int[Items];
        for (int i = 0; i < Samples; i++)
        {
            long rank = generator.Next();
            Assert.InRange(rank, 0, Items - 1);
            counts[rank]++;
        }

        double zeta = 0;
        for (int k = 1; k <= Items; k++)
        {
            zeta += 1.0 / Math.Pow(k, Theta);
        }

        Assert.Equal(zeta, generator.ZetaN, 9);

        // Gray's method draws ranks 0 and 1 exactly and the rest by a continuous approximation, which is close in
        // aggregate (YCSB relies on that) but off by up to ~15% on single ranks just above 1. So: ranks 0 and 1 one by
        // one, then the mass of each block of ranks [10, 100) and [100, 1000).
        for (int k = 0; k < 2; k++)
        {
            AssertNear(counts[k], Expected(k, k + 1), seed, $"rank {k}");
        }

        AssertNear(counts.Skip(10).Take(90).Sum(), Expected(10, 100), seed, "ranks 10..99");
        AssertNear(counts.Skip(100).Sum(), Expected(100, Items), seed, "ranks 100..999");

        double Expected(int from, int to)
        {
            double sum = 0;
            for (int k = from; k < to; k++)
            {
                sum += Samples / (Math.Pow(k + 1, Theta) * zeta);
            }

            return sum;
        }
    }

    [Fact]
    public void Growing_the_item_count_extends_zeta_as_a_fresh_generator_would()
    {
        var grown = new ZipfianGenerator(100, Theta, seed: 1);
        for (long items = 101; items <= 5_000; items += 37)
        {
            Assert.InRange(grown.Next(items), 0, items - 1);
        }

        var fresh = new ZipfianGenerator(grown.Items, Theta, seed: 1);
        Assert.Equal(fresh.ZetaN, grown.ZetaN, 9);
    }

    [Fact]
    public void Scrambled_keys_stay_in_the_key_space_and_spread_the_hot_ranks()
    {
        const long Items = 100_000;
        var seen = new HashSet<long>();
        for (long rank = 0; rank < 100; rank++)
        {
            long key = ZipfianGenerator.Scramble(rank, Items);
            Assert.InRange(key, 0, Items - 1);
            seen.Add(key / 1000);
        }

        // The 100 hottest ranks land in many different thousands of the key space, not next to each other.
        Assert.True(seen.Count > 50, $"the hot ranks fell in only {seen.Count} of 100 key blocks");
    }

    private static void AssertNear(int actual, double expected, int seed, string what) =>
        Assert.True(
            Math.Abs(actual - expected) < expected * 0.06,
            $"seed {seed}: {what} drawn {actual} times, expected about {expected:F0} (within 6%).");
}
