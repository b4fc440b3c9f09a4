using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Devices;

public sealed class MemoryStorageDeviceTests : StorageDeviceContractTests
{
    protected override IStorageDevice CreateDevice() => new MemoryStorageDevice();

    [Fact]
    public void Default_name_is_memory_and_a_given_name_is_kept()
    {
        using var anonymous = new MemoryStorageDevice();
        using var named = new MemoryStorageDevice("wal-image");
        Assert.Equal(":memory:", anonymous.Name);
        Assert.Equal("wal-image", named.Name);
    }

    [Fact]
    public void Constructor_from_bytes_and_ToArray_round_trip()
    {
        byte[] content = Pattern(100_000, 9);
        using var device = new MemoryStorageDevice(content, "copy");
        Assert.Equal(content.Length, device.Length);
        Assert.Equal(content, device.ToArray());

        // The device owns a copy: changing the source array later must not change it.
        content[0] ^= 0xFF;
        Assert.NotEqual(content[0], device.ToArray()[0]);
    }

    [Fact]
    public void Clone_is_independent_of_the_original()
    {
        using var original = new MemoryStorageDevice(Pattern(70_000, 1));
        using MemoryStorageDevice clone = original.Clone("clone");
        original.Write(0, [0xEE]);
        clone.SetLength(10);

        Assert.Equal("clone", clone.Name);
        Assert.Equal(70_000, original.Length);
        Assert.Equal(Pattern(70_000, 1).AsSpan(0, 10).ToArray(), clone.ToArray());
        Assert.Equal(0xEE, original.ToArray()[0]);
    }

    [Fact]
    public void Grows_past_sixteen_megabytes_keeping_earlier_content()
    {
        using var device = new MemoryStorageDevice();
        byte[] head = Pattern(4096, 2);
        device.Write(0, head);
        for (long offset = 4096; offset < 17L * 1024 * 1024; offset += 1024 * 1024)
        {
            device.Write(offset, head);
        }

        device.Write(17L * 1024 * 1024, [42]);
        Assert.Equal((17L * 1024 * 1024) + 1, device.Length);
        byte[] back = new byte[4096];
        device.Read(0, back);
        Assert.Equal(head, back);
        device.Read((16L * 1024 * 1024) + 4096, back);
        Assert.Equal(head, back);
    }

    [Fact]
    public async Task Readers_never_observe_half_of_a_concurrent_write()
    {
        const int Size = 8192;

        // Straddle a chunk boundary so a write touches two chunks.
        const long Offset = 65536 - 4096;
        using var device = new MemoryStorageDevice();
        device.Write(Offset, new byte[Size]);

        using var stop = new CancellationTokenSource();
        var writer = Task.Run(() =>
        {
            byte[] block = new byte[Size];
            for (int i = 1; i <= 3000; i++)
            {
                Array.Fill(block, (byte)i);
                device.Write(Offset, block);
            }

            stop.Cancel();
        });

        var failures = new System.Collections.Concurrent.ConcurrentQueue<string>();
        Parallel.For(0, 2, _ =>
        {
            byte[] buffer = new byte[Size];
            int reads = 0;
            while (!stop.IsCancellationRequested || reads == 0)
            {
                device.Read(Offset, buffer);
                reads++;
                if (buffer.AsSpan().IndexOfAnyExcept(buffer[0]) >= 0)
                {
                    failures.Enqueue($"read {reads} saw a mix of two writes");
                    return;
                }
            }
        });

        await writer;
        Assert.True(failures.IsEmpty, string.Join(Environment.NewLine, failures));
    }

    [Fact]
    public void Dispose_makes_ToArray_and_Clone_throw()
    {
        var device = new MemoryStorageDevice(new byte[10]);
        device.Dispose();
        Assert.Throws<ObjectDisposedException>(() => device.ToArray());
        Assert.Throws<ObjectDisposedException>(() => device.Clone());
    }
}
