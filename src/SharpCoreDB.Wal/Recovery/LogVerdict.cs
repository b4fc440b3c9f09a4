using SharpCoreDB.Storage.Format;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>What <see cref="LogAdmission.Decide"/> decided: replay the log, or ignore it (it holds nothing the file lacks).</summary>
/// <param name="ReplayLog">True to replay the log's committed frames.</param>
/// <param name="LastSequence">The last transaction of the database once the verdict is carried out.</param>
/// <param name="Salt1">Salt 1 of the generation the database then reflects (the next generation gets salt 1 + 1).</param>
/// <param name="Salt2">Salt 2 of that generation.</param>
internal readonly record struct LogVerdict(bool ReplayLog, ulong LastSequence, uint Salt1, uint Salt2)
{
    /// <summary>Replay a log with a valid header up to its last commit.</summary>
    /// <param name="header">The log's header.</param>
    /// <param name="lastSequence">Its last committed transaction.</param>
    /// <returns>The verdict.</returns>
    public static LogVerdict Replay(WalHeader header, ulong lastSequence) => new(true, lastSequence, header.Salt1, header.Salt2);

    /// <summary>Ignore the log: the database file is the whole state.</summary>
    /// <param name="record">The file's checkpoint record, if any.</param>
    /// <returns>The verdict.</returns>
    public static LogVerdict Ignore(CheckpointRecord? record) =>
        record is { } r ? new(false, r.Sequence, r.Salt1, r.Salt2) : new(false, 0, 0, 0);
}
