using System.Buffers.Binary;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Seeded random inserts, updates (growing and shrinking across the inline/spill boundary and across whole chain
/// pages), deletes and prefix reads of values from 0 to 100 KiB, against a <see cref="SortedDictionary{TKey, TValue}"/>;
/// the store is reopened along the way, plain and encrypted, and the integrity walk accounts for every page.
/// SHARPCOREDB_STRESS=1 runs more seeds and steps.
/// </summary>
public sealed class ValueSpillModelTests
{
    private const int MaxValue = 100 * 1024;

    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    public static TheoryData<int, bool> Cases()
    {
        var data = new TheoryData<int, bool> { { 301, false }, { 302, true } };
        if (s_stress)
        {
            for (int seed = 1300; seed < 1310; seed++)
            {
                data.Add(seed, seed % 2 == 0);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Random_large_values_match_a_sorted_dictionary_across_reopens(int seed, bool encrypted)
    {
        byte[]? key = encrypted ? Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray() : null;
        using var host = new PagerTreeHost(4096, key);
        Run(host, seed, s_stress ? 3_000 : 500, reopenEvery: 120);
        Assert.True(host.Reopens >= 3, $"seed {seed}: the store was reopened only {host.Reopens} times");
    }

    [Fact]
    public void Random_large_values_match_a_sorted_dictionary_on_small_pages()
    {
        using var host = new MemoryTreeHost(512);
        Run(host, 303, s_stress ? 3_000 : 400, reopenEvery: 100);
    }

    private static void Run(TreeHost host, int seed, int steps, int reopenEvery)
    {
        var random = new Random(seed);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        uint root = Tree.Create(host.Tx);
        var tree = new Tree(host.Tx, root);
        int[] boundaries = Boundaries(host.Tx.UsableSize);
        string context = $"seed {seed}, {host.Description}, before step 0";
        try
        {
            for (int step = 0; step < steps; step++)
            {
                context = $"seed {seed}, {host.Description}, step {step}";
                int roll = random.Next(100);
                if (roll < 35 || model.Count == 0)
                {
                    byte[] key = NewKey(random, tree.MaxLocalKeySize);
                    byte[] value = NewValue(random, boundaries);
                    bool expected = !model.ContainsKey(key);
                    Assert.True(tree.TryInsert(key, value) == expected, $"{context}: TryInsert");
                    model.TryAdd(key, value);
                }
                else if (roll < 60)
                {
                    byte[] key = Existing(random, model);
                    byte[] value = NewValue(random, boundaries);
                    Assert.True(tree.Update(key, value), $"{context}: Update of {model[key].Length} bytes to {value.Length}");
                    model[key] = value;
                }
                else if (roll < 78)
                {
                    byte[] key = Existing(random, model);
                    Assert.True(tree.Delete(key), $"{context}: Delete");
                    model.Remove(key);
                }
                else
                {
                    byte[] key = Existing(random, model);
                    AssertPrefixReads(random, tree, key, model[key], context);
                }

                if (step % 50 == 49)
                {
                    TreeOracle.AssertMatches(tree, model, context, host);
                }

                if (step % reopenEvery == reopenEvery - 1)
                {
                    host.CommitAndReopen();
                    tree = new Tree(host.Tx, root);
                    TreeOracle.AssertMatches(tree, model, $"{context}, after reopen", host);
                }
            }

            TreeOracle.AssertMatches(tree, model, $"seed {seed}, {host.Description}, end", host);
            TreeOracle.AssertEmptiesToRoot(tree, model, $"seed {seed}, {host.Description}", host);
        }
        catch (Exception e) when (e is not Xunit.Sdk.XunitException)
        {
            throw new InvalidOperationException($"{context}: {e.Message}", e);
        }
    }

    /// <summary>Reads the local part and random prefixes of the value through a cursor; each must match the model.</summary>
    private static void AssertPrefixReads(Random random, Tree tree, byte[] key, byte[] expected, string context)
    {
        using BTreeCursor cursor = tree.OpenCursor();
        Assert.True(cursor.SeekExact(key), $"{context}: SeekExact");
        ReadOnlySpan<byte> local = cursor.LocalValue;
        Assert.True(local.SequenceEqual(expected.AsSpan(0, local.Length)), $"{context}: local prefix of {local.Length} bytes differs");
        Assert.Equal(local.Length == expected.Length, cursor.IsValueInline);
        for (int i = 0; i < 3; i++)
        {
            int length = random.Next(expected.Length + 1);
            byte[] read = new byte[length];
            cursor.CopyValuePrefixTo(read);
            Assert.True(read.AsSpan().SequenceEqual(expected.AsSpan(0, length)), $"{context}: prefix of {length} of {expected.Length} bytes differs");
        }
    }

    /// <summary>Sizes where the rule changes: the inline limit and whole numbers of chain pages, for an 8-byte key.</summary>
    private static int[] Boundaries(int usable)
    {
        int largestInline = 0;
        while (true)
        {
            ValueSpill.LocalLength(usable, 9, largestInline + 1, out bool spills);
            if (spills)
            {
                break;
            }

            largestInline++;
        }

        var sizes = new List<int> { largestInline };
        for (int k = 1; ValueSpill.MinLocal(usable) + (k * ValueSpill.ChunkSize(usable)) < MaxValue; k++)
        {
            sizes.Add(ValueSpill.MinLocal(usable) + (k * ValueSpill.ChunkSize(usable)));
        }

        return [.. sizes];
    }

    private static byte[] NewValue(Random random, int[] boundaries)
    {
        int roll = random.Next(10);
        int size = roll switch
        {
            < 4 => random.Next(0, 3_000),
            < 7 => Math.Max(0, boundaries[random.Next(boundaries.Length)] + random.Next(-3, 4)),
            _ => random.Next(0, MaxValue + 1),
        };

        byte[] value = new byte[size];
        random.NextBytes(value);
        return value;
    }

    private static byte[] NewKey(Random random, int maxLocalKey)
    {
        if (random.Next(10) == 0)
        {
            // A long key (sometimes past the local key limit) leaves less room for the value's local part.
            byte[] longKey = new byte[random.Next(9, maxLocalKey * 2)];
            random.NextBytes(longKey);
            return longKey;
        }

        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, random.Next(400));
        return key;
    }

    private static byte[] Existing(Random random, SortedDictionary<byte[], byte[]> model) =>
        model.Keys.ElementAt(random.Next(model.Count));
}
