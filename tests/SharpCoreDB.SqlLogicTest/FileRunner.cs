using System.Data.Common;
using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// Runs one script file against a fresh database on a worker thread, so that an engine stuck on a record cannot
/// stall the run. Each command gets the timeout as its CommandTimeout: a provider that honours it fails that record
/// alone and the file goes on. A record still running at twice the timeout counts as failed, the file is abandoned
/// (its worker left behind as a background thread) and the run moves on.
/// </summary>
internal sealed class FileRunner
{
    private static readonly TimeSpan s_poll = TimeSpan.FromMilliseconds(50);

    private readonly string _path;
    private readonly IReadOnlyList<ScriptRecord> _records;
    private readonly DbProviderFactory _factory;
    private readonly string _connectionString;
    private readonly TimeSpan _timeout;
    private readonly bool _verbose;

    // Everything below is shared with the worker and guarded by _gate.
    private readonly Lock _gate = new();
    private readonly ManualResetEventSlim _finished = new(false);
    private readonly FileResult _result = new();
    private ScriptExecutor? _executor;
    private ScriptRecord? _current;
    private long _currentStarted;
    private bool _abandoned;

    private FileRunner(string path, IReadOnlyList<ScriptRecord> records, DbProviderFactory factory, string connectionString, TimeSpan timeout, bool verbose)
    {
        _path = path;
        _records = records;
        _factory = factory;
        _connectionString = connectionString;
        _timeout = timeout;
        _verbose = verbose;
    }

    /// <summary>Runs the records of one file.</summary>
    /// <param name="path">The file's path, for messages.</param>
    /// <param name="records">The parsed records.</param>
    /// <param name="factory">The engine's provider factory.</param>
    /// <param name="connectionString">The connection string of a fresh database.</param>
    /// <param name="timeout">The time one record may take.</param>
    /// <param name="verbose">True to collect failure descriptions.</param>
    /// <returns>The counts.</returns>
    public static FileResult Run(string path, IReadOnlyList<ScriptRecord> records, DbProviderFactory factory, string connectionString, TimeSpan timeout, bool verbose)
    {
        var runner = new FileRunner(path, records, factory, connectionString, timeout, verbose);
        return runner.RunCore();
    }

    private FileResult RunCore()
    {
        var worker = new Thread(Work) { IsBackground = true, Name = "sqllogictest " + Path.GetFileName(_path) };
        worker.Start();
        while (!_finished.Wait(s_poll))
        {
            ScriptExecutor? stuck = null;
            lock (_gate)
            {
                // Twice the command timeout: the provider's own timeout (which fails only the record) comes first.
                if (_currentStarted != 0 && Stopwatch.GetElapsedTime(_currentStarted) > 2 * _timeout)
                {
                    _abandoned = true;
                    _result.TimedOut = true;
                    Fail(_current!, RecordOutcome.Fail(string.Create(CultureInfo.InvariantCulture, $"timed out after {(2 * _timeout).TotalSeconds} s; the rest of the file is abandoned")));
                    stuck = _executor;
                }
            }

            if (stuck is not null)
            {
                CancelAbandoned(stuck);
                lock (_gate)
                {
                    return _result;
                }
            }
        }

        _finished.Dispose();
        return _result;
    }

    private void CancelAbandoned(ScriptExecutor executor)
    {
        // Best effort: a provider that honours Cancel frees the worker; one that does not leaves it behind.
        try
        {
            executor.CancelCurrent();
        }
        catch (Exception e)
        {
            lock (_gate)
            {
                if (_verbose)
                {
                    _result.Failures.Add($"{_path}: cancelling the timed-out command failed: {e.GetType().Name}: {e.Message}");
                }
            }
        }
    }

    private void Work()
    {
        try
        {
            using DbConnection connection = _factory.CreateConnection()
                ?? throw new InvalidOperationException($"{_factory.GetType().FullName}.CreateConnection() returned null.");
            connection.ConnectionString = _connectionString;
            connection.Open();
            var executor = new ScriptExecutor(connection, (int)Math.Ceiling(_timeout.TotalSeconds));
            lock (_gate)
            {
                _executor = executor;
            }

            foreach (ScriptRecord record in _records)
            {
                lock (_gate)
                {
                    if (_abandoned)
                    {
                        return;
                    }

                    _current = record;
                    _currentStarted = Stopwatch.GetTimestamp();
                }

                RecordOutcome outcome = executor.Execute(record);
                lock (_gate)
                {
                    if (_abandoned)
                    {
                        return;
                    }

                    _currentStarted = 0;
                    if (!Count(record, outcome))
                    {
                        return;
                    }
                }
            }
        }
        catch (Exception e)
        {
            // Opening the database failed, or the runner itself broke: one failure for the file, said loudly.
            lock (_gate)
            {
                if (!_abandoned)
                {
                    _result.Failed++;
                    _result.Failures.Add($"{_path}: the file could not run: {e.GetType().FullName}: {e.Message}");
                }
            }
        }
        finally
        {
            // Abandoned runs leave the event to the collector: the main thread no longer waits on it.
            lock (_gate)
            {
                if (!_abandoned)
                {
                    _finished.Set();
                }
            }
        }
    }

    // Applies an outcome; false when the file halts.
    private bool Count(ScriptRecord record, RecordOutcome outcome)
    {
        switch (outcome.Kind)
        {
            case OutcomeKind.Passed:
                _result.Passed++;
                return true;
            case OutcomeKind.Skipped:
                _result.Skipped++;
                return true;
            case OutcomeKind.Failed:
                Fail(record, outcome);
                return true;
            case OutcomeKind.Halt:
                return false;
            default:
                return true;
        }
    }

    private void Fail(ScriptRecord record, RecordOutcome outcome)
    {
        _result.Failed++;
        if (_verbose)
        {
            _result.Failures.Add(Describe(record, outcome));
        }
    }

    private string Describe(ScriptRecord record, RecordOutcome outcome)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"{_path}:{record.Line}: {outcome.Reason}").AppendLine();
        switch (record)
        {
            case StatementRecord statement:
                AppendBlock(text, statement.ExpectError ? "statement error" : "statement ok", [statement.Sql]);
                break;
            case QueryRecord query:
                AppendBlock(text, $"query {query.Types} {query.Sort}{(query.Label is null ? string.Empty : " " + query.Label)}", [query.Sql]);
                AppendBlock(text, "expected", query.Expected);
                AppendBlock(text, "actual", outcome.Actual ?? []);
                break;
        }

        return text.ToString();
    }

    private static void AppendBlock(StringBuilder text, string title, IReadOnlyList<string> lines)
    {
        text.Append("  ").Append(title).AppendLine(":");
        foreach (string line in lines)
        {
            foreach (string part in line.Split('\n'))
            {
                text.Append("    ").AppendLine(part);
            }
        }
    }
}
