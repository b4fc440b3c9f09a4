using System.Diagnostics;
using System.Text;

namespace SharpCoreDB.Tests.Support;

/// <summary>
/// Runs SQL steps in the SharpCoreDB.SqlChild process (copied next to this test assembly) on a thread with a chosen
/// stack size, so a statement that overflows the stack kills the child instead of the test host.
/// </summary>
internal static class SqlChildProcess
{
    /// <summary>A Windows thread's default stack, the smallest a caller is likely to run on.</summary>
    public const int OneMegabyte = 1024;

    // A hang detector, not a timing assertion: every script here finishes in seconds.
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(120);

    /// <summary>Runs the steps, one command text each, and returns the child's line for each step.</summary>
    /// <param name="stackKilobytes">The stack size of the thread the steps run on.</param>
    /// <param name="steps">The command texts.</param>
    /// <returns>"ok rows first-value" or "error Code message", one per step.</returns>
    public static IReadOnlyList<string> Run(int stackKilobytes, params string[] steps)
    {
        string script = Path.Combine(Path.GetTempPath(), $"sqlchild-{Guid.NewGuid():N}.sql");
        File.WriteAllText(script, string.Join("\n--step\n", steps));
        try
        {
            var info = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "SharpCoreDB.SqlChild.dll"));
            info.ArgumentList.Add(stackKilobytes.ToString(System.Globalization.CultureInfo.InvariantCulture));
            info.ArgumentList.Add(script);
            using Process process = Process.Start(info) ?? throw new InvalidOperationException("The SQL child did not start.");
            var errors = new StringBuilder();
            process.ErrorDataReceived += (_, e) =>
            {
                if (e.Data is not null)
                {
                    lock (errors)
                    {
                        errors.AppendLine(e.Data);
                    }
                }
            };
            process.BeginErrorReadLine();
            Task<string> output = process.StandardOutput.ReadToEndAsync();
            if (!process.WaitForExit(s_hangGuard))
            {
                process.Kill(entireProcessTree: true);
                Assert.Fail($"The SQL child did not finish within {s_hangGuard.TotalSeconds} s; it printed: {output.Result}");
            }

            process.WaitForExit();
            string[] lines = output.Result.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            string stderr;
            lock (errors)
            {
                stderr = errors.ToString();
            }

            string said = string.Join(" | ", lines);
            Assert.True(
                process.ExitCode == 0 && lines.Length == steps.Length + 1 && lines[^1] == "done",
                $"The SQL child died (exit code {process.ExitCode}) after: {said}; stderr: {Shorten(stderr)}");
            return lines[..^1];
        }
        finally
        {
            File.Delete(script);
        }
    }

    private static string Shorten(string text) => text.Length > 3000 ? text[..3000] : text;
}
