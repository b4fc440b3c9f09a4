using BenchmarkDotNet.Attributes;
using SharpCoreDB.Benchmarks.Support;
using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Benchmarks.GroupCommit;

/// <summary>
/// The disk's own rate for what a Legacy commit costs at least: write one frame (4,096-byte page plus 32-byte
/// header) and fdatasync it, 1,024 times per invocation on one thread, either appending (the file grows, as a new
/// log does) or overwriting blocks already allocated (as a log does after its first restart, when fdatasync has
/// no file size to journal). Run with <see cref="WalCommitBenchmarks"/> so the figures come from the same disk in
/// the same run.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(CommitJobConfig))]
public class RawSyncBenchmarks
{
    private const int Appends = 1024;

    // Fewer only in tiny mode (the rot test), where figures do not matter.
    private static int ScaledAppends => BenchScale.Operations(Appends, 1);
    private const int FrameLength = 4096 + 32;

    private BenchmarkDirectory? _directory;
    private FileStorageDevice? _device;
    private readonly byte[] _frame = new byte[FrameLength];
    private long _end;

    /// <summary>Creates the file.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _directory = BenchmarkDirectory.Create("raw-sync");
        _device = FileStorageDevice.Open(_directory.File("append.bin"));
        new Random(7).NextBytes(_frame);
    }

    /// <summary>Deletes the file.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _device?.Dispose();
        _directory?.Dispose();
    }

    /// <summary>Cuts the file back, so every iteration of <see cref="AppendAndSync"/> appends.</summary>
    [IterationSetup(Target = nameof(AppendAndSync))]
    public void Truncate()
    {
        _device!.SetLength(0);
        _device.Flush();
        _end = 0;
    }

    /// <summary>1,024 × (append one frame, fdatasync).</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark(OperationsPerInvoke = Appends)]
    public long AppendAndSync()
    {
        FileStorageDevice device = _device!;
        for (int i = 0; i < ScaledAppends; i++)
        {
            device.Write(_end, _frame);
            device.Flush();
            _end += FrameLength;
        }

        return _end;
    }

    /// <summary>Fills the file once, so every iteration of <see cref="OverwriteAndSync"/> rewrites allocated blocks.</summary>
    [IterationSetup(Target = nameof(OverwriteAndSync))]
    public void Prefill()
    {
        FileStorageDevice device = _device!;
        if (device.Length < (long)Appends * FrameLength)
        {
            for (int i = 0; i < Appends; i++)
            {
                device.Write((long)i * FrameLength, _frame);
            }

            device.Flush();
        }
    }

    /// <summary>1,024 × (overwrite one frame in place, fdatasync).</summary>
    /// <returns>The bytes written.</returns>
    [Benchmark(OperationsPerInvoke = Appends)]
    public long OverwriteAndSync()
    {
        FileStorageDevice device = _device!;
        long offset = 0;
        for (int i = 0; i < ScaledAppends; i++)
        {
            device.Write(offset, _frame);
            device.Flush();
            offset += FrameLength;
        }

        return offset;
    }
}
