using System.Data.Common;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// Runs the records of one script, in order, against one connection (a fresh database), keeping the state a
/// script carries: the hash threshold and the result hashes of labels.
/// </summary>
internal sealed class ScriptExecutor
{
    /// <summary>The engine name the runner answers to in skipif/onlyif: the corpus was written against SQLite's semantics.</summary>
    public const string EngineName = "sqlite";

    /// <summary>The hash threshold before a script sets one (the reference runner's default).</summary>
    public const int DefaultHashThreshold = 8;

    private readonly DbConnection _connection;
    private readonly int _commandTimeoutSeconds;

    // Label → "N values hashing to H" of the first record with that label (its written result).
    private readonly Dictionary<string, string> _labels = new(StringComparer.Ordinal);
    private int _hashThreshold = DefaultHashThreshold;
    private DbCommand? _current;

    /// <summary>Creates an executor over an open connection.</summary>
    /// <param name="connection">The connection to a fresh database.</param>
    /// <param name="commandTimeoutSeconds">The command timeout to ask the provider for.</param>
    public ScriptExecutor(DbConnection connection, int commandTimeoutSeconds)
    {
        _connection = connection;
        _commandTimeoutSeconds = commandTimeoutSeconds;
    }

    /// <summary>Runs one record.</summary>
    /// <param name="record">The record.</param>
    /// <returns>The outcome.</returns>
    public RecordOutcome Execute(ScriptRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        bool runs = record.RunsOn(EngineName);
        switch (record)
        {
            case StatementRecord statement:
                return runs ? RunStatement(statement) : RecordOutcome.Skip;
            case QueryRecord query when runs:
                return RunQuery(query);
            case QueryRecord query:
                LearnWrittenLabel(query);
                return RecordOutcome.Skip;
            case ControlRecord { Kind: ControlKind.Unknown } unknown:
                return RecordOutcome.Fail($"the runner does not understand the record '{unknown.Text}'");
            case ControlRecord { Kind: ControlKind.Halt }:
                return new RecordOutcome(runs ? OutcomeKind.Halt : OutcomeKind.Control);
            case ControlRecord control:
                if (runs)
                {
                    _hashThreshold = control.HashThreshold;
                }

                return new RecordOutcome(OutcomeKind.Control);
            default:
                throw new ArgumentException($"Unexpected record type {record.GetType().Name}.", nameof(record));
        }
    }

    /// <summary>Asks the provider to cancel the command in progress (from another thread, after a timeout).</summary>
    public void CancelCurrent() => Volatile.Read(ref _current)?.Cancel();

    /// <summary>The hash line a query's written result stands for.</summary>
    /// <param name="expected">The lines after <c>----</c>.</param>
    /// <returns>The "N values hashing to H" line.</returns>
    public static string WrittenHash(IReadOnlyList<string> expected) =>
        expected.Count == 1 && ResultHasher.IsHashLine(expected[0]) ? expected[0] : ResultHasher.Describe(expected);

    private RecordOutcome RunStatement(StatementRecord statement)
    {
        try
        {
            using DbCommand command = CreateCommand(statement.Sql);
            command.ExecuteNonQuery();
        }
        catch (DbException e)
        {
            return statement.ExpectError ? RecordOutcome.Pass : RecordOutcome.Fail($"statement failed: {e.Message}");
        }
        catch (Exception e)
        {
            // Only a database error is an expected error; anything else is the engine breaking.
            return RecordOutcome.Fail($"the engine threw {e.GetType().FullName}: {e.Message}");
        }
        finally
        {
            Volatile.Write(ref _current, null);
        }

        return statement.ExpectError ? RecordOutcome.Fail("statement succeeded, an error was expected") : RecordOutcome.Pass;
    }

