using System.Buffers;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Recovery;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// The log writer's frame buffer: up to <see cref="WalWriter.KeptBufferBytes"/> it comes from the pool and stays with
/// the writer; a larger one, grown for large groups, is dropped after the first group that fits in the kept size and
/// never given to the pool. The
/// shared pool keeps what it is given for the life of the process: one bulk commit of 16 MiB used to leave a 32 MiB
/// frame buffer held there for good, a quarter of the large-object heap after the large-value benchmark.
/// </summary>
public sealed class FrameBufferPoolTests
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    [InlineData(DurabilityMode.Async)]
    public void A_group_larger_than_the_kept_buffer_gives_the_pool_nothing_larger(DurabilityMode mode)
    {
        var pool = new RecordingPool();
        using var device = new MemoryStorageDevice("wal");
        using (var log = new FrameLog(device, mode, framePool: pool))
        {
            // Small commits first (a buffer the writer keeps), then one of 600 pages: about 2.4 MiB of frames.
            for (uint i = 1; i <= 5; i++)
            {
                log.Commit(i, i + 1);
            }

            uint[] pages = [.. Enumerable.Range(1, 600).Select(i => (uint)i)];
            log.Commit(pages);
            log.Commit(7, 8);
            log.Flush();
        }

        Assert.True(pool.LargestReturned <= WalWriter.KeptBufferBytes, $"the pool was given a {pool.LargestReturned:N0}-byte frame buffer");
        Assert.True(pool.LargestRented <= WalWriter.KeptBufferBytes, $"the pool was asked for a {pool.LargestRented:N0}-byte frame buffer");
        Assert.True(pool.LargestRented > 0, "the small commits' buffer comes from the pool");

        // Every frame of every commit is in the log, the large one included.
        WalScanResult scan = FrameLog.Scan(device);
        Assert.Equal(7ul, scan.LastSequence);
        Assert.Equal((5 * 2) + 600 + 2, scan.Frames.Count);
    }

    // Hands out fresh arrays and records the largest size asked for and given back.
    private sealed class RecordingPool : ArrayPool<byte>
    {
        private int _largestRented;
        private int _largestReturned;

        public int LargestRented => Volatile.Read(ref _largestRented);

        public int LargestReturned => Volatile.Read(ref _largestReturned);

        public override byte[] Rent(int minimumLength)
        {
            Raise(ref _largestRented, minimumLength);
            return new byte[minimumLength];
        }

        public override void Return(byte[] array, bool clearArray = false) => Raise(ref _largestReturned, array.Length);

        private static void Raise(ref int largest, int value)
        {
            int seen = Volatile.Read(ref largest);
            while (value > seen)
            {
                int found = Interlocked.CompareExchange(ref largest, value, seen);
                if (found == seen)
                {
                    return;
                }

                seen = found;
            }
        }
    }
}
