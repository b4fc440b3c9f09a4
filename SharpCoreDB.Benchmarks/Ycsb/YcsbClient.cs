using SharpCoreDB.Benchmarks.Contenders;

namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>
/// One YCSB client thread: its own session, its own seeded random source and zipfian generator; the record count
/// (which inserts grow) is shared by all clients through <see cref="YcsbKeySpace"/>.
/// </summary>
internal sealed class YcsbClient
{
    private const double Theta = 0.99;
    private const int MaxScanLength = 100;

    private readonly IStoreSession _session;
    private readonly YcsbWorkload _workload;
    private readonly YcsbKeySpace _keys;
    private readonly Random _random;
    private readonly ZipfianGenerator _zipfian;
    private readonly byte[] _value;
    private long _version;

    /// <summary>Creates a client.</summary>
    /// <param name="session">The client's session.</param>
    /// <param name="workload">The workload.</param>
    /// <param name="keys">The shared key space.</param>
    /// <param name="value">The value written by updates and inserts.</param>
    /// <param name="seed">The client's seed.</param>
    public YcsbClient(IStoreSession session, YcsbWorkload workload, YcsbKeySpace keys, byte[] value, int seed)
    {
        _session = session;
        _workload = workload;
        _keys = keys;
        // Each client stamps its own copy before every update (see KvSchema.Stamp), with versions of its own (from its
        // seed) so two clients never write the bytes a record already holds: clients run on several threads.
        _value = (byte[])value.Clone();
        _version = (long)seed << 40;
        _random = new Random(seed);
        _zipfian = new ZipfianGenerator(keys.Loaded, Theta, seed + 1);
    }

    /// <summary>Runs one operation of the workload.</summary>
    public void Step()
    {
        int percent = _random.Next(100);
        switch (_workload)
        {
            case YcsbWorkload.A:
                ReadOrUpdate(percent < 50);
                break;
            case YcsbWorkload.B:
                ReadOrUpdate(percent < 95);
                break;
            case YcsbWorkload.C:
                _session.Read(ZipfianKey());
                break;
            case YcsbWorkload.D:
                if (percent < 95)
                {
                    _session.Read(LatestKey());
                }
                else
                {
                    Insert();
                }

                break;
            case YcsbWorkload.E:
                if (percent < 95)
                {
                    _session.Range(ZipfianKey(), 1 + _random.Next(MaxScanLength));
                }
                else
                {
                    Insert();
                }

                break;
            case YcsbWorkload.F:
                long key = ZipfianKey();
                _session.Read(key);
                if (percent >= 50)
                {
                    KvSchema.Stamp(_value, ref _version);
                    _session.Update(key, _value);
                }

                break;
            default:
                throw new InvalidOperationException($"Unknown workload {_workload}.");
        }
    }

    private void ReadOrUpdate(bool read)
    {
        long key = ZipfianKey();
        if (read)
        {
            _session.Read(key);
        }
        else
        {
            KvSchema.Stamp(_value, ref _version);
            _session.Update(key, _value);
        }
    }

    // YCSB's default "zipfian" request distribution: a zipfian rank over the loaded records, scrambled by a hash so
    // the popular records are spread over the key space instead of clustered at the low keys.
    private long ZipfianKey() => 1 + ZipfianGenerator.Scramble(_zipfian.Next(), _keys.Loaded);

    // YCSB's "latest": rank 0 is the newest inserted record.
    private long LatestKey()
    {
        long newest = _keys.Newest;
        return newest - _zipfian.Next(newest);
    }

    private void Insert() => _session.InsertBatch(_keys.Reserve(), 1, _value);
}
