using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// The states a power cut could leave files in, given the calls made up to the cut (see <see cref="FileCallRecorder"/>):
/// what a file held at its last data sync is kept; each write or resize since then may be lost, kept, or (a write)
/// torn to its leading or its trailing sectors, independently of the others (a disk cache reorders); a file created
/// since the last sync of its directory may be missing altogether.
/// </summary>
internal sealed class CrashStates
{
    private const int SectorSize = 512;

    private readonly List<FileModel> _files = [];

    private CrashStates()
    {
    }

    /// <summary>How many distinct states the calls allow (saturating at <see cref="int.MaxValue"/>).</summary>
    public long Count { get; private set; } = 1;

    /// <summary>Replays the first <paramref name="count"/> calls.</summary>
    public static CrashStates After(IReadOnlyList<FileCall> calls, int count)
    {
        var states = new CrashStates();
        var byPath = new Dictionary<string, FileModel>(StringComparer.Ordinal);
        for (int i = 0; i < count; i++)
        {
            FileCall call = calls[i];
            switch (call.Kind)
            {
                case FileCallKind.Created:
                    byPath[call.Path] = new FileModel(call.Path);
                    break;
                case FileCallKind.DirectorySynced:
                    foreach (FileModel file in byPath.Values)
                    {
                        if (string.Equals(Path.GetDirectoryName(file.Path), call.Path, StringComparison.Ordinal))
                        {
                            file.EntryDurable = true;
                        }
                    }

                    break;
                case FileCallKind.DataSynced:
                    byPath[call.Path].Sync();
                    break;
                default:
                    byPath[call.Path].Pending.Add(call);
                    break;
            }
        }

        foreach (FileModel file in byPath.Values)
        {
            states._files.Add(file);
            long choices = file.EntryDurable ? 1 : 2;
            foreach (FileCall pending in file.Pending)
            {
                choices *= Fates(pending);
            }

            states.Count = (long)Math.Min(int.MaxValue, (double)states.Count * choices);
        }

        return states;
    }

    /// <summary>
    /// Builds state number <paramref name="state"/> (0 ≤ state &lt; <see cref="Count"/>): the content of every file by
    /// name, a missing file absent. State 0 loses everything unsynced; the last state keeps it all.
    /// </summary>
    public Dictionary<string, MemoryStorageDevice> Build(long state)
    {
        var images = new Dictionary<string, MemoryStorageDevice>(StringComparer.Ordinal);
        foreach (FileModel file in _files)
        {
            bool present = true;
            if (!file.EntryDurable)
            {
                present = state % 2 == 1;
                state /= 2;
            }

            MemoryStorageDevice image = file.Durable.Clone();
            foreach (FileCall pending in file.Pending)
            {
                int fates = Fates(pending);
                Apply(image, pending, (int)(state % fates));
                state /= fates;
            }

            if (present)
            {
                images[file.Path] = image;
            }
            else
            {
                image.Dispose();
            }
        }

        return images;
    }

    /// <summary>The states to check: all when there are at most <paramref name="limit"/>, else the two extremes and random others.</summary>
    public IEnumerable<long> Sample(int limit, Random rng)
    {
        if (Count <= limit)
        {
            for (long state = 0; state < Count; state++)
            {
                yield return state;
            }

            yield break;
        }

        yield return 0;
        yield return LastState();
        for (int i = 2; i < limit; i++)
        {
            yield return rng.NextInt64(Count);
        }
    }

    // Lost, kept, leading sectors only, trailing sectors only; a resize or a one-sector write is lost or kept.
    private static int Fates(FileCall call) =>
        call.Kind == FileCallKind.Written && SectorsOf(call) > 1 ? 4 : 2;

    private static int SectorsOf(FileCall call) =>
        (int)(((call.Offset + call.Data!.Length - 1) / SectorSize) - (call.Offset / SectorSize) + 1);

    private static void Apply(MemoryStorageDevice image, FileCall call, int fate)
    {
        if (fate == 0)
        {
            return;
        }

        if (call.Kind == FileCallKind.LengthSet)
        {
            image.SetLength(call.Offset);
            return;
        }

        byte[] data = call.Data!;
        if (fate == 1)
        {
            image.Write(call.Offset, data);
            return;
        }

        // Torn at the absolute sector boundary nearest the middle of the write.
        long middle = ((call.Offset + (data.Length / 2)) / SectorSize) * SectorSize;
        int split = (int)Math.Clamp(middle - call.Offset, 1, data.Length - 1);
        if (fate == 2)
        {
            image.Write(call.Offset, data.AsSpan(0, split));
        }
        else
        {
            image.Write(call.Offset + split, data.AsSpan(split));
        }
    }

    // The state that keeps every unsynced write whole and every file: the highest fate of each choice.
    private long LastState()
    {
        long state = 0;
        long radix = 1;
        foreach (FileModel file in _files)
        {
            if (!file.EntryDurable)
            {
                state += radix;
                radix *= 2;
            }

            foreach (FileCall pending in file.Pending)
            {
                int fates = Fates(pending);
                state += radix * 1;
                radix *= fates;
            }
        }

        return state;
    }

    private sealed class FileModel(string path)
    {
        public string Path { get; } = path;

        public MemoryStorageDevice Durable { get; } = new(path);

        public List<FileCall> Pending { get; } = [];

        public bool EntryDurable { get; set; }

        public void Sync()
        {
            foreach (FileCall call in Pending)
            {
                Apply(Durable, call, fate: 1);
            }

            Pending.Clear();
        }
    }
}
