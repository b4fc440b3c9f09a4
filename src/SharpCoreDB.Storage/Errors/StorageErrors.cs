namespace SharpCoreDB.Storage;

/// <summary>
/// Every error the storage layer raises for bad input, a damaged file or a failed device, one named factory each, so
/// the messages live in one place and every one says what went wrong and where (which file, page or offset). The
/// factories return the exception for the caller to throw; hot paths throw through their own small
/// <c>[DoesNotReturn]</c> helpers that call these. B+tree page damage has its own factory, <c>BTreeCorruption</c>.
/// </summary>
/// <remarks>In namespace <c>SharpCoreDB.Storage</c> so every storage namespace sees it without a using.</remarks>
internal static class StorageErrors
{
    // ----- Devices -----

    /// <summary>Taking the file lock failed for another reason than another holder.</summary>
    public static SharpCoreDBException LockFailed(string path, string reason) =>
        new(SharpCoreDBErrorCode.IoError, $"Could not lock database file '{path}': {reason}.");

    /// <summary>Another process holds the file lock.</summary>
    public static SharpCoreDBException Locked(string path, Exception? inner) =>
        new(SharpCoreDBErrorCode.Locked, $"The database file '{path}' is locked by another process.", inner);

    /// <summary>fdatasync failed: what was written since the last good flush may be gone.</summary>
    public static SharpCoreDBException FlushFailed(string file, string reason) =>
        new(
            SharpCoreDBErrorCode.IoError,
            $"Flushing '{file}' to disk failed (fdatasync: {reason}); data written since the last successful flush may be lost.");

    /// <summary>A write or flush was asked of a file whose earlier flush failed.</summary>
    public static SharpCoreDBException FlushFailedEarlier(string file) =>
        new(SharpCoreDBErrorCode.DatabaseFailed, $"An earlier flush of '{file}' failed; the file refuses writes and flushes until it is reopened.");

    /// <summary>Opening an existing file that is not there.</summary>
    public static SharpCoreDBException FileNotFound(string path, Exception inner) =>
        new(SharpCoreDBErrorCode.IoError, $"The database file '{path}' does not exist.", inner);

    /// <summary>The file's directory is not there.</summary>
    public static SharpCoreDBException DirectoryNotFound(string path, Exception inner) =>
        new(SharpCoreDBErrorCode.IoError, $"The directory of database file '{path}' does not exist.", inner);

    /// <summary>Creating a new file where one exists.</summary>
    public static SharpCoreDBException FileExists(string path, Exception inner) =>
        new(SharpCoreDBErrorCode.IoError, $"The database file '{path}' already exists.", inner);

    /// <summary>The operating system refused to open the file.</summary>
    public static SharpCoreDBException OpenFailed(string path, Exception inner) =>
        new(SharpCoreDBErrorCode.IoError, $"Could not open database file '{path}': {inner.Message}", inner);

    /// <summary>A new file's directory entry could not be synced, so the file might vanish in a crash.</summary>
    public static SharpCoreDBException DirectoryEntryNotDurable(string path, string directory, string reason) =>
        new(
            SharpCoreDBErrorCode.IoError,
            $"Created '{path}' but could not make its directory entry durable (fsync of '{directory}': {reason}).");

    /// <summary>A read, write, flush or resize of a file failed.</summary>
    /// <param name="operation">What was being done, as "reading", "writing to" and so on.</param>
    /// <param name="file">The file.</param>
    /// <param name="inner">The operating system's error.</param>
    public static SharpCoreDBException IoFailed(string operation, string file, Exception inner) =>
        new(SharpCoreDBErrorCode.IoError, $"I/O error {operation} '{file}': {inner.Message}", inner);

    /// <summary>A write was asked of a device opened read-only.</summary>
    public static SharpCoreDBException DeviceReadOnly(string file) =>
        new(SharpCoreDBErrorCode.ReadOnly, $"The database file '{file}' is open read-only.");

    /// <summary>A memory device cannot hold that many bytes.</summary>
    public static SharpCoreDBException MemoryDeviceTooBig(string device, long length) =>
        new(SharpCoreDBErrorCode.TooBig, $"The memory device '{device}' cannot grow to {length} bytes.");

    // ----- Opening a database file -----

