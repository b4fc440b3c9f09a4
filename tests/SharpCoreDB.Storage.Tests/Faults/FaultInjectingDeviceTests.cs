using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Faults;

public sealed class FaultInjectingDeviceTests
{
    [Fact]
    public void Write_fails_at_exactly_the_Nth_call_once()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.FailWriteAt(3);
        device.Write(0, [1]);
        device.Write(1, [2]);
        var ex = Assert.Throws<SharpCoreDBException>(() => device.Write(2, [3]));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("write #3", ex.Message, StringComparison.Ordinal);
        device.Write(3, [4]);

        Assert.Equal(4, device.WriteCount);
        Assert.Equal(3, device.BytesWritten);
        Assert.Equal(new byte[] { 1, 2, 0, 4 }, ((MemoryStorageDevice)device.Inner).ToArray());
    }

    [Fact]
    public void Write_fails_forever_from_the_Nth_call()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.FailWriteAt(2, forever: true);
        device.Write(0, [1]);
        for (int i = 0; i < 5; i++)
        {
            Assert.Throws<SharpCoreDBException>(() => device.Write(1, [2]));
        }

        Assert.Equal(1, device.Length);
        device.ClearFaults();
        device.Write(1, [2]);
        Assert.Equal(2, device.Length);
    }

    [Fact]
    public void Flush_fails_at_exactly_the_Nth_call_once()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.FailFlushAt(2);
        device.Flush();
        var ex = Assert.Throws<SharpCoreDBException>(() => device.Flush());
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("flush #2", ex.Message, StringComparison.Ordinal);
        device.Flush();

        Assert.Equal(3, device.FlushCount);
        Assert.Equal(2, device.SuccessfulFlushCount);
    }

    [Fact]
    public void Flush_fails_forever_from_the_Nth_call()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.FailFlushAt(1, forever: true);
        for (int i = 0; i < 3; i++)
        {
            Assert.Throws<SharpCoreDBException>(() => device.Flush());
        }

        Assert.Equal(3, device.FlushCount);
        Assert.Equal(0, device.SuccessfulFlushCount);
    }

    [Fact]
    public void Torn_write_keeps_its_prefix_and_throws()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.TearWriteAt(1, keepBytes: 3);
        var ex = Assert.Throws<SharpCoreDBException>(() => device.Write(10, [1, 2, 3, 4, 5]));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("3 of 5 bytes", ex.Message, StringComparison.Ordinal);

        Assert.Equal(13, device.Length);
        Assert.Equal(3, device.BytesWritten);
        byte[] back = new byte[3];
        device.Read(10, back);
        Assert.Equal(new byte[] { 1, 2, 3 }, back);
    }

    [Fact]
    public void Silent_torn_write_keeps_its_prefix_and_reports_success()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.Write(0, new byte[8]);
        device.TearWriteAt(2, keepBytes: 2, silent: true);
        device.Write(0, [9, 9, 9, 9]);
        Assert.Equal(new byte[] { 9, 9, 0, 0, 0, 0, 0, 0 }, ((MemoryStorageDevice)device.Inner).ToArray());
        Assert.Equal(10, device.BytesWritten);
    }

    [Fact]
    public void Counters_count_calls_and_bytes()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice(), trackPowerLoss: false);
        device.Write(0, new byte[100]);
        device.Write(50, new byte[100]);
        device.Flush();
        Assert.Equal(2, device.WriteCount);
        Assert.Equal(200, device.BytesWritten);
        Assert.Equal(1, device.FlushCount);
        Assert.Equal(0, device.UnflushedOperationCount);
    }

    [Fact]
    public void Power_loss_needs_tracking()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice(), trackPowerLoss: false);
        Assert.Throws<InvalidOperationException>(() => device.SimulatePowerLoss(new Random(1), PowerLossPolicy.Default));
    }

    [Fact]
    public void Inner_is_disposed_only_when_owned()
    {
        var owned = new MemoryStorageDevice();
        new FaultInjectingDevice(owned).Dispose();
        Assert.Throws<ObjectDisposedException>(() => owned.Length);

        using var shared = new MemoryStorageDevice();
        new FaultInjectingDevice(shared, ownsInner: false).Dispose();
        Assert.Equal(0, shared.Length);
    }

    [Fact]
    public void Wraps_a_file_device_and_snapshots_its_existing_content()
    {
        using var directory = new Devices.TempDirectory();
        string path = directory.File("wrapped.scdb");
        using (FileStorageDevice file = FileStorageDevice.Open(path))
        {
            file.Write(0, [1, 2, 3]);
            file.Flush();
        }

        using var device = new FaultInjectingDevice(FileStorageDevice.Open(path));
        device.Write(3, [4]);
        using MemoryStorageDevice image = device.SimulatePowerLoss(new Random(1), PowerLossPolicy.DropAll);
        Assert.Equal(new byte[] { 1, 2, 3 }, image.ToArray());
        Assert.Equal(device.Name, image.Name);
    }
}
