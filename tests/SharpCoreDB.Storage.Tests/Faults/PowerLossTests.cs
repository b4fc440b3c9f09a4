using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>
/// Power-loss simulation against an oracle the test keeps itself: the content at the last successful flush and
/// the list of operations issued since.
/// </summary>
public sealed class PowerLossTests
{
    private const int SectorSize = 512;

    private static int SeedCount => Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 5_000 : 150;

    [Fact]
    public void DropAll_yields_exactly_the_last_flushed_state()
    {
        for (int seed = 1; seed <= SeedCount; seed++)
        {
            using var workload = new Workload(seed, withResizes: true);
            using MemoryStorageDevice image = workload.Device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.DropAll);
            Assert.True(image.ToArray().AsSpan().SequenceEqual(workload.Durable), $"seed {seed}: image differs from the flushed state");
        }
    }

    [Fact]
    public void KeepAll_yields_the_current_content()
    {
        for (int seed = 1; seed <= SeedCount; seed++)
        {
            using var workload = new Workload(seed, withResizes: true);
            using MemoryStorageDevice image = workload.Device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.KeepAll);
            Assert.True(image.ToArray().AsSpan().SequenceEqual(workload.Current), $"seed {seed}: image differs from the current content");
        }
    }

    [Fact]
    public void Power_loss_never_changes_bytes_outside_unflushed_writes()
    {
        // Independent of the reported decisions: flushed bytes that no later write touched must survive as they were.
        for (int seed = 1; seed <= SeedCount; seed++)
        {
            using var workload = new Workload(seed, withResizes: false);
            using MemoryStorageDevice image = workload.Device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.Default);
            byte[] after = image.ToArray();
            int extent = Math.Max(after.Length, workload.Durable.Length);
            foreach ((long offset, byte[]? data) in workload.Pending)
            {
                extent = Math.Max(extent, (int)offset + data!.Length);
            }

            bool[] touched = new bool[extent];
            foreach ((long offset, byte[]? data) in workload.Pending)
            {
                touched.AsSpan((int)offset, data!.Length).Fill(true);
            }

            Assert.True(after.Length >= workload.Durable.Length, $"seed {seed}: image shorter than the flushed state");
            Assert.True(after.Length == workload.Durable.Length || touched[after.Length - 1], $"seed {seed}: the image ends at {after.Length}, where no unflushed write ended");
            for (int i = 0; i < after.Length; i++)
            {
                // Past the flushed end, bytes no write covered are the zero-filled gap before a surviving write.
                byte flushed = i < workload.Durable.Length ? workload.Durable[i] : (byte)0;
                Assert.True(touched[i] || after[i] == flushed, $"seed {seed}: byte {i} changed though no unflushed write covered it");
            }
        }
    }

    [Fact]
    public void Image_matches_the_reported_decisions_and_tears_only_at_sector_boundaries()
    {
        var seen = new HashSet<PowerLossOutcome>();
        for (int seed = 1; seed <= SeedCount; seed++)
        {
            using var workload = new Workload(seed, withResizes: true);
            var decisions = new List<PowerLossDecision>();
            using MemoryStorageDevice image = workload.Device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.Default, decisions);

            Assert.True(decisions.Count == workload.Pending.Count, $"seed {seed}: {decisions.Count} decisions for {workload.Pending.Count} operations");
            byte[] expected = (byte[])workload.Durable.Clone();
            bool[] unknown = new bool[expected.Length];
            for (int i = 0; i < decisions.Count; i++)
            {
                PowerLossDecision decision = decisions[i];
                (long offset, byte[]? data) = workload.Pending[i];
                seen.Add(decision.Outcome);
                string where = $"seed {seed} operation {i}";
                Assert.True(decision.Offset == offset && decision.IsResize == (data is null), $"{where}: decision does not match the operation");
                if (data is null)
                {
                    Assert.True(decision.Outcome is PowerLossOutcome.Kept or PowerLossOutcome.Dropped, $"{where}: a resize was {decision.Outcome}");
                    if (decision.Outcome == PowerLossOutcome.Kept)
                    {
                        Array.Resize(ref expected, (int)offset);
                        Array.Resize(ref unknown, (int)offset);
                    }

                    continue;
                }

                Assert.True(decision.Length == data.Length, $"{where}: wrong length");
                CheckShape(decision, where);
                int landed = decision.KeptBytes + decision.GarbageBytes;
                if (landed == 0)
                {
                    continue;
                }

                int end = (int)offset + landed;
                if (end > expected.Length)
                {
                    Array.Resize(ref expected, end);
                    Array.Resize(ref unknown, end);
                }

                data.AsSpan(0, decision.KeptBytes).CopyTo(expected.AsSpan((int)offset));
                unknown.AsSpan((int)offset, decision.KeptBytes).Clear();
                unknown.AsSpan((int)offset + decision.KeptBytes, decision.GarbageBytes).Fill(true);
            }

            byte[] actual = image.ToArray();
            Assert.True(actual.Length == expected.Length, $"seed {seed}: image length {actual.Length}, expected {expected.Length}");
            for (int i = 0; i < actual.Length; i++)
            {
                Assert.True(unknown[i] || actual[i] == expected[i], $"seed {seed}: byte {i} is {actual[i]}, expected {expected[i]}");
            }
        }

        // The default policy must actually exercise every fate over this many writes.
        Assert.Equal(4, seen.Count);
    }

    [Fact]
    public void InOrder_keeps_a_prefix_and_drops_everything_after_the_cut()
    {
        var policy = PowerLossPolicy.Default with { InOrder = true };
        for (int seed = 1; seed <= SeedCount; seed++)
        {
            using var workload = new Workload(seed, withResizes: false);
            var decisions = new List<PowerLossDecision>();
            workload.Device.SimulatePowerLoss(new Random(seed), policy, decisions).Dispose();

            int firstNotKept = decisions.FindIndex(d => d.Outcome != PowerLossOutcome.Kept);
            if (firstNotKept >= 0)
            {
                for (int i = firstNotKept + 1; i < decisions.Count; i++)
                {
                    Assert.True(decisions[i].Outcome == PowerLossOutcome.Dropped, $"seed {seed}: operation {i} after the cut was {decisions[i].Outcome}");
                }
            }
        }
    }

    [Fact]
    public void Torn_write_keeps_whole_sectors_of_its_prefix()
    {
        var keptSizes = new HashSet<int>();
        for (int seed = 1; seed <= 200; seed++)
        {
            using var device = new FaultInjectingDevice(new MemoryStorageDevice());
            device.Write(0, new byte[4 * SectorSize]);
            device.Flush();
            byte[] data = new byte[3 * SectorSize];
            Array.Fill(data, (byte)0x5A);

            // Starts 100 bytes into sector 1: pieces of 412, 512, 512 and 100 bytes.
            device.Write(SectorSize + 100, data);
            var decisions = new List<PowerLossDecision>();
            byte[] image = device.SimulatePowerLoss(new Random(seed), PowerLossPolicy.TearAll with { GarbleTornSector = false }, decisions).ToArray();

            PowerLossDecision torn = Assert.Single(decisions);
            Assert.Equal(PowerLossOutcome.Torn, torn.Outcome);
            Assert.True(torn.KeptBytes is 0 or 412 or 924 or 1436, $"seed {seed}: kept {torn.KeptBytes} bytes");
            keptSizes.Add(torn.KeptBytes);
            int keptEnd = SectorSize + 100 + torn.KeptBytes;
            Assert.True(image.AsSpan(SectorSize + 100, torn.KeptBytes).IndexOfAnyExcept((byte)0x5A) < 0, $"seed {seed}: kept prefix damaged");
            Assert.True(image.AsSpan(keptEnd).IndexOfAnyExcept((byte)0) < 0, $"seed {seed}: bytes after the kept prefix changed");
        }

        Assert.Equal(4, keptSizes.Count);
    }

    [Fact]
    public void Writes_behind_a_failed_flush_stay_unflushed_until_a_flush_succeeds()
    {
        using var device = new FaultInjectingDevice(new MemoryStorageDevice());
        device.Write(0, [1]);
        device.Flush();
        device.Write(1, [2]);
        device.FailFlushAt(2);
        Assert.Throws<SharpCoreDBException>(() => device.Flush());
        Assert.Equal(1, device.UnflushedOperationCount);
        Assert.Equal(new byte[] { 1 }, device.SimulatePowerLoss(new Random(1), PowerLossPolicy.DropAll).ToArray());

        device.Flush();
        Assert.Equal(0, device.UnflushedOperationCount);
        Assert.Equal(new byte[] { 1, 2 }, device.SimulatePowerLoss(new Random(1), PowerLossPolicy.DropAll).ToArray());
    }

    [Fact]
    public void Same_seed_gives_the_same_image_and_the_device_is_unchanged()
    {
        const int Seed = 77;
        using var workload = new Workload(Seed, withResizes: true);
        byte[] first = workload.Device.SimulatePowerLoss(new Random(Seed), PowerLossPolicy.Default).ToArray();
        byte[] second = workload.Device.SimulatePowerLoss(new Random(Seed), PowerLossPolicy.Default).ToArray();
        Assert.True(first.AsSpan().SequenceEqual(second), $"seed {Seed}: two simulations with one seed differ");
        Assert.True(((MemoryStorageDevice)workload.Device.Inner).ToArray().AsSpan().SequenceEqual(workload.Current), $"seed {Seed}: simulation changed the device");
    }

    private static void CheckShape(PowerLossDecision decision, string where)
    {
        switch (decision.Outcome)
        {
            case PowerLossOutcome.Kept:
                Assert.True(decision.KeptBytes == decision.Length && decision.GarbageBytes == 0, $"{where}: kept write reported partial");
                break;
            case PowerLossOutcome.Dropped:
                Assert.True(decision.KeptBytes == 0 && decision.GarbageBytes == 0, $"{where}: dropped write reported bytes");
                break;
            case PowerLossOutcome.Garbled:
                Assert.True(decision.KeptBytes == 0 && decision.GarbageBytes == decision.Length, $"{where}: garbled write shape");
                break;
            case PowerLossOutcome.Torn:
                long keptEnd = decision.Offset + decision.KeptBytes;
                long garbageEnd = keptEnd + decision.GarbageBytes;
                Assert.True(decision.Length == 0 || decision.KeptBytes < decision.Length, $"{where}: torn write kept everything");
                Assert.True(decision.KeptBytes == 0 || keptEnd % SectorSize == 0, $"{where}: tear not at a sector boundary");
                Assert.True(
                    decision.GarbageBytes == 0
                    || ((keptEnd / SectorSize) == ((garbageEnd - 1) / SectorSize)
                        && (garbageEnd % SectorSize == 0 || garbageEnd == decision.Offset + decision.Length)),
                    $"{where}: garbage is not exactly the rest of one sector");
                break;
        }
    }

    /// <summary>
    /// A seeded run of writes, flushes (some failing) and resizes over a fault-injecting device, with the
    /// test's own record of the flushed content and of everything issued since.
    /// </summary>
    private sealed class Workload : IDisposable
    {
        public Workload(int seed, bool withResizes)
        {
            var rng = new Random(seed);
            Device = new FaultInjectingDevice(new MemoryStorageDevice());
            Current = [];
            Durable = [];
            int operations = rng.Next(5, 60);
            for (int i = 0; i < operations; i++)
            {
                int choice = rng.Next(20);
                if (choice < 14)
                {
                    long offset = rng.Next(0, 24 * SectorSize);
                    byte[] data = new byte[rng.Next(1, 5 * SectorSize)];
                    rng.NextBytes(data);
                    Device.Write(offset, data);
                    if (offset + data.Length > Current.Length)
                    {
                        byte[] grown = Current;
                        Array.Resize(ref grown, (int)offset + data.Length);
                        Current = grown;
                    }

                    data.CopyTo(Current, offset);
                    Pending.Add((offset, data));
                }
                else if (choice < 16 && withResizes)
                {
                    int length = rng.Next(0, 24 * SectorSize);
                    Device.SetLength(length);
                    byte[] resized = Current;
                    Array.Resize(ref resized, length);
                    Current = resized;
                    Pending.Add((length, null));
                }
                else if (choice < 18)
                {
                    Device.Flush();
                    Durable = (byte[])Current.Clone();
                    Pending.Clear();
                }
                else if (choice < 19)
                {
                    // A failed flush must not make anything durable.
                    Device.FailFlushAt(Device.FlushCount + 1);
                    Assert.Throws<SharpCoreDBException>(() => Device.Flush());
                }
            }
        }

        public FaultInjectingDevice Device { get; }

        public byte[] Current { get; private set; }

        public byte[] Durable { get; private set; }

        public List<(long Offset, byte[]? Data)> Pending { get; } = [];

        public void Dispose() => Device.Dispose();
    }
}
