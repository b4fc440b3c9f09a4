using System.Buffers.Binary;
using System.Numerics;
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Benchmarks.Storage;

/// <summary>
/// CRC32C of one 4 KiB page, as every page write and every cache miss computes it (and the log writer, once more per
/// frame for the log's checksum chain): the engine's three-chain <see cref="Crc32C"/> against one dependent chain of
/// the same 8-byte CRC instruction, the baseline.
/// </summary>
[MemoryDiagnoser]
public class ChecksumBenchmarks
{
    private readonly byte[] _page = new byte[4096];

    /// <summary>Fills the page with seeded random bytes.</summary>
    [GlobalSetup]
    public void Setup() => new Random(17).NextBytes(_page);

    /// <summary>One chain: each instruction waits for the one before.</summary>
    /// <returns>The checksum.</returns>
    [Benchmark(Baseline = true)]
    public uint SingleChain()
    {
        uint state = Crc32C.Seed;
        ReadOnlySpan<byte> data = _page;
        while (data.Length >= sizeof(ulong))
        {
            state = BitOperations.Crc32C(state, BinaryPrimitives.ReadUInt64LittleEndian(data));
            data = data[sizeof(ulong)..];
        }

        return Crc32C.Finish(state);
    }

    /// <summary>The engine's checksum.</summary>
    /// <returns>The checksum.</returns>
    [Benchmark]
    public uint ThreeChains() => Crc32C.Compute(_page);
}
