using System.Security.Cryptography;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Engine.Diagnostics;
using SharpCoreDB.Execution;
using SharpCoreDB.Records;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine;

/// <summary>
/// One open database: its page store, its committed schema, and the statement cache its sessions share.
/// Connections to the same file in a process share one instance (<see cref="Acquire(DatabaseOptions)"/>, reference-counted);
/// <c>:memory:</c> gives a private instance.
/// </summary>
internal sealed partial class Database
{
    private static readonly Lock s_registryLock = new();
    private static readonly Dictionary<string, Database> s_registry = new(StringComparer.Ordinal);

    private readonly string? _registryKey;

    // Given to the callers that acquired this instance, so their next open finds it without the lookup by path.
    private readonly DatabaseHint _hint;
    private readonly Lock _schemaLock = new();
    private Schema _schema;
    private int _schemaCommitsInFlight;
    // The connections using the instance. Raised only under s_registryLock (Acquire), so a count of 0 stays 0 while the
    // lock is held; lowered without it by Release, except for a last release that closes the instance.
    private int _references = 1;
    private bool _closed;
    private static bool s_exitHooked;

    // Set by ClearPool while connections use the instance: the last one to close closes it instead of pooling it.
    // Written under s_registryLock, read by the lock-free last release (see Release and ClearLocked for the ordering).
    private bool _clearOnRelease;

    // Which files the path and its log named when the store opened them (see CanReuse); null for :memory:.
    private PathGuard? _files;
    private readonly string? _walPath;

    // Keys the secret verifier; random per process, so a verifier says nothing outside it.
    private static readonly byte[] s_verifierKey = RandomNumberGenerator.GetBytes(32);
    private static byte[]? s_noSecretVerifier;

    // HMAC of the password or raw key the database was opened with: enough to tell whether a later connection
    // offers the same secret, without keeping the secret itself once the keys are derived.
    private byte[] _secretVerifier;

    private Database(DatabaseOptions options, IPageStore store, string? registryKey)
    {
        _secretVerifier = options.SecretVerifier ?? SecretVerifier(options);
        Options = options with { Password = null, EncryptionKey = null, SecretVerifier = null };
        _store = store;
        _registryKey = registryKey;
        _hint = new DatabaseHint(this);
        if (registryKey is not null)
        {
            _walPath = registryKey + WalStoreOptions.WalSuffix;
        }

        using (IReadTransaction read = store.BeginRead())
        using (var context = new TransactionContext(read, Schema.Empty))
        {
            _schema = CatalogStore.Load(context);
        }

        // Last, so a damaged catalog (the constructor throws, Create closes the store) leaves no watches behind. A
        // read-only database may have no log, and only the file's identity decides.
        if (registryKey is not null)
        {
            _files = PathGuard.Record(registryKey, IsReadOnly ? null : _walPath);
        }

        EngineMetrics.Opened(this);
    }

    /// <summary>The options the database was opened with, without the password or key (not kept once the keys are derived).</summary>
    public DatabaseOptions Options { get; }

    /// <summary>The page store.</summary>
    public IPageStore Store { get => Volatile.Read(ref _store); private set => Volatile.Write(ref _store, value); }

    // Replaced only by VACUUM and rekey, while no other connection uses the instance (see Database.Maintenance.cs).
    private IPageStore _store;

    /// <summary>The statements prepared by any session, by SQL text.</summary>
    public StatementCache Statements { get; } = new();

    /// <summary>The newest committed schema this instance knows.</summary>
    public Schema Schema => Volatile.Read(ref _schema);

    /// <summary>The collations every connection to this database can use (built-ins and <c>CreateCollation</c>'s).</summary>
    public CollationRegistry Collations { get; } = new();

    /// <summary>True for a read-only database.</summary>
    public bool IsReadOnly => Store.IsReadOnly;

