using System.Collections;
using System.Data;
using System.Data.Common;
using System.Globalization;
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <summary>
/// Reads the rows of a <see cref="SharpCoreDBCommand"/>. Rows are produced lazily from the database as
/// <see cref="Read"/> is called, inside a read snapshot that is released when the reader closes.
/// Typed getters return the column's declared CLR type: INTEGER → <see cref="long"/>, REAL → <see cref="double"/>,
/// TEXT → <see cref="string"/>, BLOB → <c>byte[]</c>, BOOLEAN → <see cref="bool"/>, DATETIME/DATE/TIMESTAMP/UNIXTIME →
/// <see cref="DateTime"/>, GUID → <see cref="Guid"/>, DECIMAL → <see cref="decimal"/>. docs/TYPES.md has the whole table
/// of what each CLR type is stored as and read back from.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1010:Generic interface should also be implemented",
    Justification = "DbDataReader enumerates IDataRecord through the non-generic ADO.NET contract.")]
public sealed partial class SharpCoreDBDataReader : DbDataReader, IValueOrigin
{
    // ReadAsync's answers: a read that completes at once allocates no task.
    private static readonly Task<bool> s_true = Task.FromResult(true);
    private static readonly Task<bool> s_false = Task.FromResult(false);

    private readonly SharpCoreDBCommand _command;
    private readonly QueryResult _result;
    private readonly CommandBehavior _behavior;
    private readonly CancellationTokenSource? _execution;

    // The token the command was executed with (linked into _execution): its cancellation surfaces as
    // OperationCanceledException from the reader too.
    private readonly CancellationToken _callerToken;
    private readonly SharpCoreDBConnection? _connection;
    private bool _closed;

    internal SharpCoreDBDataReader(SharpCoreDBCommand command, QueryResult result, CommandBehavior behavior, CancellationTokenSource? execution, CancellationToken callerToken)
    {
        _command = command;
        _result = result;
        _behavior = behavior;
        _execution = execution;
        _callerToken = callerToken;
        _connection = command.Connection;
        _connection?.ReaderOpened(this);
    }

    /// <inheritdoc />
    public override int Depth => 0;

    /// <inheritdoc />
    public override int FieldCount
    {
        get
        {
            ThrowIfClosed();
            return _result.FieldCount;
        }
    }

    /// <inheritdoc />
    public override bool HasRows
    {
        get
        {
            ThrowIfClosed();
            using var use = _result.Session.Enter();
            try
            {
                return _result.HasRows;
            }
            catch (Exception e) when (_command.MapCancellation(e, _callerToken) is { } mapped)
            {
                throw mapped;
            }
        }
    }

    /// <inheritdoc />
    public override bool IsClosed => _closed;

    /// <summary>Rows inserted, updated or deleted by the statements run so far; -1 when none were.</summary>
    public override int RecordsAffected => _result.RecordsAffected;

    /// <inheritdoc />
    public override object this[int ordinal] => GetValue(ordinal);

    /// <inheritdoc />
    public override object this[string name] => GetValue(GetOrdinal(name));

    /// <inheritdoc />
    public override bool Read() => SyncPath.Result(ReadCore(CancellationToken.None));

    /// <inheritdoc />
    public override Task<bool> ReadAsync(CancellationToken cancellationToken) => ReadCore(cancellationToken);

    /// <inheritdoc />
    public override bool NextResult() => SyncPath.Result(NextResultCore(async: false, CancellationToken.None));

    /// <inheritdoc />
    public override Task<bool> NextResultAsync(CancellationToken cancellationToken) => NextResultCore(async: true, cancellationToken);

    /// <summary>
    /// The core of both Read forms. It has no <c>async</c> switch because the engine has no asynchronous row source: a
    /// row is produced from pages read on this thread (the writer slot and the log flush, the only waits that can be
    /// asynchronous, happen in NextResult and Close). So it completes at once, with a cached task for either answer,
    /// and a failure comes back as a faulted task, as the asynchronous API expects.
    /// </summary>
    /// <param name="cancellationToken">The caller's token (none for the synchronous API).</param>
    /// <returns>A completed task: false when there are no more rows.</returns>
    internal Task<bool> ReadCore(CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<bool>(cancellationToken);
        }

