using System.Collections;
using System.Data;
using System.Data.Common;

namespace SharpCoreDB;

/// <summary>
/// The results of a <see cref="SharpCoreDBBatch"/>, command after command: each command runs when the reader reaches it
/// (the first at once), its results read through its own <see cref="SharpCoreDBDataReader"/>.
/// </summary>
internal sealed class SharpCoreDBBatchDataReader : DbDataReader
{
    private readonly SharpCoreDBBatch _batch;
    private readonly CommandBehavior _behavior;
    private SharpCoreDBDataReader? _current;
    private int _index = -1;
    private int _recordsAffected = -1;
    private bool _closed;

    public SharpCoreDBBatchDataReader(SharpCoreDBBatch batch, CommandBehavior behavior)
    {
        _batch = batch;
        // CloseConnection applies once, when the whole batch's reader closes.
        _behavior = behavior;
    }

    public override int Depth => 0;

    public override int FieldCount => Current.FieldCount;

    public override bool HasRows => Current.HasRows;

    public override bool IsClosed => _closed;

    public override int RecordsAffected => _current is null ? _recordsAffected : Sum(_recordsAffected, _current.RecordsAffected);

    public override object this[int ordinal] => Current[ordinal];

    public override object this[string name] => Current[name];

    /// <summary>Runs the first command.</summary>
    /// <param name="async">True to run it without blocking a thread on the writer slot or the log flush.</param>
    /// <param name="cancellationToken">Cancels it.</param>
    /// <returns>A task that completes when its first result is ready.</returns>
    public Task Start(bool async, CancellationToken cancellationToken) => StartNext(async, cancellationToken);

    public override bool GetBoolean(int ordinal) => Current.GetBoolean(ordinal);

    public override byte GetByte(int ordinal) => Current.GetByte(ordinal);

    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length) =>
        Current.GetBytes(ordinal, dataOffset, buffer, bufferOffset, length);

    public override char GetChar(int ordinal) => Current.GetChar(ordinal);

    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length) =>
        Current.GetChars(ordinal, dataOffset, buffer, bufferOffset, length);

    public override string GetDataTypeName(int ordinal) => Current.GetDataTypeName(ordinal);

    public override DateTime GetDateTime(int ordinal) => Current.GetDateTime(ordinal);

    public override decimal GetDecimal(int ordinal) => Current.GetDecimal(ordinal);

    public override double GetDouble(int ordinal) => Current.GetDouble(ordinal);

    public override IEnumerator GetEnumerator() => new DbEnumerator(this, closeReader: false);

    public override Type GetFieldType(int ordinal) => Current.GetFieldType(ordinal);

    public override T GetFieldValue<T>(int ordinal) => Current.GetFieldValue<T>(ordinal);

    public override float GetFloat(int ordinal) => Current.GetFloat(ordinal);

    public override Guid GetGuid(int ordinal) => Current.GetGuid(ordinal);

    public override short GetInt16(int ordinal) => Current.GetInt16(ordinal);

    public override int GetInt32(int ordinal) => Current.GetInt32(ordinal);

    public override long GetInt64(int ordinal) => Current.GetInt64(ordinal);

    public override string GetName(int ordinal) => Current.GetName(ordinal);

    public override int GetOrdinal(string name) => Current.GetOrdinal(name);

    public override DataTable? GetSchemaTable() => Current.GetSchemaTable();

    public override string GetString(int ordinal) => Current.GetString(ordinal);

    public override object GetValue(int ordinal) => Current.GetValue(ordinal);

    public override int GetValues(object[] values) => Current.GetValues(values);

    public override bool IsDBNull(int ordinal) => Current.IsDBNull(ordinal);

    public override bool Read() => Current.Read();

    public override Task<bool> ReadAsync(CancellationToken cancellationToken) => ReadCore(cancellationToken);

    public override bool NextResult() => SyncPath.Result(NextResultCore(async: false, CancellationToken.None));

    public override Task<bool> NextResultAsync(CancellationToken cancellationToken) => NextResultCore(async: true, cancellationToken);

    public override void Close() => SyncPath.Wait(CloseCore(async: false));

    public override Task CloseAsync() => CloseCore(async: true).AsTask();

    public override async ValueTask DisposeAsync()
    {
        await CloseCore(async: true).ConfigureAwait(false);
        await base.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>Reads the current command's next row (see <see cref="SharpCoreDBDataReader.ReadCore"/>).</summary>
    /// <param name="cancellationToken">The caller's token.</param>
    /// <returns>A completed task: false when the current result has no more rows.</returns>
    public Task<bool> ReadCore(CancellationToken cancellationToken) => Current.ReadCore(cancellationToken);

    /// <summary>Moves to the next result, running the next command when the current one has none left.</summary>
    /// <param name="async">True to run without blocking a thread; false completes synchronously.</param>
    /// <param name="cancellationToken">The caller's token.</param>
    /// <returns>False when no command is left.</returns>
    public async Task<bool> NextResultCore(bool async, CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        if (_current is null)
        {
            return false;
        }

        if (await _current.NextResultCore(async, cancellationToken).ConfigureAwait(false))
        {
            return true;
        }

        await FinishCurrent(async).ConfigureAwait(false);
        return await StartNext(async, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The core of Close, CloseAsync and both Dispose forms: finishes the current command's statements.</summary>
    /// <param name="async">True to run them without blocking a thread; false completes synchronously.</param>
    /// <returns>A task that completes when the reader is closed.</returns>
    public async ValueTask CloseCore(bool async)
    {
        if (_closed)
        {
            return;
        }

        _closed = true;
        try
        {
            await FinishCurrent(async).ConfigureAwait(false);
        }
        finally
        {
            if ((_behavior & CommandBehavior.CloseConnection) != 0 && _batch.Connection is { } connection)
            {
                if (async)
                {
                    await connection.CloseAsync().ConfigureAwait(false);
                }
                else
                {
                    connection.Close();
                }
            }
        }
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    private SharpCoreDBDataReader Current
    {
        get
        {
            ObjectDisposedException.ThrowIf(_closed, this);
            return _current ?? throw new InvalidOperationException("The batch has no more results.");
        }
    }

    private static int Sum(int total, int affected) => affected < 0 ? total : Math.Max(total, 0) + affected;

    // Runs the next command; false when none is left.
    private async Task<bool> StartNext(bool async, CancellationToken cancellationToken)
    {
        if (++_index >= _batch.BatchCommands.Count)
        {
            return false;
        }

        SharpCoreDBCommand command = _batch.Attach(_batch.BatchCommands[_index]);
        _current = await command.ExecuteReaderCore(CommandBehavior.Default, async, cancellationToken).ConfigureAwait(false);
        return true;
    }

    // Reads the rest of the command's results (so its RecordsAffected is final) and records it.
    private async ValueTask FinishCurrent(bool async)
    {
        SharpCoreDBDataReader? current = _current;
        if (current is null)
        {
            return;
        }

        _current = null;
        try
        {
            while (await current.NextResultCore(async, CancellationToken.None).ConfigureAwait(false))
            {
            }

            await current.CloseCore(async).ConfigureAwait(false);
            _batch.BatchCommands[_index].RecordsAffectedValue = current.RecordsAffected;
            _recordsAffected = Sum(_recordsAffected, current.RecordsAffected);
        }
        finally
        {
            // After a failure too: closing a closed reader does nothing.
            await current.CloseCore(async).ConfigureAwait(false);
        }
    }
}