    /// <summary>
    /// Opens the database, or joins the instance already open for the same file, or takes the instance the pool kept
    /// open after its last connection closed. A shared instance's settings must agree (same password or key, same
    /// durability, same cache size, not read-only when read-write is asked for); the open mode and busy timeout are
    /// each connection's own (see <see cref="CreateSession(DatabaseOptions)"/>). A pooled instance is reused only when
    /// the path still names the file it holds open and it was opened with the same settings and secret; otherwise it
    /// is closed and the file opened afresh (so a wrong password costs a full key derivation, as on a cold open).
    /// </summary>
    /// <param name="options">The options.</param>
    /// <returns>The database; call <see cref="Release"/> when done.</returns>
    /// <exception cref="SharpCoreDBException">The file cannot be opened, or conflicts with the open instance.</exception>
    public static Database Acquire(DatabaseOptions options)
    {
        DatabaseHint? hint = null;
        return Acquire(options, ref hint);
    }

    /// <summary>
    /// <see cref="Acquire(DatabaseOptions)"/> for a caller that opens the same options again and again (a connection
    /// string parsed once): the hint remembers the database the last call returned, so a pooled open skips the lookup
    /// by path. The hint only finds the instance; every check the lookup's result gets (files, settings, secret) still runs.
    /// </summary>
    /// <param name="options">The options.</param>
    /// <param name="hint">The hint the last call with these options left, or null; set to the returned database's.</param>
    /// <returns>The database; call <see cref="Release"/> when done.</returns>
    /// <exception cref="SharpCoreDBException">The file cannot be opened, or conflicts with the open instance.</exception>
    public static Database Acquire(DatabaseOptions options, ref DatabaseHint? hint)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentException.ThrowIfNullOrEmpty(options.DataSource);
        ArgumentOutOfRangeException.ThrowIfLessThan(options.MaxLength, Execution.Scalar.ValueLimits.MinimumMaxLength, nameof(options));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(options.MaxLength, Execution.Scalar.ValueLimits.DefaultMaxLength, nameof(options));
        if (options.IsMemory)
        {
            return Create(options, OpenMemory(options), null);
        }

        string path = options.FullPath ?? Path.GetFullPath(options.DataSource);
        byte[] verifier = options.SecretVerifier ?? SecretVerifier(options);
        lock (s_registryLock)
        {
            // A hinted instance that has not closed is still the registry's entry for its path (both end together, in
            // Close under this lock); the path comparison covers a relative path that now resolves elsewhere.
            Database? open = hint?.Database;
            if (open is null || !string.Equals(open._registryKey, path, StringComparison.Ordinal))
            {
                s_registry.TryGetValue(path, out open);
            }

            if (open is not null)
            {
                if (open._replacing)
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.Busy, $"'{options.DataSource}' is being rebuilt (VACUUM or rekey) by another connection; try again when it is done.");
                }

                int references = Volatile.Read(ref open._references);
                if (references > 0)
                {
                    open.CheckCompatible(options, verifier);

                    // Connections release without the lock: count up only while the count is still above 0. A last
                    // release that got in first leaves the instance idle, and the checks for reusing one decide below.
                    while (references > 0)
                    {
                        int seen = Interlocked.CompareExchange(ref open._references, references + 1, references);
                        if (seen == references)
                        {
                            hint = open._hint;
                            return open;
                        }

                        references = seen;
                    }
                }

                if (open.CanReuse(options, verifier))
                {
                    open._clearOnRelease = false;
                    Volatile.Write(ref open._references, 1);
                    hint = open._hint;
                    return open;
                }

