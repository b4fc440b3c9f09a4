using System.Diagnostics;
using System.Text;

namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>Runs the built tool (SharpCoreDB.Shell.dll, copied next to this test assembly) as a separate process.</summary>
internal static class ShellProcess
{
    // A hang detector, not a timing assertion: every session here finishes in seconds.
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(120);

    /// <summary>Runs <c>dotnet SharpCoreDB.Shell.dll args</c> with a piped standard input.</summary>
    /// <param name="stdin">What to write to standard input (then it is closed).</param>
    /// <param name="environment">Extra environment variables; SHARPCOREDB_PASSWORD is removed unless given here.</param>
    /// <param name="args">The command line.</param>
    /// <returns>What it printed and its exit code.</returns>
    public static ShellResult Run(string stdin, IReadOnlyDictionary<string, string>? environment, params string[] args)
    {
        var info = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "SharpCoreDB.Shell.dll"));
        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        info.Environment.Remove(Shell.PasswordVariable);
        if (environment is not null)
        {
            foreach ((string name, string value) in environment)
            {
                info.Environment[name] = value;
            }
        }

        using Process process = Process.Start(info) ?? throw new InvalidOperationException("The shell did not start.");
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> error = process.StandardError.ReadToEndAsync();
        process.StandardInput.Write(stdin);
        process.StandardInput.Close();
        if (!process.WaitForExit(s_hangGuard))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"The shell did not finish within {s_hangGuard.TotalSeconds} s; it printed: {output.Result}");
        }

        process.WaitForExit();
        return new ShellResult(process.ExitCode, output.Result, error.Result);
    }
}
