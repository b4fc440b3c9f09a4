using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine;

/// <summary>How to open a <see cref="Database"/>: the settings a connection string carries.</summary>
internal sealed record DatabaseOptions
{
    /// <summary>The special data source of a private in-memory database.</summary>
    public const string MemoryDataSource = ":memory:";

    /// <summary>The database file path, or <c>:memory:</c>.</summary>
    public required string DataSource { get; init; }

    /// <summary>The password of an encrypted database (key derived with PBKDF2), or null.</summary>
    public string? Password { get; init; }

    /// <summary>A raw 32-byte key (no key derivation), or null. Mutually exclusive with <see cref="Password"/>.</summary>
    public byte[]? EncryptionKey { get; init; }

    /// <summary>How commits reach the disk.</summary>
    public DurabilityMode Durability { get; init; } = DurabilityMode.FullSync;

    /// <summary>Read-write with creation, read-write, or read-only.</summary>
    public SharpCoreDBOpenMode OpenMode { get; init; } = SharpCoreDBOpenMode.ReadWriteCreate;

    /// <summary>Pages kept in the page cache.</summary>
    public int CacheSize { get; init; } = 2048;

    /// <summary>The page size of a new database (ignored when the file exists).</summary>
    public int PageSize { get; init; } = 4096;

    /// <summary>How long a writer waits for the single writer slot before failing with Busy.</summary>
    public TimeSpan BusyTimeout { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>PBKDF2 iterations for a new password-protected database; null for the default (tests lower it).</summary>
    public int? KdfIterations { get; init; }

    /// <summary>
    /// The largest TEXT or BLOB, in bytes, a statement may build or bind (SQLite's <c>SQLITE_LIMIT_LENGTH</c>, default
    /// 1,000,000,000, also the largest allowed; at least 1,000): past it the statement fails with
    /// <see cref="SharpCoreDBErrorCode.TooBig"/>. Tests lower it.
    /// </summary>
    public long MaxLength { get; init; } = Execution.Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>The full path of <see cref="DataSource"/>, when the caller already resolved it (saves a resolution per open).</summary>
    public string? FullPath { get; init; }

    /// <summary>
    /// The HMAC of the password or key (see <see cref="Database.SecretVerifier"/>), when the caller already computed it:
    /// a connection computes it once and reuses it for every open, so a pooled open costs no hashing.
    /// </summary>
    public byte[]? SecretVerifier { get; init; }

    /// <summary>
    /// Told of every write to the files of a copy (VACUUM, VACUUM INTO, backups, rekey), or null: the seam through which
    /// tests make the disk fill up under a copy (an observer that throws fails the write as the disk would).
    /// </summary>
    internal Storage.Devices.IFileDeviceObserver? CopyObserver { get; init; }

    /// <summary>
    /// Told of every write, sync and directory sync of the database's own files (its store and log, and the directory
    /// syncs that put a VACUUM or rekey copy in its place), or null: the seam through which tests fail the old store's
    /// close, a commit's log write, or the directory sync after the rename (an observer that throws fails that call).
    /// </summary>
    internal Storage.Devices.IFileDeviceObserver? StoreObserver { get; init; }

    /// <summary>
    /// Called just before VACUUM or rekey renames its copy over the database file, or null: the seam through which
    /// tests make that rename fail (a hook that throws an <see cref="IOException"/> fails it as the file system would).
    /// </summary>
    internal Action? BeforeReplace { get; init; }

    /// <summary>True for <c>:memory:</c>.</summary>
    public bool IsMemory => string.Equals(DataSource, MemoryDataSource, StringComparison.OrdinalIgnoreCase);
}
