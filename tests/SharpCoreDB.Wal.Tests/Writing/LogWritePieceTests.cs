using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Wal.Tests.Support;
using SharpCoreDB.Wal.Writing;

namespace SharpCoreDB.Wal.Tests.Writing;

/// <summary>
/// The log reaches its device in pieces of at most <see cref="WalLogFile.WritePiece"/> bytes that do not cross a multiple
/// of it, for frames and for the zeros of a growth step alike: Linux sizes a page-cache folio by the write that creates
/// it, and a one-megabyte write left folios that every later 4 KB frame written over them paid for in full.
/// </summary>
public sealed class LogWritePieceTests
{
    [Theory]
    [InlineData(DurabilityMode.Legacy)]
    [InlineData(DurabilityMode.FullSync)]
    public void No_write_to_the_log_is_larger_than_a_piece_or_crosses_a_piece_boundary(DurabilityMode mode)
    {
        using var memory = new MemoryStorageDevice("wal");
        var device = new WriteRecordingDevice(memory);
        using (var log = new FrameLog(device, mode))
        {
            // A small commit, then 600 pages (about 2.4 MiB of frames, past two growth steps), then a small one again.
            log.Commit(1, 2);
            log.Commit([.. Enumerable.Range(1, 600).Select(i => (uint)i)]);
            log.Commit(7);
            log.Flush();
        }

        Assert.All(device.Writes, write =>
        {
            Assert.InRange(write.Length, 1, WalLogFile.WritePiece);
            Assert.Equal(write.Offset / WalLogFile.WritePiece, (write.Offset + write.Length - 1) / WalLogFile.WritePiece);
        });
        Assert.True(device.Writes.Count >= 600 * FrameLog.PageSize / WalLogFile.WritePiece, $"{device.Writes.Count} writes");
        Assert.Equal(603, FrameLog.Scan(memory).Frames.Count);
    }

    // Records the offset and length of every write it passes on.
    private sealed class WriteRecordingDevice(IStorageDevice inner) : IStorageDevice
    {
        public List<(long Offset, int Length)> Writes { get; } = [];

        public string Name => inner.Name;

        public long Length => inner.Length;

        public int Read(long offset, Span<byte> destination) => inner.Read(offset, destination);

        public void Write(long offset, ReadOnlySpan<byte> source)
        {
            lock (Writes)
            {
                Writes.Add((offset, source.Length));
            }

            inner.Write(offset, source);
        }

        public void SetLength(long length) => inner.SetLength(length);

        public void Flush() => inner.Flush();

        public void Dispose()
        {
            // The test owns the device underneath and scans it after the log is closed.
        }
    }
}