    /// <summary>Opening (not creating) an empty file.</summary>
    public static SharpCoreDBException EmptyFile(string file) =>
        new(SharpCoreDBErrorCode.NotADatabase, $"'{file}' is empty, not a SharpCoreDB database.");

    /// <summary>The file does not start with a SharpCoreDB header.</summary>
    public static SharpCoreDBException NotADatabase(string file, string reason) =>
        new(SharpCoreDBErrorCode.NotADatabase, $"'{file}' is not a SharpCoreDB database: {reason}.");

    /// <summary>Creating a database in a file that holds bytes already.</summary>
    public static SharpCoreDBException AlreadyExists(string file, long length) =>
        new(SharpCoreDBErrorCode.AlreadyExists, $"'{file}' already holds {length} bytes; it cannot be created anew.");

    /// <summary>The file was written in an older format this library no longer reads.</summary>
    public static SharpCoreDBException OlderFormatVersion(string file, uint version, uint currentVersion) =>
        new(
            SharpCoreDBErrorCode.UnsupportedFormat,
            $"'{file}' uses file format version {version}, written by an earlier build of SharpCoreDB; this library reads version {currentVersion} only " +
            "(version 3 stores DECIMAL values as exact numbers and DateTime values as ISO-8601 text; version 4 keeps the start of a large value in its B-tree leaf). " +
            "Export its data with the build that wrote it (for example as SQL text) and import it into a new database.");

    /// <summary>The file was written in a newer format.</summary>
    public static SharpCoreDBException NewerFormatVersion(string file, uint version, uint currentVersion) =>
        new(SharpCoreDBErrorCode.UnsupportedFormat, $"'{file}' uses file format version {version}; this library reads up to version {currentVersion}.");

    /// <summary>The header uses feature flags this library does not know.</summary>
    public static SharpCoreDBException UnknownFeatures(string file, ushort flags) =>
        new(SharpCoreDBErrorCode.UnsupportedFormat, $"'{file}' uses features (header flags 0x{flags:X4}) this library does not know.");

    /// <summary>A header rebuilt from the log is not one page long.</summary>
    public static SharpCoreDBException ReplacementHeaderSize(string file, int length, uint pageSize) =>
        new(SharpCoreDBErrorCode.Corrupt, $"the replacement header for '{file}' is {length} bytes, not one {pageSize}-byte page");

    /// <summary>The plain header's checksum does not match.</summary>
    public static SharpCoreDBException HeaderChecksum(string file) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page 0 of '{file}' failed verification (checksum): the database header is damaged");

    /// <summary>The encrypted header's MAC does not match: it was changed without the key.</summary>
    public static SharpCoreDBException HeaderAltered(string file, string failure) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page 0 of '{file}' failed verification ({failure}): the database header was altered without the key");

    /// <summary>The header declares an impossible key-derivation iteration count.</summary>
    public static SharpCoreDBException ImpossibleKdfIterations(string file, uint iterations) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page 0 of '{file}' declares {iterations} key-derivation iterations");

    /// <summary>A password or key was given for a plain database.</summary>
    public static SharpCoreDBException NotEncrypted(string file) =>
        new(SharpCoreDBErrorCode.NotEncrypted, $"'{file}' is not encrypted, but a password or key was given.");

    /// <summary>An encrypted database was opened without a password or key.</summary>
    public static SharpCoreDBException PasswordRequired(string file) =>
        new(SharpCoreDBErrorCode.PasswordRequired, $"'{file}' is encrypted; a password or key is required.");

    /// <summary>A password was given for a database created with a raw key.</summary>
    public static SharpCoreDBException RawKeyDatabase(string file) =>
        new(SharpCoreDBErrorCode.WrongPassword, $"'{file}' was created with a raw key; a password cannot open it.");

    /// <summary>A raw key was given for a database protected by a password.</summary>
    public static SharpCoreDBException PasswordDatabase(string file) =>
        new(SharpCoreDBErrorCode.WrongPassword, $"'{file}' is protected by a password; a raw key cannot open it.");

    /// <summary>The password or key does not open the database.</summary>
    public static SharpCoreDBException WrongPassword(string file) =>
        new(SharpCoreDBErrorCode.WrongPassword, $"The password or key for '{file}' is wrong.");

