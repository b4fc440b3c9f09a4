using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using SharpCoreDB.Engine;

namespace SharpCoreDB;

/// <summary>
/// A connection to a SharpCoreDB database file (or a private in-memory database).
/// Connections to the same file in one process share one engine instance; a second process gets a
/// <see cref="SharpCoreDBErrorCode.Locked"/> error. A connection is not thread-safe; open one per thread: a call
/// made while another thread is inside the same connection fails at once with <see cref="InvalidOperationException"/>.
/// Each connection's <c>Mode</c> and <c>Default Timeout</c> hold for that connection alone; <c>Password</c>,
/// <c>Encryption Key</c>, <c>Durability</c> and <c>Cache Size</c> must agree with the connections already open on the file.
/// </summary>
/// <example>
/// <code>
/// using var connection = new SharpCoreDBConnection("Data Source=app.scdb;Password=secret;Durability=FullSync");
/// connection.Open();
/// </code>
/// </example>
public sealed partial class SharpCoreDBConnection : DbConnection
{
    private string _connectionString = string.Empty;
    private Database? _database;
    private Session? _session;
    private SharpCoreDBTransaction? _transaction;
    private ConnectionState _state = ConnectionState.Closed;

    // The parsed settings and what Open passes to the engine (with the secret's verifier), kept per connection-string
    // instance: applications open connection after connection from the same string, and a pooled open then parses,
    // resolves and hashes nothing. Keyed weakly by the string object, so the entry (and the password in it) lives no
    // longer than the string the application holds anyway.
    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<string, ParsedConnectionString> s_parsed = new();
    private static readonly ParsedConnectionString s_noConnectionString = new(new SharpCoreDBConnectionStringBuilder(), string.Empty);

    // The string set last, found by reference before the weak table's lookup (a hash and a handle read per open):
    // most applications open from one string. It stays referenced until another string is set, as
    // Microsoft.Data.Sqlite's pool keeps every connection string it has seen.
    private static ParsedConnectionString? s_lastParsed;
    private ParsedConnectionString _parsed = s_noConnectionString;

    // Immutable, so every open and close raises the same two (a pooled open allocates as little as it can).
    private static readonly StateChangeEventArgs s_opened = new(ConnectionState.Closed, ConnectionState.Open);
    private static readonly StateChangeEventArgs s_closed = new(ConnectionState.Open, ConnectionState.Closed);

    // The readers open on this connection, created with the first: closing the connection closes them, so none reads
    // on from a closed database.
    private List<SharpCoreDBDataReader>? _readers;

    /// <summary>Creates a closed connection without a connection string.</summary>
    public SharpCoreDBConnection()
    {
    }

