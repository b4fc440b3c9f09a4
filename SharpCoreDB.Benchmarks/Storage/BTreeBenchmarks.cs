using SharpCoreDB.Benchmarks.Support;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Benchmarks.Storage;

/// <summary>
/// The B+tree on its own, over an in-memory page transaction with 4 KiB pages: 100,000 keys of 16 bytes with
/// 100-byte values. Each benchmark reports per-entry figures (OperationsPerInvoke), so Mean is the time of one
/// insert, lookup or scanned entry and Allocated is bytes per entry.
/// </summary>
[MemoryDiagnoser]
public class BTreeBenchmarks
{
    private const int Count = 100_000;
    private const int PageSize = 4096;

    private readonly byte[] _value = new byte[100];
    private readonly byte[] _lookupBuffer = new byte[128];
    private byte[][] _keys = [];
    private int[] _lookupOrder = [];
    private BTree? _tree;

    [GlobalSetup]
    public void Setup()
    {
        // Fewer keys only in tiny mode (the rot test), where figures do not matter.
        int count = BenchScale.Records(Count);
        _keys = new byte[count][];
        for (int i = 0; i < count; i++)
        {
            byte[] key = new byte[16];
            EncodeKey(i, key);
            _keys[i] = key;
        }

        new Random(42).NextBytes(_value);
        _lookupOrder = Enumerable.Range(0, count).ToArray();
        new Random(7).Shuffle(_lookupOrder);
        _tree = Fill(out _);
    }

    /// <summary>Ascending inserts into an empty tree, all in one transaction.</summary>
    [Benchmark(OperationsPerInvoke = Count)]
    public int AscendingInsert()
    {
        Fill(out BenchmarkPageTransaction tx);
        return tx.PageCount;
    }

    /// <summary>
    /// Point lookups in random order on a warm tree, copying each value into a reused buffer. Each key is encoded
    /// into a reused buffer, as the SQL layer does, so the benchmark's own key array adds no cache misses.
    /// </summary>
    [Benchmark(OperationsPerInvoke = Count)]
    public int RandomLookup()
    {
        BTree tree = _tree!;
        Span<byte> key = stackalloc byte[16];
        int total = 0;
        foreach (int i in _lookupOrder)
        {
            EncodeKey(i, key);
            tree.TryGet(key, _lookupBuffer, out int length);
            total += length;
        }

        return total;
    }

    /// <summary>A full ascending scan with a cursor, reading every key and inline value in place.</summary>
    [Benchmark(OperationsPerInvoke = Count)]
    public long AscendingScan()
    {
        using BTreeCursor cursor = _tree!.OpenCursor();
        long total = 0;
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            total += cursor.Key[15] + cursor.InlineValue.Length;
        }

        return total;
    }

    /// <summary>Order-preserving like an encoded row id: the big-endian number first, then filler.</summary>
    private static void EncodeKey(long i, Span<byte> key)
    {
        BinaryPrimitives.WriteInt64BigEndian(key, i);
        BinaryPrimitives.WriteInt64BigEndian(key.Slice(8), ~i);
    }

    private BTree Fill(out BenchmarkPageTransaction tx)
    {
        tx = new BenchmarkPageTransaction(PageSize);
        var tree = new BTree(tx, BTree.Create(tx));
        foreach (byte[] key in _keys)
        {
            tree.TryInsert(key, _value);
        }

        return tree;
    }
}
