namespace SharpCoreDB;

/// <summary>What went wrong, for a <see cref="SharpCoreDBException"/>. Stable: values are never renumbered.</summary>
public enum SharpCoreDBErrorCode
{
    /// <summary>An error without a more specific code.</summary>
    Unknown = 0,

    // Files, storage and durability (100s).

    /// <summary>The operating system reported an I/O failure (read, write, flush, truncate).</summary>
    IoError = 100,
    /// <summary>A page or WAL frame failed verification (checksum or authentication tag): the file is damaged.</summary>
    Corrupt = 101,
    /// <summary>The file is not a SharpCoreDB database (wrong magic, empty, truncated header).</summary>
    NotADatabase = 102,
    /// <summary>The password or key is wrong, or the file is not an encrypted SharpCoreDB database.</summary>
    WrongPassword = 103,
    /// <summary>The database is encrypted and no password or key was given.</summary>
    PasswordRequired = 104,
    /// <summary>A password or key was given for a database that is not encrypted.</summary>
    NotEncrypted = 105,
    /// <summary>Another process holds the database open.</summary>
    Locked = 106,
    /// <summary>The single writer slot stayed taken past the busy timeout.</summary>
    Busy = 107,
    /// <summary>A write was attempted on a read-only database or transaction.</summary>
    ReadOnly = 108,
    /// <summary>An earlier write or flush failed; the database refuses writes until it is reopened.</summary>
    DatabaseFailed = 109,
    /// <summary>The file format version is newer than this library understands.</summary>
    UnsupportedFormat = 110,
    /// <summary>A value or record exceeds a size limit.</summary>
    TooBig = 111,
    /// <summary>The file or the database is closed.</summary>
    Closed = 112,

    // SQL (200s).

    /// <summary>The SQL text does not parse.</summary>
    SyntaxError = 200,
    /// <summary>A table named in the SQL does not exist.</summary>
    UnknownTable = 201,
    /// <summary>A column named in the SQL does not exist or is ambiguous.</summary>
    UnknownColumn = 202,
    /// <summary>An index named in the SQL does not exist.</summary>
    UnknownIndex = 203,
    /// <summary>A table, index or other object with that name already exists.</summary>
    AlreadyExists = 204,
    /// <summary>A value has the wrong type for where it is used.</summary>
    TypeMismatch = 205,
    /// <summary>A NOT NULL constraint failed.</summary>
    NotNullViolation = 206,
    /// <summary>A UNIQUE constraint or unique index failed.</summary>
    UniqueViolation = 207,
    /// <summary>A PRIMARY KEY constraint failed.</summary>
    PrimaryKeyViolation = 208,
    /// <summary>A CHECK constraint failed.</summary>
    CheckViolation = 209,
    /// <summary>A function or feature that is not supported, or used wrongly (wrong argument count).</summary>
    Unsupported = 210,
    /// <summary>A parameter was used but no value was bound for it.</summary>
    MissingParameter = 211,
    /// <summary>BEGIN inside a transaction, COMMIT without one, and similar misuse of transactions.</summary>
    TransactionState = 212,
    /// <summary>An integer result does not fit 64 bits where SQL gives no REAL fallback (sum(), abs() of the smallest integer).</summary>
    IntegerOverflow = 213,
    /// <summary>No trigger has the name (DROP TRIGGER).</summary>
    UnknownTrigger = 214,
    /// <summary>A trigger stopped the statement with <c>RAISE(ABORT|FAIL|ROLLBACK, message)</c>; the message is the trigger's.</summary>
    TriggerRaise = 215,
    /// <summary>
    /// A statement exceeds a limit on its size or nesting: terms of a compound SELECT, tables in a join, columns of a
    /// table, nesting of subqueries, views and common table expressions, or depth of a trigger cascade.
    /// </summary>
    TooComplex = 216,
    /// <summary>A FOREIGN KEY constraint failed: a child row without its parent, or a parent row still referenced (SQLite's "FOREIGN KEY constraint failed").</summary>
    ForeignKeyViolation = 217,
    /// <summary>
    /// A function or aggregate registered from C# (<c>CreateFunction</c>, <c>CreateAggregate</c>) threw; the message is
    /// the exception's and the exception is the inner exception (SQLite reports SQLITE_ERROR with the message).
    /// </summary>
    FunctionError = 218,

    // Execution control (300s).

    /// <summary>The operation was cancelled through its cancellation token.</summary>
    Cancelled = 300,
    /// <summary>The command timeout elapsed.</summary>
    Timeout = 301,
}