                // Idle and stale (another file at the path, other settings or another secret): the new open decides.
                s_registry.Remove(path);
                open.Close();
            }

            Database database = Create(options, OpenFile(path, options), path);
            if (!database.IsReadOnly)
            {
                RemoveAbandonedRebuild(path);
            }

            s_registry.Add(path, database);
            hint = database._hint;
            return database;
        }
    }

    // Reading the catalog can still fail after the store opened (a damaged catalog): the store must then be closed,
    // or its files and their lock stay held and every later open of the path says "locked".
    private static Database Create(DatabaseOptions options, WalPageStore store, string? registryKey)
    {
        try
        {
            return new Database(options, store, registryKey);
        }
        catch (Exception ex)
        {
            try
            {
                store.Dispose();
            }
            catch (SharpCoreDBException closeError)
            {
                SharpCoreDBErrorCode code = ex is SharpCoreDBException engineError ? engineError.ErrorCode : SharpCoreDBErrorCode.Corrupt;
                throw new SharpCoreDBException(code, $"{ex.Message} Closing the file afterwards failed too: {closeError.Message}", ex);
            }

            throw;
        }
    }

    /// <summary>A private instance over a store the caller opened (tests that put a device wrapper under it); it closes the store.</summary>
    /// <param name="options">The options (the data source only names it).</param>
    /// <param name="store">The store.</param>
    /// <returns>The database; call <see cref="Release"/> when done.</returns>
    internal static Database OnStore(DatabaseOptions options, IPageStore store) => new(options, store, null);

    /// <summary>Releases one reference; the last one closes the database, or leaves it open in the pool.</summary>
    /// <param name="pool">True to keep the database open for the next connection when this was the last reference.</param>
    /// <exception cref="SharpCoreDBException">IoError when closing checkpoints and that fails (the log keeps every commit).</exception>
    public void Release(bool pool = false)
    {
        if (_registryKey is null)
        {
            Close();
            return;
        }

        // Without the lock: a release that leaves other connections on the instance, and a last release that pools it,
        // only move the count. Only a last release that closes the instance takes the lock.
        int references = Volatile.Read(ref _references);
        while (references > 1 || (references == 1 && pool && IsPoolable))
        {
            BeforeReleaseCount?.Invoke(this);
            int seen = Interlocked.CompareExchange(ref _references, references - 1, references);
            if (seen == references)
            {
                if (references == 1)
                {
                    WentIdle();
                }

                return;
            }

            references = seen;
        }

        lock (s_registryLock)
        {
            if (_closed || Interlocked.Decrement(ref _references) > 0)
            {
                return;
            }

            if (pool && IsPoolable)
            {
                EnsureExitHook();
                return;
            }

            RemoveAndClose();
        }
    }

    /// <summary>
    /// Called by a release that does not take the registry lock, after it decided to only move the count and before it
    /// moves it: tests run <c>ClearPool</c> there, the one moment the ordering in <see cref="Release"/> guards against.
    /// </summary>
    internal static Action<Database>? BeforeReleaseCount { get; set; }

    // Not cleared by ClearPool, and the store has not failed: a store that failed (a lost fsync) must not be handed out
    // again, the next open recovers from the files.
    private bool IsPoolable => !Volatile.Read(ref _clearOnRelease) && Store is not WalPageStore { Failure: not null };

    // After a lock-free last release moved the count from 1 to 0. ClearPool may have flagged the instance meanwhile: it
    // sets the flag and then reads the count, and this read of the flag comes after the count moved (the exchange is a
    // full fence, and so is the one after ClearLocked's write), so at least one of the two sees the other and closes
    // the instance; both may, and the second finds it closed. Read the other way round, a ClearPool between the read
    // and the exchange would see the instance busy and leave it to this release, which would pool it: a leak.
    private void WentIdle()
    {
        if (!IsPoolable)
        {
            lock (s_registryLock)
            {
                // An open may have taken the instance again (the count is 1 then): its own last release decides.
                if (!_closed && Volatile.Read(ref _references) == 0)
                {
                    RemoveAndClose();
                }
            }

            return;
        }

        if (!Volatile.Read(ref s_exitHooked))
        {
            lock (s_registryLock)
            {
                EnsureExitHook();
            }
        }
    }

    // Under s_registryLock, with no connection on the instance.
    private void RemoveAndClose()
    {
        s_registry.Remove(_registryKey!);
        Close();
    }

    /// <summary>
    /// Closes the pooled (idle) instance of a file, checkpointing it; an instance connections still use is closed
    /// when its last connection closes instead of going back to the pool.
    /// </summary>
    /// <param name="dataSource">The file's path.</param>
    /// <exception cref="SharpCoreDBException">IoError when the final checkpoint fails (the log keeps every commit).</exception>
    public static void ClearPool(string dataSource)
    {
        ArgumentException.ThrowIfNullOrEmpty(dataSource);
        if (string.Equals(dataSource, DatabaseOptions.MemoryDataSource, StringComparison.OrdinalIgnoreCase))
        {
            return;
        }

        string path = Path.GetFullPath(dataSource);
        lock (s_registryLock)
        {
            if (s_registry.TryGetValue(path, out Database? database))
            {
                database.ClearLocked();
            }
        }
    }

    /// <summary>Like <see cref="ClearPool"/> for every file: idle instances close now, busy ones when their last connection closes.</summary>
    /// <exception cref="SharpCoreDBException">
    /// The first error of a final checkpoint; every other instance is still closed, and the log keeps every commit.
    /// </exception>
    public static void ClearAllPools()
    {
        SharpCoreDBException? first = null;
        lock (s_registryLock)
        {
            foreach (Database database in (Database[])[.. s_registry.Values])
            {
                try
                {
                    database.ClearLocked();
                }
                catch (SharpCoreDBException ex)
                {
                    // Go on closing the others; the first failure is reported once they are closed.
                    first ??= ex;
                }
            }
        }

        if (first is not null)
        {
            throw first;
        }
    }

    /// <summary>The number of instances kept open with no connection using them (the pool's idle databases).</summary>
    internal static int IdleCount
    {
        get
        {
            lock (s_registryLock)
            {
                int idle = 0;
                foreach (Database database in s_registry.Values)
                {
                    idle += Volatile.Read(ref database._references) == 0 ? 1 : 0;
                }

                return idle;
            }
        }
    }

    /// <summary>True once the instance closed (tests).</summary>
    internal bool IsClosed => Volatile.Read(ref _closed);

    /// <summary>True when this instance is open and no connection uses it (tests).</summary>
    internal bool IsIdle
    {
        get
        {
            lock (s_registryLock)
            {
                return !_closed && Volatile.Read(ref _references) == 0;
            }
        }
    }

    /// <summary>True when the pool learns of changes to this instance's files from file events, not by reading them (tests).</summary>
    internal bool IsWatchingFiles
    {
        get
        {
            lock (s_registryLock)
            {
                return _files?.IsWatching ?? false;
            }
        }
    }

    // Under s_registryLock.
    private void ClearLocked()
    {
        // The flag before the count, with a full fence between: see WentIdle.
        _clearOnRelease = true;
        Interlocked.MemoryBarrier();
        if (Volatile.Read(ref _references) > 0)
        {
            return;
        }

        RemoveAndClose();
    }

    // Pooled instances hold files, a page cache and the derived keys: at process exit they are checkpointed and
    // closed, so the next run starts from a clean file instead of replaying the log.
    private static void EnsureExitHook()
    {
        if (s_exitHooked)
        {
            return;
        }

        Volatile.Write(ref s_exitHooked, true);
        AppDomain.CurrentDomain.ProcessExit += static (_, _) =>
        {
            try
            {
                ClearAllPools();
            }
            catch (SharpCoreDBException ex)
            {
                // Nobody is left to catch it at exit; the log still holds every commit and the next open recovers them.
                System.Diagnostics.Trace.TraceError($"SharpCoreDB: closing pooled databases at exit failed: {ex.Message}");
            }
        };
    }

    // Under s_registryLock: an idle instance serves a new connection only when the path still names the files it holds
    // open and it was opened exactly as this connection would open it.
    private bool CanReuse(DatabaseOptions options, byte[] verifier) =>
        SameFiles()
        && SameSecret(verifier)
        && options.Durability == Options.Durability
        && options.CacheSize == Options.CacheSize
        && options.MaxLength == Options.MaxLength
        && IsReadOnly == (options.OpenMode == SharpCoreDBOpenMode.ReadOnly);

    private bool SameFiles() => _files!.IsCurrent();

    /// <summary>Starts a session with the options the database was opened with.</summary>
    /// <returns>The session.</returns>
    public Session CreateSession() => CreateSession(Options);

    /// <summary>Starts a session (one per connection) with its connection's own busy timeout and open mode.</summary>
    /// <param name="options">The connection's options (checked compatible by <see cref="Acquire(DatabaseOptions)"/>).</param>
    /// <returns>The session.</returns>
    public Session CreateSession(DatabaseOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        ObjectDisposedException.ThrowIf(_closed, this);
        return new Session(this, options);
    }

    /// <summary>
    /// Starts a transaction and gives it the schema its snapshot sees, without reading the catalog when no
    /// schema change can have slipped in: the cached schema is read before the transaction starts, and a
    /// schema-changing commit counts itself "in flight" from before its pages become visible until after it
    /// has published its schema. When no commit was in flight before or after the start and the cached schema
    /// did not change meanwhile, the snapshot holds exactly the cached schema; otherwise the catalog decides.
    /// </summary>
    /// <param name="state">Passed to <paramref name="begin"/> (so the callback can be a static lambda).</param>
    /// <param name="begin">Starts the storage transaction and wraps it (given the schema to start with).</param>
    /// <typeparam name="TState">The state type.</typeparam>
    /// <returns>The transaction, with its schema set.</returns>
    internal TransactionContext BeginTransaction<TState>(TState state, Func<TState, Schema, TransactionContext> begin)
    {
        Schema before = Schema;
        bool quietBefore = Volatile.Read(ref _schemaCommitsInFlight) == 0;
        TransactionContext transaction = begin(state, before);
        try
        {
            bool quietAfter = Volatile.Read(ref _schemaCommitsInFlight) == 0;
            transaction.StartWith(quietBefore && quietAfter && ReferenceEquals(before, Schema) ? before : SchemaFor(transaction));
            transaction.MaxLength = Options.MaxLength;
            return transaction;
        }
        catch
        {
            transaction.Dispose();
            throw;
        }
    }

    /// <summary>Marks a schema-changing commit as in flight (call before the commit).</summary>
    internal void BeginSchemaCommit() => Interlocked.Increment(ref _schemaCommitsInFlight);

    /// <summary>Publishes the committed schema (when the commit succeeded) and ends the in-flight mark.</summary>
    /// <param name="committed">The committed schema, or null when the commit failed.</param>
    internal void EndSchemaCommit(Schema? committed)
    {
        try
        {
            if (committed is not null)
            {
                Publish(committed);
            }
        }
        finally
        {
            Interlocked.Decrement(ref _schemaCommitsInFlight);
        }
    }

    /// <summary>The schema a transaction sees: the cached one when the catalog's version matches, else re-read.</summary>
    /// <param name="transaction">A new transaction (its schema is not used).</param>
    /// <returns>The schema.</returns>
    internal Schema SchemaFor(TransactionContext transaction)
    {
        Schema cached = Schema;
        long version = CatalogStore.ReadVersion(transaction);
        if (version == cached.Version)
        {
            return cached;
        }

        Schema loaded = CatalogStore.Load(transaction);
        Publish(loaded);
        return loaded;
    }

    /// <summary>Makes a committed schema the current one, unless a newer one is known.</summary>
    /// <param name="schema">The schema.</param>
    internal void Publish(Schema schema)
    {
        lock (_schemaLock)
        {
            if (schema.Version > _schema.Version)
            {
                Volatile.Write(ref _schema, schema);
            }
        }
    }

    // Files and :memory: alike run on the write-ahead-log store: snapshots for readers, group commit for writers.
    private static WalPageStore OpenMemory(DatabaseOptions options) =>
        WalPageStore.OpenMemory(StoreOptions(options, memory: true));

    private static WalPageStore OpenFile(string path, DatabaseOptions options) =>
        WalPageStore.Open(path, StoreOptions(options, memory: false));

    private static WalStoreOptions StoreOptions(DatabaseOptions options, bool memory, PageFileOptions? file = null) => new()
    {
        File = file ?? FileOptions(options, memory),
        Durability = new DurabilityOptions
        {
            Mode = options.Durability,
            BusyTimeout = options.BusyTimeout,
            ReadOnly = !memory && options.OpenMode == SharpCoreDBOpenMode.ReadOnly,
        },
        CachePages = options.CacheSize,
        Events = new DatabaseMetrics(options.DataSource),
        FileObserver = options.StoreObserver,
    };

    // An in-memory database is always created fresh and writable: the open mode only matters for files.
    private static PageFileOptions FileOptions(DatabaseOptions options, bool memory) => new()
    {
        PageSize = options.PageSize,
        Password = options.Password,
        RawKey = options.EncryptionKey is null ? (ReadOnlyMemory<byte>?)null : options.EncryptionKey,
        KdfIterations = options.KdfIterations ?? Storage.Encryption.KeyDerivation.DefaultIterations,
        ReadOnly = !memory && options.OpenMode == SharpCoreDBOpenMode.ReadOnly,
        CreateMode = memory || options.OpenMode == SharpCoreDBOpenMode.ReadWriteCreate ? PageFileCreateMode.OpenOrCreate : PageFileCreateMode.OpenExisting,
    };

    // The very array the instance was opened with (a connection string parsed once passes its verifier to every open)
    // needs no comparison; reference equality tells nothing about the secret, so only other arrays are compared, in
    // constant time. FixedTimeEquals is deliberately unoptimized, and on a pooled open it was a tenth of the work.
    private bool SameSecret(byte[] verifier) =>
        ReferenceEquals(verifier, _secretVerifier) || CryptographicOperations.FixedTimeEquals(verifier, _secretVerifier);

    private void CheckCompatible(DatabaseOptions options, byte[] verifier)
    {
        if (!SameSecret(verifier))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.WrongPassword,
                $"'{options.DataSource}' is already open in this process with a different password or key");
        }

        if (options.Durability != Options.Durability)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Unsupported,
                $"'{options.DataSource}' is already open in this process with durability {Options.Durability}, not {options.Durability}");
        }

        // The page cache is the shared instance's, sized once when the file is opened.
        if (options.CacheSize != Options.CacheSize)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Unsupported,
                $"'{options.DataSource}' is already open in this process with Cache Size {Options.CacheSize}, not {options.CacheSize}; connections to one file share one page cache, so their Cache Size must agree");
        }

        if (IsReadOnly && options.OpenMode != SharpCoreDBOpenMode.ReadOnly)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.ReadOnly,
                $"'{options.DataSource}' is already open read-only in this process");
        }
    }

    /// <summary>The HMAC that tells whether two opens offer the same password or key (see <see cref="DatabaseOptions.SecretVerifier"/>).</summary>
    /// <param name="options">The options carrying the secret.</param>
    /// <returns>32 bytes.</returns>
    internal static byte[] SecretVerifier(DatabaseOptions options)
    {
        // Most databases have no secret: one verifier serves them all, computed once.
        if (options.Password is null && options.EncryptionKey is null)
        {
            return s_noSecretVerifier ??= Verifier([0]);
        }


        // A tag byte keeps "password" and "raw key" apart; no secret gives an all-zero input of one byte.
        return Verifier(options.Password is { } password ? [1, .. Encoding.UTF8.GetBytes(password)] : [2, .. options.EncryptionKey!]);
    }

    private static byte[] Verifier(byte[] input)
    {
        try
        {
            return HMACSHA256.HashData(s_verifierKey, input);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(input);
        }
    }

    private void Close()
    {
        if (_closed)
        {
            return;
        }

        _closed = true;
        _hint.Clear();
        DropIdleSession();
        _files?.Dispose();
        EngineMetrics.Closed(this);
        Store.Dispose();
    }
}
