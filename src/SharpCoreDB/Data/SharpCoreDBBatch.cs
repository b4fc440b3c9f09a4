using System.Data;
using System.Data.Common;

namespace SharpCoreDB;

/// <summary>
/// Commands run one after another on one connection, each with its own parameters, reporting each command's
/// <see cref="DbBatchCommand.RecordsAffected"/>. Like one command text holding several statements in
/// Microsoft.Data.Sqlite: outside a transaction each statement commits on its own, so when a command fails, the
/// commands before it keep their effects and the ones after it do not run; inside a transaction, rolling it back takes
/// back the whole batch.
/// </summary>
public sealed class SharpCoreDBBatch : DbBatch
{
    private SharpCoreDBConnection? _connection;
    private SharpCoreDBTransaction? _transaction;
    private int? _timeout;

    // Set for a data source's batch: the connection is the batch's own (see OwningConnection).
    private bool _ownsConnection;

    // The command of the running statement, for Cancel.
    private volatile SharpCoreDBCommand? _running;

    /// <summary>Creates an empty batch without a connection.</summary>
    public SharpCoreDBBatch()
    {
    }

    /// <summary>Creates an empty batch.</summary>
    /// <param name="connection">The connection.</param>
    /// <param name="transaction">The transaction, if any.</param>
    public SharpCoreDBBatch(SharpCoreDBConnection? connection, SharpCoreDBTransaction? transaction = null)
    {
        _connection = connection;
        _transaction = transaction;
    }

    /// <summary>A batch of a data source: it opens its own connection when it first runs and closes it when disposed.</summary>
    /// <param name="connection">The closed connection the batch owns.</param>
    /// <returns>The batch.</returns>
    internal static SharpCoreDBBatch OwningConnection(SharpCoreDBConnection connection) =>
        new(connection) { _ownsConnection = true };

    /// <summary>The commands, run in order.</summary>
    public new SharpCoreDBBatchCommandCollection BatchCommands { get; } = new();

