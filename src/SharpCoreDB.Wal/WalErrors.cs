namespace SharpCoreDB.Wal;

/// <summary>
/// Every error the log layer raises, one named factory each, so the messages live in one place and every one says
/// what went wrong and where (which file, offset, page or transaction). The factories return the exception: most
/// callers throw it, some hand it to a waiting committer or latch it as the store's failure.
/// </summary>
internal static class WalErrors
{
    // ----- Opening and recovering the log -----

    /// <summary>The log's header carries a format version newer than this library's.</summary>
    public static SharpCoreDBException NewerLogVersion(string log) =>
        new(SharpCoreDBErrorCode.UnsupportedFormat, $"The write-ahead log '{log}' was written by a newer version of SharpCoreDB.");

    /// <summary>The log's header carries a pre-release format version, which no released database ever wrote.</summary>
    /// <param name="log">The log's name.</param>
    /// <param name="forDatabase">" for '&lt;database&gt;'" when the database is known, else empty.</param>
    public static SharpCoreDBException PreReleaseLogFormat(string log, string forDatabase) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' was written in a pre-release log format{forDatabase}; it cannot belong to this database. Nothing was changed; move the log away to open the database without it.");

    /// <summary>The log's header declares a page size no database can have.</summary>
    public static SharpCoreDBException ImpossiblePageSize(string log, int pageSize) =>
        new(SharpCoreDBErrorCode.Corrupt, $"The write-ahead log '{log}' declares an impossible page size ({pageSize}).");

    /// <summary>The log's header names another database id.</summary>
    public static SharpCoreDBException LogOfAnotherDatabase(string log, string database, ReadOnlySpan<byte> logDatabaseId, ReadOnlySpan<byte> databaseId) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' belongs to another database than '{database}' (database id {Convert.ToHexString(logDatabaseId)}, not {Convert.ToHexString(databaseId)}). Nothing was changed; move the log away to open the database without it.");

    /// <summary>The log's page size differs from the database's.</summary>
    public static SharpCoreDBException PageSizeMismatch(string log, int logPageSize, string database, int databasePageSize) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' holds {logPageSize}-byte pages but '{database}' uses {databasePageSize}-byte pages. Nothing was changed.");

    /// <summary>One of the log and the database is encrypted and the other is not.</summary>
    public static SharpCoreDBException EncryptionMismatch(string log, bool logEncrypted, string database, bool databaseEncrypted) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' is {(logEncrypted ? "an encrypted" : "a plain")} database's log but '{database}' is {(databaseEncrypted ? "encrypted" : "plain")}. Nothing was changed.");

    /// <summary>The log's header MAC does not verify with the database's key.</summary>
    public static SharpCoreDBException ForgedHeader(string log, string database) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The header of the write-ahead log '{log}' fails authentication with the key of '{database}': it was altered or forged. Nothing was changed.");

    /// <summary>A frame fails verification although intact frames synced after it follow: damage, not a torn tail.</summary>
    public static SharpCoreDBException DamagedSyncedFrame(string log, long frameIndex, long offset, uint pageNumber) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' is damaged: frame {frameIndex} at offset {offset} (page {pageNumber}) fails verification but intact, synced frames follow it.");

    /// <summary>The device returned less than a frame where its length says frames are.</summary>
    public static SharpCoreDBException ShortRead(string log, int bytesRead, long offset, long length) =>
        new(SharpCoreDBErrorCode.IoError, $"The write-ahead log '{log}' returned {bytesRead} bytes at offset {offset} though it is {length} bytes long.");

    /// <summary>The log's header is damaged, but a verified frame holds a transaction the database file does not have.</summary>
    public static SharpCoreDBException DamagedHeaderHidesTransactions(string log, string database, uint pageNumber, ulong sequence, long offset) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The header of the write-ahead log '{log}' is damaged, but the log holds transactions that '{database}' does not (page {pageNumber} of transaction {sequence} at offset {offset}). Nothing was changed: keep both files and restore them from a backup, or move the log away to open the database without those transactions.");

