using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>
/// Runs the crash-test child (SharpCoreDB.CrashChild, copied next to this test assembly) and collects the
/// complete lines it prints. A line cut short by the kill is never reported.
/// </summary>
internal sealed class ChildProcess : IDisposable
{
    private readonly Process _process;
    private readonly List<string> _lines = [];
    private readonly TaskCompletionSource<string> _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Task _pump;
    private readonly StringBuilder _errors = new();

    private ChildProcess(Process process)
    {
        _process = process;
        _pump = Task.Run(PumpAsync);
        _process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                lock (_errors)
                {
                    _errors.AppendLine(e.Data);
                }
            }
        };
        _process.BeginErrorReadLine();
    }

    public static ChildProcess Start(params string[] args)
    {
        string childDll = Path.Combine(AppContext.BaseDirectory, "SharpCoreDB.CrashChild.dll");
        var info = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(childDll);
        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        return new ChildProcess(Process.Start(info) ?? throw new InvalidOperationException("The crash child did not start."));
    }

    public string Errors
    {
        get
        {
            lock (_errors)
            {
                return _errors.ToString();
            }
        }
    }

    /// <summary>Waits for the "ready" line; false when the child exited or the wait timed out first.</summary>
    public bool WaitReady(TimeSpan timeout) => _ready.Task.Wait(timeout) && _ready.Task.Result.StartsWith("ready", StringComparison.Ordinal);

    /// <summary>SIGKILL (kill -9): the child gets no chance to flush or close anything.</summary>
    public void Kill()
    {
        try
        {
            _process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // It already exited (it should not: report what it said).
            throw new InvalidOperationException($"The crash child exited on its own with code {_process.ExitCode}: {Errors}");
        }

        _process.WaitForExit();
    }

    /// <summary>Every complete line printed, after the child has exited.</summary>
    public IReadOnlyList<string> Lines()
    {
        _pump.GetAwaiter().GetResult();
        return _lines;
    }

    /// <summary>The (txId, sequence) of every "c" line.</summary>
    public IEnumerable<(long TxId, ulong Sequence)> Commits()
    {
        foreach (string line in Lines())
        {
            string[] parts = line.Split(' ');
            if (parts.Length == 3 && parts[0] == "c")
            {
                yield return (long.Parse(parts[1], CultureInfo.InvariantCulture), ulong.Parse(parts[2], CultureInfo.InvariantCulture));
            }
        }
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            _process.WaitForExit();
        }

        _process.Dispose();
    }

    private async Task PumpAsync()
    {
        Stream output = _process.StandardOutput.BaseStream;
        byte[] buffer = new byte[64 * 1024];
        var pending = new StringBuilder();
        int read;
        while ((read = await output.ReadAsync(buffer).ConfigureAwait(false)) > 0)
        {
            pending.Append(Encoding.UTF8.GetString(buffer, 0, read));
            int newline;
            while ((newline = IndexOf(pending, '\n')) >= 0)
            {
                string line = pending.ToString(0, newline).TrimEnd('\r');
                pending.Remove(0, newline + 1);
                _lines.Add(line);
                if (line.StartsWith("ready", StringComparison.Ordinal))
                {
                    _ready.TrySetResult(line);
                }
            }
        }

        // Whatever is left has no newline: the kill cut it, so it is not a complete report.
        _ready.TrySetResult("exited");
    }

    private static int IndexOf(StringBuilder builder, char value)
    {
        for (int i = 0; i < builder.Length; i++)
        {
            if (builder[i] == value)
            {
                return i;
            }
        }

        return -1;
    }
}
