using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Tests.Devices;

namespace SharpCoreDB.Storage.Tests.Faults;

/// <summary>Without faults armed, the wrapper must behave exactly like any other device.</summary>
public sealed class FaultInjectingDeviceContractTests : StorageDeviceContractTests
{
    protected override IStorageDevice CreateDevice() => new FaultInjectingDevice(new MemoryStorageDevice());
}