    /// <summary>Keys derived for one database were offered to another.</summary>
    public static SharpCoreDBException KeysOfAnotherDatabase(string file) =>
        new(SharpCoreDBErrorCode.WrongPassword, $"'{file}' is not the database whose keys were given (another database id, key or page size).");

    // ----- Pages and transactions -----

    /// <summary>A stored page fails its checksum or authentication.</summary>
    public static SharpCoreDBException PageFailsVerification(uint pageNumber, string source, string failure) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} of '{source}' failed verification ({failure})");

    /// <summary>A page lies past the end of the file.</summary>
    public static SharpCoreDBException PageBeyondEndOfFile(uint pageNumber, string file, long fileLength) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} of '{file}' lies beyond the end of the file ({fileLength} bytes): the file is truncated");

    /// <summary>A page's free-list bookkeeping is damaged.</summary>
    /// <param name="pageNumber">The page (0 for the header's counts).</param>
    /// <param name="source">The database.</param>
    /// <param name="what">What is wrong, as a predicate ("is a free-list trunk past the page count").</param>
    public static SharpCoreDBException FreeListDamaged(uint pageNumber, string source, string what) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} of '{source}' {what}");

    /// <summary>The database cannot grow by another page.</summary>
    public static SharpCoreDBException PageCountLimit(string source) =>
        new(SharpCoreDBErrorCode.TooBig, $"'{source}' has reached the largest page count ({uint.MaxValue}).");

    /// <summary>The database file holds fewer pages than its header counts.</summary>
    public static SharpCoreDBException TruncatedDatabase(string file, uint pageCount, long storedPageCount) =>
        new(SharpCoreDBErrorCode.Corrupt, $"'{file}' is truncated: its header counts {pageCount} pages but the file holds {storedPageCount}");

    /// <summary>A page past the page count a transaction sees was asked for (a damaged pointer).</summary>
    public static SharpCoreDBException PageBeyondCount(string file, uint pageNumber, uint pageCount) =>
        new(SharpCoreDBErrorCode.Corrupt, $"page {pageNumber} of '{file}' was asked for, but the database has {pageCount} pages");

    /// <summary>The writer slot stayed taken for the whole busy timeout.</summary>
    public static SharpCoreDBException Busy(string file, TimeSpan timeout) =>
        new(SharpCoreDBErrorCode.Busy, $"'{file}' is busy: another write transaction held it for {timeout.TotalMilliseconds:0} ms.");

    /// <summary>A write was asked of a database file opened read-only.</summary>
    public static SharpCoreDBException ReadOnly(string file) =>
        new(SharpCoreDBErrorCode.ReadOnly, $"'{file}' is open read-only.");

    /// <summary>A change was asked of a read transaction.</summary>
    public static SharpCoreDBException ReadOnlyTransaction() =>
        new(SharpCoreDBErrorCode.ReadOnly, "The transaction is read-only; begin a write transaction to change pages.");

    /// <summary>A B+tree was to be created in a read transaction.</summary>
    public static SharpCoreDBException ReadOnlyTreeCreate() =>
        new(SharpCoreDBErrorCode.ReadOnly, "Cannot create a B+tree in a read-only transaction.");

    /// <summary>A B+tree was to be changed in a read transaction.</summary>
    public static SharpCoreDBException ReadOnlyTreeChange(uint rootPage) =>
        new(SharpCoreDBErrorCode.ReadOnly, $"Cannot modify the B+tree with root page {rootPage} in a read-only transaction.");

    // ----- Rollback journal -----

    /// <summary>A hot journal in a format this library cannot roll back.</summary>
    public static SharpCoreDBException JournalVersion(string journal, uint version, uint currentVersion) =>
        new(SharpCoreDBErrorCode.UnsupportedFormat, $"The rollback journal '{journal}' has version {version}; this library rolls back version {currentVersion} only.");

    /// <summary>A hot journal found by a read-only open, which may not roll it back.</summary>
    public static SharpCoreDBException HotJournalReadOnly(string database, string journal) =>
        new(SharpCoreDBErrorCode.ReadOnly, $"'{database}' holds an unfinished commit that must be rolled back from '{journal}'; open it writable once.");
}