        try
        {
            ThrowIfClosed();
            using var use = _result.Session.Enter();
            return _result.Read() ? s_true : s_false;
        }
        catch (Exception e)
        {
            return Task.FromException<bool>(_command.MapCancellation(e, cancellationToken.IsCancellationRequested ? cancellationToken : _callerToken) ?? e);
        }
    }

    /// <summary>Moves to the next result, running the statements in between, blocking the thread or not.</summary>
    /// <param name="async">
    /// True to wait for the writer slot and the log flush without blocking a thread; false to wait on this thread, in
    /// which case the returned task is already complete.
    /// </param>
    /// <param name="cancellationToken">The caller's token (none for the synchronous API).</param>
    /// <returns>False when no statement with rows is left.</returns>
    internal async Task<bool> NextResultCore(bool async, CancellationToken cancellationToken)
    {
        ThrowIfClosed();
        cancellationToken.ThrowIfCancellationRequested();
        using var use = _result.Session.Enter();
        try
        {
            return await _result.NextResult(async).ConfigureAwait(false);
        }
        catch (Exception e) when (_command.MapCancellation(e, cancellationToken.IsCancellationRequested ? cancellationToken : _callerToken) is { } mapped)
        {
            throw mapped;
        }
    }

    /// <inheritdoc />
    public override string GetName(int ordinal)
    {
        ThrowIfClosed();
        return _result.GetName(ordinal);
    }

    /// <summary>The ordinal of a column: an exact (ordinal) name match first, then a case-insensitive one.</summary>
    /// <param name="name">The column name.</param>
    /// <returns>The ordinal.</returns>
    /// <exception cref="IndexOutOfRangeException">No column has that name.</exception>
    public override int GetOrdinal(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        ThrowIfClosed();
        var count = _result.FieldCount;
        for (var i = 0; i < count; i++)
        {
            if (string.Equals(_result.GetName(i), name, StringComparison.Ordinal))
            {
                return i;
            }
        }

        for (var i = 0; i < count; i++)
        {
            if (string.Equals(_result.GetName(i), name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        // IndexOutOfRangeException is the documented IDataRecord.GetOrdinal contract.
#pragma warning disable CA2201
        throw new IndexOutOfRangeException($"The result has no column named '{name}'.");
#pragma warning restore CA2201
    }

    /// <summary>The declared type of the column without its size (e.g. <c>INTEGER</c>, <c>VARCHAR</c> for
    /// <c>VARCHAR(20)</c>), or for an expression
    /// column the SQL name of its CLR field type.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The type name.</returns>
    public override string GetDataTypeName(int ordinal)
    {
        ThrowIfClosed();
        var declared = _result.GetDeclaredTypeName(ordinal);
        if (declared.Length > 0)
        {
            // As Microsoft.Data.Sqlite: the type name without its size or precision ("VARCHAR(20)" is VARCHAR); the
            // schema table keeps the numbers in ColumnSize, NumericPrecision and NumericScale.
            int open = declared.IndexOf('(', StringComparison.Ordinal);
            return open < 0 ? declared : declared[..open].TrimEnd();
        }

        var type = _result.GetFieldType(ordinal);
        return type == typeof(long) ? "INTEGER"
            : type == typeof(double) ? "REAL"
            : type == typeof(string) ? "TEXT"
            : type == typeof(byte[]) ? "BLOB"
            : string.Empty;
    }

    /// <inheritdoc />
    public override Type GetFieldType(int ordinal)
    {
        ThrowIfClosed();
        return _result.GetFieldType(ordinal);
    }

    /// <summary>The value in its declared CLR type, or <see cref="DBNull.Value"/> for NULL.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value.</returns>
    public override object GetValue(int ordinal) =>
        SqlValueReader.ToObject(Value(ordinal));

    /// <inheritdoc />
    public override int GetValues(object[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        var count = Math.Min(values.Length, FieldCount);
        for (var i = 0; i < count; i++)
        {
            values[i] = GetValue(i);
        }

        return count;
    }

    /// <inheritdoc />
    public override bool IsDBNull(int ordinal) => Value(ordinal).IsNull;

    /// <inheritdoc />
    public override bool GetBoolean(int ordinal) => SqlValueReader.GetBoolean(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override byte GetByte(int ordinal) => checked((byte)GetInt64(ordinal));

    /// <inheritdoc />
    public override short GetInt16(int ordinal) => checked((short)GetInt64(ordinal));

    /// <inheritdoc />
    public override int GetInt32(int ordinal) => checked((int)GetInt64(ordinal));

    /// <summary>An INTEGER column; a REAL is truncated toward zero and integer text is parsed, as SQLite converts.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The value.</returns>
    public override long GetInt64(int ordinal) => SqlValueReader.GetInt64(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override double GetDouble(int ordinal) => SqlValueReader.GetDouble(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override float GetFloat(int ordinal) => (float)GetDouble(ordinal);

    /// <inheritdoc />
    public override decimal GetDecimal(int ordinal) => SqlValueReader.GetDecimal(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override DateTime GetDateTime(int ordinal) => SqlValueReader.GetDateTime(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override Guid GetGuid(int ordinal) => SqlValueReader.GetGuid(Value(ordinal), this, ordinal);

    /// <summary>TEXT (invalid UTF-8 in it as U+FFFD); numbers as SQLite renders them; a BLOB decoded as UTF-8.</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The string.</returns>
    public override string GetString(int ordinal) => SqlValueReader.GetString(Value(ordinal), this, ordinal);

    /// <summary>TEXT of exactly one character, or an INTEGER code point (how a char binds as INTEGER).</summary>
    /// <param name="ordinal">The column.</param>
    /// <returns>The character.</returns>
    public override char GetChar(int ordinal) => SqlValueReader.GetChar(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length)
    {
        var value = NotNull(ordinal);
        Span<byte> inline = stackalloc byte[PackedBlob.Size];
        ReadOnlySpan<byte> bytes = value.StorageClass switch
        {
            SqlStorageClass.Blob => value.GetBlobBytes(inline),
            SqlStorageClass.Text => Utf8Text.Encode(value.AsText()),

            // A number as the bytes of its text, as sqlite3_column_blob (and so Microsoft.Data.Sqlite) gives it.
            _ => Encoding.UTF8.GetBytes(GetString(ordinal)),
        };
        return CopyOut(bytes, dataOffset, buffer, bufferOffset, length);
    }

    /// <inheritdoc />
    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length) =>
        CopyOut(GetString(ordinal).AsSpan(), dataOffset, buffer, bufferOffset, length);

    /// <inheritdoc />
    public override IEnumerator GetEnumerator() => new DbEnumerator(this, closeReader: false);

    /// <summary>Runs any statements not reached yet, releases the read snapshot and, with
    /// <see cref="CommandBehavior.CloseConnection"/>, closes the connection.</summary>
    public override void Close() => SyncPath.Wait(CloseCore(async: false));

    /// <summary>Like <see cref="Close"/>, without blocking a thread on the writer slot or the log flush of the
    /// statements not reached yet.</summary>
    /// <returns>A task that completes when the reader is closed.</returns>
    public override Task CloseAsync() => CloseCore(async: true).AsTask();

    /// <inheritdoc />
    public override async ValueTask DisposeAsync()
    {
        await CloseCore(async: true).ConfigureAwait(false);
        await base.DisposeAsync().ConfigureAwait(false);
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    /// <summary>The core of Close, CloseAsync and both Dispose forms.</summary>
    /// <param name="async">
    /// True to run the statements not reached yet without blocking a thread on the writer slot or the log flush; false
    /// to run them on this thread, in which case the returned task is already complete.
    /// </param>
    /// <returns>A task that completes when the reader is closed.</returns>
    internal async ValueTask CloseCore(bool async)
    {
        if (_closed)
        {
            return;
        }

        // Entered before the reader counts as closed, so a refused close (another thread inside) leaves it usable.
        var use = _result.Session.Enter();
        _closed = true;
        try
        {
            // The scope ends before CloseConnection below closes the connection, which enters the session itself.
            using (use)
            {
                await _result.Close(async).ConfigureAwait(false);
            }
        }
        catch (Exception e) when (_command.MapCancellation(e, _callerToken) is { } mapped)
        {
            throw mapped;
        }
        finally
        {
            _connection?.ReaderClosed(this);
            _command.ReaderClosed(_execution);
            if ((_behavior & CommandBehavior.CloseConnection) != 0 && _command.Connection is { } connection)
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

    private static long CopyOut<TItem>(ReadOnlySpan<TItem> source, long dataOffset, TItem[]? buffer, int bufferOffset, int length)
    {
        if (buffer is null)
        {
            return source.Length;
        }

        ArgumentOutOfRangeException.ThrowIfNegative(dataOffset);
        ArgumentOutOfRangeException.ThrowIfNegative(bufferOffset);
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        if (dataOffset >= source.Length)
        {
            return 0;
        }

        var count = (int)Math.Min(Math.Min(length, source.Length - dataOffset), buffer.Length - bufferOffset);
        source.Slice((int)dataOffset, count).CopyTo(buffer.AsSpan(bufferOffset));
        return count;
    }

    private SqlValue Value(int ordinal)
    {
        ThrowIfClosed();
        return _result.GetValue(ordinal);
    }

    private SqlValue NotNull(int ordinal) => SqlValueReader.NotNull(Value(ordinal), this, ordinal);

    /// <inheritdoc />
    string IValueOrigin.Describe(int ordinal) => $"Column {ordinal} ('{GetName(ordinal)}')";

    private void ThrowIfClosed()
    {
        if (_closed)
        {
            throw new InvalidOperationException("The data reader is closed.");
        }
    }
}