    /// <summary>
    /// Seconds each command may run before it fails with <see cref="SharpCoreDBErrorCode.Timeout"/>; 0 waits forever.
    /// Defaults to the connection's <c>Default Timeout</c>.
    /// </summary>
    public override int Timeout
    {
        get => _timeout ?? _connection?.DefaultTimeout ?? SharpCoreDBConnectionStringBuilder.DefaultDefaultTimeout;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _timeout = value;
        }
    }

    /// <summary>The connection the batch runs on.</summary>
    public new SharpCoreDBConnection? Connection
    {
        get => _connection;
        set => _connection = value;
    }

    /// <summary>The transaction the batch runs in; it must be the connection's pending transaction, if it has one.</summary>
    public new SharpCoreDBTransaction? Transaction
    {
        get => _transaction;
        set => _transaction = value;
    }

    /// <inheritdoc />
    protected override DbBatchCommandCollection DbBatchCommands => BatchCommands;

    /// <inheritdoc />
    protected override DbConnection? DbConnection
    {
        get => _connection;
        set => _connection = value switch
        {
            null => null,
            SharpCoreDBConnection connection => connection,
            _ => throw new ArgumentException($"A SharpCoreDBBatch needs a SharpCoreDBConnection, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <inheritdoc />
    protected override DbTransaction? DbTransaction
    {
        get => _transaction;
        set => _transaction = value switch
        {
            null => null,
            SharpCoreDBTransaction transaction => transaction,
            _ => throw new ArgumentException($"A SharpCoreDBBatch needs a SharpCoreDBTransaction, not {value.GetType().Name}.", nameof(value)),
        };
    }

    /// <summary>Runs every command in one use of the connection and returns the rows they changed in all (-1 when none did).</summary>
    /// <returns>The total rows affected.</returns>
    /// <exception cref="SharpCoreDBException">A command failed; the commands after it did not run.</exception>
    public override int ExecuteNonQuery() => SyncPath.Result(ExecuteNonQueryCore(async: false, CancellationToken.None));

    /// <inheritdoc />
    public override Task<int> ExecuteNonQueryAsync(CancellationToken cancellationToken = default) =>
        ExecuteNonQueryCore(async: true, cancellationToken).AsTask();

    /// <summary>Runs the commands and returns the first column of the first row of the first command's result.</summary>
    /// <returns>The value, <see cref="DBNull.Value"/> for SQL NULL, or null when there is none.</returns>
    public override object? ExecuteScalar() => SyncPath.Result(ExecuteScalarCore(async: false, CancellationToken.None));

    /// <inheritdoc />
    public override Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken = default) =>
        ExecuteScalarCore(async: true, cancellationToken).AsTask();

    /// <summary>
    /// Parses, binds and plans every command's SQL now, so errors surface here and later runs skip the work. Commands
    /// after one that changes the schema are only parsed: they are bound when they run, against the schema it made.
    /// </summary>
    public override void Prepare()
    {
        var plan = true;
        for (int i = 0; i < BatchCommands.Count; i++)
        {
            plan = Attach(BatchCommands[i]).Prepare(plan);
        }
    }

    /// <inheritdoc />
    public override Task PrepareAsync(CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Prepare();
        return Task.CompletedTask;
    }

    /// <summary>Asks the running command to stop (it fails with <see cref="SharpCoreDBErrorCode.Cancelled"/>); later ones do not run.</summary>
    public override void Cancel() => _running?.Cancel();

    /// <inheritdoc />
    protected override DbBatchCommand CreateDbBatchCommand() => new SharpCoreDBBatchCommand();

    /// <inheritdoc />
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) =>
        SyncPath.Result(ExecuteReaderCore(behavior, async: false, CancellationToken.None));

    /// <inheritdoc />
    protected override async Task<DbDataReader> ExecuteDbDataReaderAsync(CommandBehavior behavior, CancellationToken cancellationToken) =>
        await ExecuteReaderCore(behavior, async: true, cancellationToken).ConfigureAwait(false);

    /// <inheritdoc />
    public override void Dispose()
    {
        if (_ownsConnection)
        {
            _connection?.Dispose();
        }

        base.Dispose();
    }

    /// <inheritdoc />
    public override async ValueTask DisposeAsync()
    {
        if (_ownsConnection && _connection is not null)
        {
            await _connection.DisposeAsync().ConfigureAwait(false);
        }

        await base.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>The command that runs a batch command, attached to this batch's connection, transaction and timeout.</summary>
    internal SharpCoreDBCommand Attach(SharpCoreDBBatchCommand command)
    {
        SharpCoreDBCommand inner = command.Command;
        inner.Connection = _connection;
        inner.Transaction = _transaction;
        inner.CommandTimeout = Timeout;
        _running = inner;
        return inner;
    }

    // Checks the batch can run and opens a data source's connection on first use.
    private async ValueTask CheckReady(bool async, CancellationToken cancellationToken)
    {
        if (_connection is null)
        {
            throw new InvalidOperationException("The batch has no connection.");
        }

        if (_ownsConnection && _connection.State == ConnectionState.Closed)
        {
            if (async)
            {
                await _connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                _connection.Open();
            }
        }

        if (BatchCommands.Count == 0)
        {
            throw new InvalidOperationException("The batch has no commands.");
        }

        for (int i = 0; i < BatchCommands.Count; i++)
        {
            BatchCommands[i].RecordsAffectedValue = 0;
        }
    }

    // The core of both ExecuteNonQuery forms (async false never waits asynchronously, so its task is complete on
    // return). One entry into the session for the whole batch: no other call on the connection can run between two
    // commands.
    private async ValueTask<int> ExecuteNonQueryCore(bool async, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        await CheckReady(async, cancellationToken).ConfigureAwait(false);
        var first = Attach(BatchCommands[0]);
        var statement = first.Compile(out var session);
        using var use = session.Enter();
        int total = -1;
        try
        {
            for (int i = 0; i < BatchCommands.Count; i++)
            {
                SharpCoreDBBatchCommand command = BatchCommands[i];
                var inner = i == 0 ? first : Attach(command);
                if (i > 0)
                {
                    statement = inner.Compile(out _);
                }

                int affected = await inner.RunNonQuery(statement, session, async, cancellationToken).ConfigureAwait(false);
                command.RecordsAffectedValue = affected;
                if (affected >= 0)
                {
                    total = Math.Max(total, 0) + affected;
                }
            }
        }
        finally
        {
            _running = null;
        }

        return total;
    }

    // The core of both ExecuteReader forms: the first command runs now, the others as the reader reaches them.
    private async ValueTask<SharpCoreDBBatchDataReader> ExecuteReaderCore(CommandBehavior behavior, bool async, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        await CheckReady(async, cancellationToken).ConfigureAwait(false);
        var reader = new SharpCoreDBBatchDataReader(this, behavior);
        await reader.Start(async, cancellationToken).ConfigureAwait(false);
        return reader;
    }

    // The core of both ExecuteScalar forms: the commands after the first result still run, on the same path.
    private async ValueTask<object?> ExecuteScalarCore(bool async, CancellationToken cancellationToken)
    {
        SharpCoreDBBatchDataReader reader = await ExecuteReaderCore(CommandBehavior.Default, async, cancellationToken).ConfigureAwait(false);
        try
        {
            object? value = reader.FieldCount > 0 && await reader.ReadCore(cancellationToken).ConfigureAwait(false) ? reader.GetValue(0) : null;
            while (await reader.NextResultCore(async, cancellationToken).ConfigureAwait(false))
            {
            }

            return value;
        }
        finally
        {
            await reader.CloseCore(async).ConfigureAwait(false);
        }
    }
}
