using Xunit.Abstractions;
using System.Diagnostics;
using SharpCoreDB.Tests.Data;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>
/// kill -9 during VACUUM and during rekey (SharpCoreDB.SqlChild's maintenance loop), at random moments: the database
/// then opens under the old key or the new one, holds exactly the data it held, and checks ok. SHARPCOREDB_STRESS=1
/// kills more often.
/// </summary>
public sealed class MaintenanceCrashTests(ITestOutputHelper output) : IDisposable
{
    private const string OtherKeyHex = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    private static int Rounds => Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1" ? 40 : 4;

    [Theory]
    [InlineData("vacuum")]
    [InlineData("rekey")]
    public async Task Killed_midway_the_database_opens_old_or_new_with_the_same_data(string operation)
    {
        int seed = Environment.TickCount;
        var random = new Random(seed);
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex};Pooling=False")))
        {
            Fill(db, 1500, seed);
            Execute(db, "DELETE FROM t WHERE id % 5 = 0");
            expected = Dump(db);
        }

        SharpCoreDBConnection.ClearAllPools();
        for (int round = 0; round < Rounds; round++)
        {
            using Process child = Start(operation);
            string? first;
            try
            {
                // Hang guards, not timings: one rebuild of this small database takes well under a second.
                first = await child.StandardOutput.ReadLineAsync().WaitAsync(TimeSpan.FromSeconds(120));
                Assert.True(first is not null && first.StartsWith("done", StringComparison.Ordinal), $"seed {seed}: the child said '{first}'");

                // Killed at a random moment of a later rebuild: SIGKILL, nothing flushed or closed.
                await Task.Delay(random.Next(0, 400));
            }
            finally
            {
                child.Kill(entireProcessTree: true);
            }

            await child.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));

            using SharpCoreDBConnection db = OpenWithEitherKey(seed, round);
            Assert.Equal(expected, Dump(db));
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
            output.WriteLine($"round {round}: killed after '{first}', opened fine");
        }
    }

    [Fact]
    public async Task Killed_while_a_rebuild_copies_the_next_open_removes_the_rebuild_file()
    {
        int seed = Environment.TickCount;
        string rebuild = _file.Path + "-vacuum";
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex};Pooling=False")))
        {
            Fill(db, 300, seed);
            expected = Dump(db);
        }

        SharpCoreDBConnection.ClearAllPools();

        // The child blocks inside the rebuild, after its copy exists and before the rename, and says so: the kill
        // lands there every time.
        using (Process child = Start("block"))
        {
            try
            {
                // A hang guard, not a timing: the child reaches the copy within seconds.
                string? said = await child.StandardOutput.ReadLineAsync().WaitAsync(TimeSpan.FromSeconds(120));
                if (said != "copying")
                {
                    child.Kill(entireProcessTree: true);
                    string errors = await child.StandardError.ReadToEndAsync().WaitAsync(TimeSpan.FromSeconds(60));
                    Assert.Fail($"seed {seed}: the child said '{said}' instead of 'copying'; stderr: {errors}");
                }

                Assert.True(File.Exists(rebuild), $"seed {seed}: the child is copying, but '{rebuild}' does not exist");
            }
            finally
            {
                child.Kill(entireProcessTree: true);
            }

            await child.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
        }

        Assert.True(File.Exists(rebuild), $"seed {seed}: the killed rebuild left no '{rebuild}'");
        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex};Pooling=False")))
        {
            Assert.False(File.Exists(rebuild), $"seed {seed}: the open left '{rebuild}'");
            Assert.False(File.Exists(rebuild + "-wal"), $"seed {seed}: the open left the rebuild file's log");
            Assert.Equal(expected, Dump(db));
            Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
        }
    }

    private Process Start(string operation)
    {
        var info = new ProcessStartInfo(Environment.ProcessPath ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "SharpCoreDB.SqlChild.dll"));
        info.ArgumentList.Add("maintenance");
        info.ArgumentList.Add(_file.Path);
        info.ArgumentList.Add(operation);

        // The child starts with whichever key opens the file now (a previous round may have left either).
        string current = KeyInForce();
        info.ArgumentList.Add(current);
        info.ArgumentList.Add(current == RawKeyHex ? OtherKeyHex : RawKeyHex);
        return Process.Start(info) ?? throw new InvalidOperationException("The child did not start.");
    }

    private string KeyInForce()
    {
        using SharpCoreDBConnection db = OpenWithEitherKey(0, -1);
        return db.ConnectionString.Contains(RawKeyHex, StringComparison.Ordinal) ? RawKeyHex : OtherKeyHex;
    }

    private SharpCoreDBConnection OpenWithEitherKey(int seed, int round)
    {
        try
        {
            return Open(_file.ConnectionString($"Encryption Key={RawKeyHex};Pooling=False"));
        }
        catch (SharpCoreDBException first) when (first.ErrorCode == SharpCoreDBErrorCode.WrongPassword)
        {
            try
            {
                return Open(_file.ConnectionString($"Encryption Key={OtherKeyHex};Pooling=False"));
            }
            catch (SharpCoreDBException second)
            {
                throw new Xunit.Sdk.XunitException($"seed {seed}, round {round}: neither key opens the database: {first.Message} / {second.Message}");
            }
        }
    }
}