    /// <summary>Page 0 is damaged and nothing proves the log beside it belongs to the database.</summary>
    public static SharpCoreDBException HeaderNotRebuilt(string database, string log) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"page 0 of '{database}' is damaged, and nothing in the file proves that the write-ahead log '{log}' belongs to it, so the header is not rebuilt from the log. Nothing was changed.");

    /// <summary>Page 0 is damaged and the log beside it is not the one that could repair it.</summary>
    public static SharpCoreDBException WrongLogForHeaderRepair(string database, string log) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"page 0 of '{database}' is damaged and the write-ahead log '{log}' beside it is not the one to repair it from.");


    /// <summary>The log ends inside a frame the index says is whole.</summary>
    public static SharpCoreDBException TornFrame(string log, long frameOffset) =>
        new(SharpCoreDBErrorCode.Corrupt, $"The write-ahead log '{log}' ends inside the frame at offset {frameOffset}.");

    /// <summary>A frame being copied into the database file fails verification.</summary>
    public static SharpCoreDBException FrameFailsVerification(string log, uint pageNumber, ulong sequence, long offset, string failure, string database) =>
        new(
            SharpCoreDBErrorCode.Corrupt,
            $"The write-ahead log '{log}' holds page {pageNumber} (transaction {sequence}, offset {offset}) that fails verification ({failure}) for '{database}': the log is damaged or belongs to another database.");

    // ----- The store -----


    /// <summary>A write was asked of a store that failed to write earlier.</summary>
    public static SharpCoreDBException StoreFailed(string database, Exception failure) =>
        new(SharpCoreDBErrorCode.DatabaseFailed, $"'{database}' failed to write earlier ({failure.Message}); it refuses writes until it is reopened.", failure);



    // ----- The log writer -----

    /// <summary>Something was handed to a log writer that is closed.</summary>
    public static SharpCoreDBException LogClosed(string log, Exception? inner = null) =>
        new(SharpCoreDBErrorCode.Closed, $"The write-ahead log '{log}' is closed.", inner);

    /// <summary>Something was handed to a log writer after an earlier write failed.</summary>
    public static SharpCoreDBException LogFailedEarlier(string log, Exception failure) =>
        new(
            SharpCoreDBErrorCode.DatabaseFailed,
            $"An earlier write to the write-ahead log '{log}' failed ({failure.Message}); the database refuses writes until it is reopened.",
            failure);

    /// <summary>The log writer's thread could not be started, so the commit that needed it was not queued.</summary>
    public static SharpCoreDBException WorkerNotStarted(string log, ulong sequence, Exception cause) =>
        new(
            SharpCoreDBErrorCode.IoError,
            $"The log writer thread of '{log}' could not be started, so transaction {sequence} is not committed: {cause.Message}",
            cause);

    /// <summary>A commit was queued behind one whose write failed; it is not written.</summary>
    public static SharpCoreDBException QueuedBehindFailure(string log, ulong sequence, Exception failure) =>
        new(
            SharpCoreDBErrorCode.IoError,
            $"Transaction {sequence} was queued behind a failed write to the write-ahead log '{log}' and is not committed: {failure.Message}",
            failure);

    /// <summary>Writing a new log header (a restart) failed; every committed transaction is still on disk.</summary>
    public static SharpCoreDBException RestartFailed(string log, ulong sequence, Exception cause) =>
        new(
            SharpCoreDBErrorCode.IoError,
            $"Restarting the write-ahead log '{log}' after transaction {sequence} failed: {cause.Message} Every committed transaction is still in the log or the database file; reopen the database to go on.",
            cause);

    /// <summary>
    /// Writing or syncing frames failed: their outcome is unknown, not "not committed" (a failed fdatasync says nothing
    /// about which bytes reached the file, and the next open replays whatever whole transactions it finds).
    /// </summary>
    public static SharpCoreDBException WriteOutcomeUnknown(string log, ulong first, ulong last, Exception cause)
    {
        string which = first == last ? $"transaction {first}" : $"transactions {first}..{last}";
        return new(
            SharpCoreDBErrorCode.IoError,
            $"Writing {which} to the write-ahead log '{log}' failed: {cause.Message} The outcome is unknown: {(first == last ? "it" : "each of them")} may or may not be durable. " +
            "The database refuses writes until it is reopened; recovery then keeps each transaction whole or not at all (those kept are a prefix in commit order). Check whether the changes are there before repeating them.",
            cause);
    }
}
