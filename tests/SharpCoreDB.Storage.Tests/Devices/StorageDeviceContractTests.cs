using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Devices;

/// <summary>
/// Behaviour every <see cref="IStorageDevice"/> must have. Each implementation derives from this and supplies
/// fresh devices; the oracle for content is a plain byte array maintained next to the device.
/// </summary>
public abstract class StorageDeviceContractTests
{
    /// <summary>Creates a new, empty device.</summary>
    protected abstract IStorageDevice CreateDevice();

    [Fact]
    public void New_device_is_empty()
    {
        using IStorageDevice device = CreateDevice();
        Assert.False(string.IsNullOrEmpty(device.Name));
        Assert.Equal(0, device.Length);
        Assert.Equal(0, device.Read(0, new byte[16]));
    }

    [Fact]
    public void Write_then_read_round_trips_at_offsets()
    {
        using IStorageDevice device = CreateDevice();
        byte[] first = Pattern(1000, 1);
        byte[] second = Pattern(300, 2);
        device.Write(0, first);
        device.Write(500, second);

        byte[] expected = (byte[])first.Clone();
        second.CopyTo(expected, 500);
        Assert.Equal(1000, device.Length);
        Assert.Equal(expected, ReadAll(device));

        byte[] middle = new byte[200];
        Assert.Equal(200, device.Read(450, middle));
        Assert.Equal(expected.AsSpan(450, 200).ToArray(), middle);
    }

    [Fact]
    public void Write_spanning_many_chunks_round_trips()
    {
        using IStorageDevice device = CreateDevice();
        byte[] data = Pattern(300_000, 7);
        device.Write(12_345, data);
        Assert.Equal(12_345 + 300_000, device.Length);

        byte[] back = new byte[data.Length];
        Assert.Equal(data.Length, device.Read(12_345, back));
        Assert.Equal(data, back);
    }

    [Fact]
    public void Sparse_growth_zero_fills_the_gap()
    {
        using IStorageDevice device = CreateDevice();
        device.Write(0, [1, 2, 3]);
        device.Write(200_000, [9]);
        Assert.Equal(200_001, device.Length);

        byte[] gap = new byte[200_000 - 3];
        Array.Fill(gap, (byte)0xAA);
        Assert.Equal(gap.Length, device.Read(3, gap));
        Assert.True(gap.AsSpan().IndexOfAnyExcept((byte)0) < 0, "the gap must read as zeros");
    }

    [Fact]
    public void Read_at_or_past_end_returns_zero_and_read_across_end_is_short()
    {
        using IStorageDevice device = CreateDevice();
        device.Write(0, Pattern(100, 3));
        byte[] buffer = new byte[50];
        Assert.Equal(0, device.Read(100, buffer));
        Assert.Equal(0, device.Read(10_000, buffer));
        Assert.Equal(20, device.Read(80, buffer));
        Assert.Equal(Pattern(100, 3).AsSpan(80, 20).ToArray(), buffer.AsSpan(0, 20).ToArray());
    }

    [Fact]
    public void Empty_write_does_not_grow_the_device()
    {
        using IStorageDevice device = CreateDevice();
        device.Write(0, [1, 2]);
        device.Write(5_000, ReadOnlySpan<byte>.Empty);
        Assert.Equal(2, device.Length);
    }

