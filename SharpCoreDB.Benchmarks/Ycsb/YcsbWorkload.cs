namespace SharpCoreDB.Benchmarks.Ycsb;

/// <summary>The six YCSB core workloads.</summary>
public enum YcsbWorkload
{
    /// <summary>Update heavy: 50% reads, 50% updates, zipfian.</summary>
    A,

    /// <summary>Read mostly: 95% reads, 5% updates, zipfian.</summary>
    B,

    /// <summary>Read only: 100% reads, zipfian.</summary>
    C,

    /// <summary>Read latest: 95% reads, 5% inserts; reads favour the newest records.</summary>
    D,

    /// <summary>Short ranges: 95% scans of 1..100 records, 5% inserts; scan starts zipfian.</summary>
    E,

    /// <summary>Read-modify-write: 50% reads, 50% read-modify-writes, zipfian.</summary>
    F,
}