    private RecordOutcome RunQuery(QueryRecord query)
    {
        var values = new List<string>();
        try
        {
            using DbCommand command = CreateCommand(query.Sql);
            try
            {
                command.Prepare();
            }
            catch (Exception e)
            {
                return RecordOutcome.Fail($"query failed to prepare: {e.GetType().Name}: {e.Message}");
            }

            try
            {
                using DbDataReader reader = command.ExecuteReader();
                if (reader.FieldCount != query.Types.Length)
                {
                    return RecordOutcome.Fail($"expected {query.Types.Length} columns, the query returned {reader.FieldCount}");
                }

                while (reader.Read())
                {
                    for (int i = 0; i < query.Types.Length; i++)
                    {
                        values.Add(ValueFormatter.Format(reader.GetValue(i), query.Types[i]));
                    }
                }
            }
            catch (Exception e) when (IsExecutionError(e))
            {
                // The reference runner steps rows until sqlite3_step stops returning a row and ignores why:
                // an error while executing (an integer overflow in sum(), say) ends the result. Keep the rows
                // read so far, minus a partial row.
                values.RemoveRange(values.Count - (values.Count % query.Types.Length), values.Count % query.Types.Length);
            }
        }
        catch (Exception e)
        {
            return RecordOutcome.Fail($"query failed: {e.GetType().Name}: {e.Message}");
        }
        finally
        {
            Volatile.Write(ref _current, null);
        }

        ResultSorter.Sort(values, query.Types.Length, query.Sort);
        bool hashed = _hashThreshold > 0 && values.Count > _hashThreshold;
        string? hash = hashed || query.Label is not null ? ResultHasher.Describe(values) : null;
        if (hashed)
        {
            if (query.Expected.Count != 1 || query.Expected[0] != hash)
            {
                return RecordOutcome.Fail("wrong result hash", [hash!]);
            }
        }
        else if (!SameLines(query.Expected, values))
        {
            return RecordOutcome.Fail(values.Count == query.Expected.Count ? "wrong result" : $"expected {query.Expected.Count} values, got {values.Count}", values);
        }

        if (query.Label is not null)
        {
            string known = LearnWrittenLabel(query);
            if (known != hash)
            {
                return RecordOutcome.Fail($"result of label {query.Label} does not agree with earlier results ({known})", [hash!]);
            }
        }

        return RecordOutcome.Pass;
    }

    // Records the written hash of a labeled query unless its label is known; returns the label's hash.
    private string LearnWrittenLabel(QueryRecord query)
    {
        if (query.Label is null)
        {
            return string.Empty;
        }

        if (!_labels.TryGetValue(query.Label, out string? known))
        {
            known = WrittenHash(query.Expected);
            _labels.Add(query.Label, known);
        }

        return known;
    }

    // A database error raised while rows are stepped, as opposed to compiling: errors SQLite reports while
    // preparing (syntax, unknown names, unsupported features) stay failures even if a provider raises them late.
    // A query stopped by its command timeout (or cancelled) did not finish, so it fails instead of ending the result.
    private static bool IsExecutionError(Exception e) =>
        e is DbException && e is not SharpCoreDBException
        {
            ErrorCode: SharpCoreDBErrorCode.SyntaxError or SharpCoreDBErrorCode.UnknownTable
                or SharpCoreDBErrorCode.UnknownColumn or SharpCoreDBErrorCode.UnknownIndex
                or SharpCoreDBErrorCode.Unsupported or SharpCoreDBErrorCode.MissingParameter
                or SharpCoreDBErrorCode.Timeout or SharpCoreDBErrorCode.Cancelled,
        };

    private DbCommand CreateCommand(string sql)
    {
        DbCommand command = _connection.CreateCommand();
        command.CommandText = sql;
        command.CommandTimeout = _commandTimeoutSeconds;
        Volatile.Write(ref _current, command);
        return command;
    }

    private static bool SameLines(IReadOnlyList<string> expected, List<string> actual)
    {
        if (expected.Count != actual.Count)
        {
            return false;
        }

        for (int i = 0; i < expected.Count; i++)
        {
            if (!string.Equals(expected[i], actual[i], StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }
}