    [Fact]
    public void SetLength_truncates_and_extends_with_zeros()
    {
        using IStorageDevice device = CreateDevice();
        device.Write(0, Pattern(150_000, 4));

        // Truncate inside a chunk, then extend over the old bytes: they must not reappear.
        device.SetLength(70_001);
        Assert.Equal(70_001, device.Length);
        Assert.Equal(0, device.Read(70_001, new byte[10]));
        device.SetLength(150_000);
        Assert.Equal(150_000, device.Length);

        byte[] all = ReadAll(device);
        Assert.Equal(Pattern(150_000, 4).AsSpan(0, 70_001).ToArray(), all.AsSpan(0, 70_001).ToArray());
        Assert.True(all.AsSpan(70_001).IndexOfAnyExcept((byte)0) < 0, "extended region must read as zeros");

        device.SetLength(0);
        Assert.Equal(0, device.Length);
        device.Write(10, [5]);
        Assert.Equal(new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5 }, ReadAll(device));
    }

    [Fact]
    public void Random_operations_match_a_byte_array_oracle()
    {
        const int Seed = 20240611;
        var rng = new Random(Seed);
        using IStorageDevice device = CreateDevice();
        byte[] oracle = [];
        for (int step = 0; step < 400; step++)
        {
            int choice = rng.Next(10);
            if (choice < 6)
            {
                long offset = rng.Next(0, 140_000);
                byte[] data = new byte[rng.Next(1, 9_000)];
                rng.NextBytes(data);
                device.Write(offset, data);
                if (offset + data.Length > oracle.Length)
                {
                    Array.Resize(ref oracle, (int)offset + data.Length);
                }

                data.CopyTo(oracle, offset);
            }
            else if (choice < 7)
            {
                int length = rng.Next(0, 150_000);
                device.SetLength(length);
                Array.Resize(ref oracle, length);
            }
            else if (choice < 8)
            {
                device.Flush();
            }
            else
            {
                long offset = rng.Next(0, 150_000);
                byte[] buffer = new byte[rng.Next(0, 20_000)];
                int read = device.Read(offset, buffer);
                int expected = (int)Math.Clamp(oracle.Length - offset, 0, buffer.Length);
                Assert.True(read == expected, $"seed {Seed} step {step}: read {read} bytes at {offset}, expected {expected}");
                Assert.True(
                    buffer.AsSpan(0, read).SequenceEqual(oracle.AsSpan((int)Math.Min(offset, oracle.Length), read)),
                    $"seed {Seed} step {step}: content differs at offset {offset}");
            }

            Assert.True(device.Length == oracle.Length, $"seed {Seed} step {step}: length {device.Length}, expected {oracle.Length}");
        }

        Assert.True(ReadAll(device).AsSpan().SequenceEqual(oracle), $"seed {Seed}: final content differs");
    }

    [Fact]
    public void Flush_keeps_content_readable()
    {
        using IStorageDevice device = CreateDevice();
        device.Write(0, Pattern(4096, 5));
        device.Flush();
        device.Flush();
        Assert.Equal(Pattern(4096, 5), ReadAll(device));
    }

    [Fact]
    public void Negative_offsets_and_lengths_are_rejected()
    {
        using IStorageDevice device = CreateDevice();
        Assert.Throws<ArgumentOutOfRangeException>(() => device.Read(-1, new byte[1]));
        Assert.Throws<ArgumentOutOfRangeException>(() => device.Write(-1, new byte[1]));
        Assert.Throws<ArgumentOutOfRangeException>(() => device.SetLength(-1));
    }

    [Fact]
    public void Every_operation_after_dispose_throws_ObjectDisposedException()
    {
        IStorageDevice device = CreateDevice();
        device.Write(0, [1]);
        device.Dispose();
        device.Dispose();

        Assert.Throws<ObjectDisposedException>(() => device.Flush());
        Assert.Throws<ObjectDisposedException>(() => device.Read(0, new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => device.Write(0, new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => device.SetLength(0));
        Assert.Throws<ObjectDisposedException>(() => device.Length);
    }

    [Fact]
    public void Concurrent_readers_all_see_the_written_content()
    {
        const int Seed = 99;
        const int Size = 256 * 1024;
        using IStorageDevice device = CreateDevice();
        byte[] content = Pattern(Size, 11);
        device.Write(0, content);

        var failures = new System.Collections.Concurrent.ConcurrentQueue<string>();
        Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, worker =>
        {
            var rng = new Random(Seed + worker);
            byte[] buffer = new byte[8192];
            for (int i = 0; i < 500; i++)
            {
                int offset = rng.Next(0, Size);
                int length = rng.Next(1, buffer.Length);
                int read = device.Read(offset, buffer.AsSpan(0, length));
                int expected = Math.Min(length, Size - offset);
                if (read != expected || !buffer.AsSpan(0, read).SequenceEqual(content.AsSpan(offset, read)))
                {
                    failures.Enqueue($"seed {Seed + worker} iteration {i}: wrong data at {offset} (+{length})");
                }
            }
        });

        Assert.True(failures.IsEmpty, string.Join(Environment.NewLine, failures));
    }

    /// <summary>A deterministic, position-dependent fill so misplaced bytes are noticed.</summary>
    protected static byte[] Pattern(int length, int salt)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++)
        {
            data[i] = (byte)((i * 31) + (i >> 8) + salt);
        }

        return data;
    }

    /// <summary>Reads the whole device.</summary>
    protected static byte[] ReadAll(IStorageDevice device)
    {
        byte[] all = new byte[device.Length];
        int read = device.Read(0, all);
        Assert.Equal(all.Length, read);
        return all;
    }
}
