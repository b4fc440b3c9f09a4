using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>Records, in order, the creations, writes, resizes and syncs that real file devices make.</summary>
internal sealed class FileCallRecorder : IFileDeviceObserver
{
    private readonly Lock _gate = new();
    private readonly List<FileCall> _calls = [];

    /// <summary>Calls recorded so far.</summary>
    public int Count
    {
        get
        {
            lock (_gate)
            {
                return _calls.Count;
            }
        }
    }

    /// <summary>A copy of the calls recorded so far.</summary>
    public List<FileCall> Calls()
    {
        lock (_gate)
        {
            return [.. _calls];
        }
    }

    public void Created(string path) => Add(new FileCall(FileCallKind.Created, path, 0, null));

    public void DirectorySynced(string directory) => Add(new FileCall(FileCallKind.DirectorySynced, directory, 0, null));

    public void Written(string path, long offset, ReadOnlySpan<byte> data) => Add(new FileCall(FileCallKind.Written, path, offset, data.ToArray()));

    public void LengthSet(string path, long length) => Add(new FileCall(FileCallKind.LengthSet, path, length, null));

    public void DataSynced(string path) => Add(new FileCall(FileCallKind.DataSynced, path, 0, null));

    private void Add(FileCall call)
    {
        lock (_gate)
        {
            _calls.Add(call);
        }
    }
}
