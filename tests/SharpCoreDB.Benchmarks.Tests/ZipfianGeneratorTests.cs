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

        // The most frequent ranks are checked one by one (within 5%); the tail as the share of ranks 10 and up.
        for (int k = 0; k < 5; k++)
        {
            double expected = Samples / (Math.Pow(k + 1, Theta) * zeta);
            Assert.True(
                Math.Abs(counts[k] - expected) < expected * 0.05,
                $"seed {seed}: rank {k} drawn {counts[k]} times, expected about {expected:F0}.");
        }

        double tailExpected = 0;
        for (int k = 10; k < Items; k++)
        {
            tailExpected += Samples / (Math.Pow(k + 1, Theta) * zeta);
        }

        int tail = counts.Skip(10).Sum();
        Assert.True(Math.Abs(tail - tailExpected) < tailExpected * 0.05, $"seed {seed}: tail {tail}, expected about {tailExpected:F0}.");
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
}