    /// <summary>Creates a closed connection.</summary>
    /// <param name="connectionString">The connection string; see <see cref="SharpCoreDBConnectionStringBuilder"/>.</param>
    /// <exception cref="ArgumentException">A keyword is unknown or a value is invalid.</exception>
    public SharpCoreDBConnection(string connectionString)
    {
        ConnectionString = connectionString;
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentException">A keyword is unknown or a value is invalid.</exception>
    /// <exception cref="InvalidOperationException">The connection is open.</exception>
    [AllowNull]
    public override string ConnectionString
    {
        get => _connectionString;
        set
        {
            if (_state != ConnectionState.Closed)
            {
                throw new InvalidOperationException("The connection string cannot change while the connection is open.");
            }

            _connectionString = value ?? string.Empty;
            if (s_lastParsed is { } last && ReferenceEquals(last.Source, _connectionString))
            {
                _parsed = last;
                return;
            }

            if (!s_parsed.TryGetValue(_connectionString, out var parsed))
            {
                parsed = new ParsedConnectionString(new SharpCoreDBConnectionStringBuilder(value), _connectionString);
                s_parsed.AddOrUpdate(_connectionString, parsed);
            }

            _parsed = parsed;
            s_lastParsed = parsed;
        }
    }

    /// <summary>Always <c>main</c>: a connection has one database.</summary>
    public override string Database => "main";

    /// <summary>The data source: the file path or <c>:memory:</c>.</summary>
    public override string DataSource => _parsed.DataSource;

    /// <summary>The version of the SharpCoreDB library.</summary>
    public override string ServerVersion =>
        typeof(SharpCoreDBConnection).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
        ?? typeof(SharpCoreDBConnection).Assembly.GetName().Version?.ToString()
        ?? "0";

    /// <inheritdoc />
    public override ConnectionState State => _state;

    /// <summary>The default command timeout in seconds (connection-string keyword <c>Default Timeout</c>).</summary>
    public override int ConnectionTimeout => _parsed.DefaultTimeout;

    /// <inheritdoc />
    protected override DbProviderFactory DbProviderFactory => SharpCoreDBFactory.Instance;

    /// <summary>The transaction begun through <see cref="BeginTransaction()"/> that is still active, if any.</summary>
    internal SharpCoreDBTransaction? ActiveTransaction => _transaction;

    internal int DefaultTimeout => _parsed.DefaultTimeout;

    /// <summary>The engine session while open (tests check that a pooled open reuses the last one).</summary>
    internal Session? EngineSession => _session;

    /// <summary>The engine instance while open (tests check which one the pool handed out).</summary>
    internal Engine.Database? EngineDatabase => _database;

    internal bool IsOpen => _state == ConnectionState.Open;

    /// <summary>The engine session; throws when the connection is not open.</summary>
    internal Session Session => _session ?? throw new InvalidOperationException("The connection is not open; call Open first.");

    /// <summary>Opens the database, creating it when allowed by <c>Mode</c>, and runs recovery if needed.</summary>
    /// <remarks>Opening an open connection does nothing, as in Microsoft.Data.Sqlite.</remarks>
    /// <exception cref="InvalidOperationException">No Data Source.</exception>
    /// <exception cref="SharpCoreDBException">Wrong password, locked, corrupt or not a database, I/O error.</exception>
    public override void Open()
    {
        if (_state == ConnectionState.Open)
        {
            // As Microsoft.Data.Sqlite: opening an open connection does nothing.
            return;
        }

        var dataSource = _parsed.DataSource;
        if (string.IsNullOrWhiteSpace(dataSource))
        {
            throw new InvalidOperationException("The connection string has no 'Data Source' (a file path or :memory:).");
        }

        var options = _parsed.Options ??= BuildOptions(dataSource);
        var database = Engine.Database.Acquire(options, ref _parsed.Hint);
        Session? session = null;
        try
        {
            // Usually the session the last connection to close handed back, reset to a new session's state.
            session = database.RentSession(options);
            if (_parsed.ForeignKeys is bool foreignKeys)
            {
                session.Settings.ForeignKeys = foreignKeys;
            }

            RegisterPendingCollations(database);
            RegisterFunctions(database);
        }
        catch
        {
            session?.Dispose();
            database.Release();
            throw;
        }

        _session = session;
        _database = database;

        SetState(ConnectionState.Open);
    }

    /// <inheritdoc />
    public override Task OpenAsync(CancellationToken cancellationToken)
    {
        // Failures come back in the task, never thrown at the call, as every async ADO.NET method does.
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        try
        {
            Open();
            return Task.CompletedTask;
        }
        catch (Exception ex)
        {
            return Task.FromException(ex);
        }
    }

    /// <summary>Rolls back an active transaction and closes the connection. Closing a closed connection does nothing.</summary>
    public override void Close()
    {
        if (_state == ConnectionState.Closed)
        {
            return;
        }

        // As in Microsoft.Data.Sqlite: a reader ends with its connection (later reads throw InvalidOperationException).
        // Each reader's Close enters the session itself, so this comes before the connection's own entry below.
        while (_readers is { Count: > 0 })
        {
            _readers[^1].Close();
        }

        // Refused (InvalidOperationException) while another thread runs a command: disposing the session under it
        // would end the transaction that command is writing in.
        var session = Session;
        var use = session.Enter();
        bool reset = false;
        try
        {
            // The reset rolls back an active transaction; the provider's transaction object just ends.
            _transaction?.ConnectionClosed();
            session.ResetForReuse();
            reset = true;
        }
        finally
        {
            use.Dispose();
            _transaction = null;
            _session = null;
            var database = _database!;
            _database = null;
            SetState(ConnectionState.Closed);

            // Before the release, which may close the database; a session whose reset failed is not handed out again.
            if (reset)
            {
                database.ReturnSession(session);
            }
            else
            {
                session.Dispose();
            }

            database.Release(pool: _parsed.Pooling);
        }
    }

    /// <summary>
    /// Closes the database the pool keeps open for this connection's file, checkpointing it (as SQLite's
    /// <c>ClearPool</c> empties a pool): the next open reads the file afresh. When connections still use the database,
    /// it closes as the last of them closes instead of returning to the pool.
    /// </summary>
    /// <param name="connection">A connection to the file (open or not).</param>
    /// <exception cref="SharpCoreDBException">IoError when the final checkpoint fails; the log keeps every commit.</exception>
    public static void ClearPool(SharpCoreDBConnection connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        if (!string.IsNullOrWhiteSpace(connection.DataSource))
        {
            Engine.Database.ClearPool(connection.DataSource);
        }
    }

    /// <summary>
    /// Closes every database the pool keeps open, checkpointing each (it also runs at process exit); databases still in
    /// use close as their last connection closes.
    /// </summary>
    /// <exception cref="SharpCoreDBException">The first final checkpoint that failed; every other database is still closed.</exception>
    public static void ClearAllPools() => Engine.Database.ClearAllPools();

    /// <summary>
    /// The write-ahead log's size and how many commits an open reader has kept in it past its checkpoint threshold
    /// (see <see cref="SharpCoreDBLogStatus"/>). The log restarts once no reader needs it; a reader left open makes it
    /// grow without a cap, as SQLite's does.
    /// </summary>
    /// <returns>The status, shared by every connection to the same file.</returns>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    public SharpCoreDBLogStatus GetLogStatus()
    {
        Database database = _database ?? throw new InvalidOperationException("The connection is not open; call Open first.");
        return database.Store is Wal.WalPageStore store
            ? new SharpCoreDBLogStatus(store.WalSize, store.CommitsPinnedPastThreshold)
            : new SharpCoreDBLogStatus(0, 0);
    }

    /// <summary>Not supported: a connection has exactly one database.</summary>
    /// <param name="databaseName">Ignored.</param>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void ChangeDatabase(string databaseName) =>
        throw new NotSupportedException("SharpCoreDB connections have one database; open another connection instead.");

    /// <summary>Creates a command on this connection.</summary>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand CreateCommand() => new() { Connection = this, Transaction = _transaction };

    /// <summary>
    /// Begins a transaction that takes the writer slot at once (SQL <c>BEGIN IMMEDIATE</c>), as Microsoft.Data.Sqlite's
    /// <c>BeginTransaction()</c> does, so its first write never fails because another connection wrote first.
    /// </summary>
    /// <returns>The transaction (isolation level <see cref="IsolationLevel.Serializable"/>).</returns>
    /// <exception cref="SharpCoreDBException">Busy when another connection keeps the writer slot past the timeout.</exception>
    public new SharpCoreDBTransaction BeginTransaction() => BeginTransaction(IsolationLevel.Unspecified, deferred: false);

    /// <summary>Begins a transaction; see <see cref="BeginTransaction(IsolationLevel, bool)"/> for the levels.</summary>
    /// <param name="isolationLevel">The level; <see cref="IsolationLevel.ReadUncommitted"/> begins deferred.</param>
    /// <returns>The transaction.</returns>
    /// <exception cref="ArgumentException">The level is Chaos or Snapshot.</exception>
    public new SharpCoreDBTransaction BeginTransaction(IsolationLevel isolationLevel) =>
        BeginTransaction(isolationLevel, deferred: isolationLevel == IsolationLevel.ReadUncommitted);

    /// <summary>Begins a transaction, deferred (SQL <c>BEGIN</c>) or not (<c>BEGIN IMMEDIATE</c>).</summary>
    /// <param name="deferred">
    /// True to take the writer slot only at the first write: a transaction that only reads never waits for or blocks a
    /// writer and its commit writes nothing; a write after another connection's commit fails with Busy (roll back and retry).
    /// </param>
    /// <returns>The transaction.</returns>
    public SharpCoreDBTransaction BeginTransaction(bool deferred) => BeginTransaction(IsolationLevel.Unspecified, deferred);

    /// <summary>
    /// Begins a transaction. Every transaction is serializable (one writer at a time, readers in a snapshot), so as in
    /// Microsoft.Data.Sqlite <see cref="IsolationLevel.Unspecified"/>, <see cref="IsolationLevel.ReadUncommitted"/>,
    /// <see cref="IsolationLevel.ReadCommitted"/>, <see cref="IsolationLevel.RepeatableRead"/> and
    /// <see cref="IsolationLevel.Serializable"/> all give <see cref="IsolationLevel.Serializable"/> (a stronger level
    /// than asked for is allowed); <see cref="IsolationLevel.Chaos"/> and <see cref="IsolationLevel.Snapshot"/> throw.
    /// </summary>
    /// <param name="isolationLevel">The level.</param>
    /// <param name="deferred">True to take the writer slot only at the first write (see <see cref="BeginTransaction(bool)"/>).</param>
    /// <returns>The transaction.</returns>
    /// <exception cref="ArgumentException">The level is not supported.</exception>
    /// <exception cref="InvalidOperationException">The connection is not open, or already has a transaction.</exception>
    public SharpCoreDBTransaction BeginTransaction(IsolationLevel isolationLevel, bool deferred)
    {
        var level = SupportedLevel(isolationLevel);
        using var use = Session.Enter();
        CheckCanBegin();
        Session.Begin(deferred);
        return _transaction = new SharpCoreDBTransaction(this, level);
    }

    /// <inheritdoc />
    protected override DbCommand CreateDbCommand() => CreateCommand();

    /// <summary>True: see <see cref="SharpCoreDBBatch"/>.</summary>
    public override bool CanCreateBatch => true;

    /// <summary>Creates a batch on this connection (and its pending transaction, if any).</summary>
    /// <returns>The batch.</returns>
    public new SharpCoreDBBatch CreateBatch() => new(this, _transaction);

    /// <inheritdoc />
    protected override DbBatch CreateDbBatch() => CreateBatch();

    /// <inheritdoc />
    protected override DbTransaction BeginDbTransaction(IsolationLevel isolationLevel) => BeginTransaction(isolationLevel);

    /// <inheritdoc />
    protected override async ValueTask<DbTransaction> BeginDbTransactionAsync(IsolationLevel isolationLevel, CancellationToken cancellationToken)
    {
        var level = SupportedLevel(isolationLevel);
        using var use = Session.Enter();
        CheckCanBegin();
        await Session.BeginAsync(deferred: isolationLevel == IsolationLevel.ReadUncommitted, cancellationToken).ConfigureAwait(false);
        return _transaction = new SharpCoreDBTransaction(this, level);
    }

    // Microsoft.Data.Sqlite's mapping: every level it can honour becomes Serializable; the rest are refused.
    private static IsolationLevel SupportedLevel(IsolationLevel isolationLevel) => isolationLevel switch
    {
        IsolationLevel.Unspecified or IsolationLevel.ReadUncommitted or IsolationLevel.ReadCommitted
            or IsolationLevel.RepeatableRead or IsolationLevel.Serializable => IsolationLevel.Serializable,
        // Message only (no parameter name), word for word Microsoft.Data.Sqlite's, so code matching on it keeps working.
        _ => throw new ArgumentException($"The IsolationLevel '{isolationLevel}' is not supported."),
    };

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    /// <summary>Called by a reader when it opens.</summary>
    internal void ReaderOpened(SharpCoreDBDataReader reader) => (_readers ??= []).Add(reader);

    /// <summary>Called by a reader when it closes.</summary>
    internal void ReaderClosed(SharpCoreDBDataReader reader) => _readers?.Remove(reader);

    /// <summary>Called by a transaction when it commits or rolls back.</summary>
    internal void EndTransaction(SharpCoreDBTransaction transaction)
    {
        if (ReferenceEquals(_transaction, transaction))
        {
            _transaction = null;
        }
    }

    private DatabaseOptions BuildOptions(string dataSource)
    {
        SharpCoreDBConnectionStringBuilder settings = _parsed.Settings;
        var options = new DatabaseOptions
        {
            DataSource = dataSource,
            Password = settings.Password.Length == 0 ? null : settings.Password,
            EncryptionKey = settings.GetEncryptionKeyBytes(),
            Durability = settings.Durability,
            OpenMode = settings.Mode,
            CacheSize = settings.CacheSize,
            PageSize = settings.PageSize,
            BusyTimeout = TimeSpan.FromSeconds(settings.DefaultTimeout),
        };

        // A relative path is resolved at each open (the current directory may change); a full one once.
        return options.IsMemory
            ? options
            : options with
            {
                FullPath = Path.IsPathFullyQualified(dataSource) ? Path.GetFullPath(dataSource) : null,
                SecretVerifier = Engine.Database.SecretVerifier(options),
            };
    }

    private void CheckCanBegin()
    {
        _ = Session;
        if (_transaction is not null || Session.InTransaction)
        {
            throw new InvalidOperationException("A transaction is already active on this connection; SharpCoreDB does not nest transactions.");
        }
    }

    private void SetState(ConnectionState state)
    {
        var previous = _state;
        _state = state;
        if (previous != state)
        {
            OnStateChange(state == ConnectionState.Open ? s_opened : s_closed);
        }
    }

    /// <summary>
    /// A connection string parsed once: its settings, the ones every open and close reads (the builder's own properties
    /// look each keyword up in a dictionary), and the engine options built at its first open.
    /// </summary>
    private sealed class ParsedConnectionString(SharpCoreDBConnectionStringBuilder settings, string source)
    {
        public SharpCoreDBConnectionStringBuilder Settings { get; } = settings;

        /// <summary>The string instance parsed (compared by reference).</summary>
        public string Source { get; } = source;

        public string DataSource { get; } = settings.DataSource;

        public int DefaultTimeout { get; } = settings.DefaultTimeout;

        public bool? ForeignKeys { get; } = settings.ForeignKeys;

        public bool Pooling { get; } = settings.Pooling;

        public DatabaseOptions? Options { get; set; }

        // Where the last open of this string found its database (a field, so Acquire can update it by reference).
        public DatabaseHint? Hint;
    }
}
