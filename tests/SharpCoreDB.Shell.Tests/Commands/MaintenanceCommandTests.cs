using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

/// <summary>
/// .vacuum, .check, .backup and .rekey, which run VACUUM, PRAGMA integrity_check, VACUUM INTO and PRAGMA rekey.
/// </summary>
public sealed class MaintenanceCommandTests
{
    private static string CreateDatabase(TempDirectory temp, string? password = null)
    {
        string path = temp.File("main.scdb");
        string connection = password is null ? $"Data Source={path}" : $"Data Source={path};Password={password}";
        var sql = new List<string> { "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)" };
        for (int i = 1; i <= 500; i++)
        {
            sql.Add($"INSERT INTO t VALUES ({i}, '{new string('x', 200)}')");
        }

        sql.Add("DELETE FROM t WHERE id > 50");
        Database.Execute(connection, [.. sql]);
        return path;
    }

    [Fact]
    public void Vacuum_shrinks_the_file_and_keeps_the_rows()
    {
        using var temp = new TempDirectory();
        string path = CreateDatabase(temp);
        ShellResult result = InProcessShell.RunOn(path, ".vacuum\n.check\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("ok", result.Out.Trim());
        Assert.Equal(["integer:50"], Database.Rows($"Data Source={path}", "SELECT count(*) FROM t"));
        Assert.Equal(["integer:0"], Database.Rows($"Data Source={path}", "PRAGMA freelist_count"));
    }

    [Fact]
    public void Check_prints_ok_for_a_sound_database()
    {
        using var temp = new TempDirectory();
        ShellResult result = InProcessShell.RunOn(CreateDatabase(temp), ".check\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("ok", result.Out.Trim());
    }

    [Fact]
    public void Backup_writes_a_copy_that_opens_on_its_own_with_the_same_rows()
    {
        using var temp = new TempDirectory();
        string path = CreateDatabase(temp);
        string copy = temp.File("copy.scdb");
        ShellResult result = InProcessShell.RunOn(path, $".backup '{copy}'\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(
            Database.Rows($"Data Source={path}", "SELECT * FROM t ORDER BY id"),
            Database.Rows($"Data Source={copy}", "SELECT * FROM t ORDER BY id"));
        ShellResult check = InProcessShell.RunOn(copy, ".check\n");
        Assert.Equal("ok", check.Out.Trim());
    }

    [Fact]
    public void Backup_to_an_existing_file_is_refused()
    {
        using var temp = new TempDirectory();
        string path = CreateDatabase(temp);
        string existing = temp.File("existing.scdb");
        File.WriteAllText(existing, "keep me");
        ShellResult result = InProcessShell.RunOn(path, $".backup {existing}\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("keep me", File.ReadAllText(existing));
    }

    [Fact]
    public void Rekey_changes_the_password_after_asking_twice()
    {
        using var temp = new TempDirectory();
        string path = CreateDatabase(temp, "old");
        var prompt = new ScriptedPasswords("old", "new", "new");
        ShellResult result = InProcessShell.Run(".rekey\n", new ShellOptions { DataSource = path }, prompt);
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(["Password:", "New password:", "Repeat the new password:"], prompt.Asked);
        Assert.Equal(["integer:50"], Database.Rows($"Data Source={path};Password=new", "SELECT count(*) FROM t"));
        Assert.Throws<SharpCoreDBException>(() => Database.Rows($"Data Source={path};Password=old", "SELECT count(*) FROM t"));
    }
}
