using System.Diagnostics;
using System.Text.Json;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Packaging;

/// <summary>
/// The provider reuses EF's SQLite provider without its native library. An app that uses only our provider
/// (SharpCoreDB.EntityFrameworkCore.NativeProbe, copied next to this assembly) must neither ship native SQLite in its
/// dependency closure nor load it, nor load Microsoft.Data.Sqlite or SQLitePCLRaw as it runs.
/// </summary>
public sealed class NativeSqliteTests
{
    private const string Probe = "SharpCoreDB.EntityFrameworkCore.NativeProbe";

    [Fact]
    public void The_dependency_closure_of_an_app_using_the_provider_has_no_native_SQLite()
    {
        using var deps = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, Probe + ".deps.json")));
        var offenders = new List<string>();
        foreach (var target in deps.RootElement.GetProperty("targets").EnumerateObject())
        {
            foreach (var library in target.Value.EnumerateObject())
            {
                // The bundles and lib.e_sqlite3 packages carry the native library; SourceGear.sqlite3 is another build of it.
                if (library.Name.StartsWith("SQLitePCLRaw.bundle", StringComparison.OrdinalIgnoreCase)
                    || library.Name.StartsWith("SQLitePCLRaw.lib.", StringComparison.OrdinalIgnoreCase)
                    || library.Name.StartsWith("SQLitePCLRaw.provider.", StringComparison.OrdinalIgnoreCase)
                    || library.Name.StartsWith("SourceGear.sqlite3", StringComparison.OrdinalIgnoreCase))
                {
                    offenders.Add(library.Name);
                }

                if (library.Value.TryGetProperty("native", out var native) || library.Value.TryGetProperty("runtimeTargets", out native))
                {
                    offenders.AddRange(native.EnumerateObject().Select(n => n.Name).Where(n => n.Contains("sqlite", StringComparison.OrdinalIgnoreCase)));
                }
            }
        }

        Assert.Empty(offenders);
    }

    [Fact]
    public async Task An_app_using_the_provider_loads_no_native_SQLite_nor_Microsoft_Data_Sqlite()
    {
        using var directory = Providers.NewDirectory();
        var info = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, Probe + ".dll"));
        info.ArgumentList.Add(directory.File("probe.scdb"));
        using var process = Process.Start(info)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        // A hang guard only: the probe runs a handful of statements.
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(120));
        string stdout = await output;
        string stderr = await errors;
        Assert.True(process.ExitCode == 0, $"the probe failed ({process.ExitCode}): {stderr}{stdout}");
        Assert.Contains("total 3.75 order b,a", stdout, StringComparison.Ordinal);
        Assert.EndsWith("done", stdout.TrimEnd(), StringComparison.Ordinal);
        // Every line the probe prints about a loaded SQLite module is a failure.
        Assert.DoesNotContain("native ", stdout, StringComparison.Ordinal);
        Assert.DoesNotContain("managed ", stdout, StringComparison.Ordinal);
    }
}
