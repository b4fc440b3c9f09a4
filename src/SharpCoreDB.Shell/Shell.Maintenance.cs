using System.Data.Common;

namespace SharpCoreDB.Shell;

/// <summary>
/// .backup, .vacuum, .check and .rekey: each is one SQL statement of the engine's own (VACUUM INTO, VACUUM,
/// PRAGMA integrity_check, PRAGMA rekey), so the shell adds no behaviour of its own beyond asking for the password.
/// </summary>
internal sealed partial class Shell
{
    private void Backup(string path)
    {
        // VACUUM INTO writes a consistent, compact copy while the database stays open; it refuses an existing file.
        ExecuteNonQuery("VACUUM INTO " + Commands.SqlText.Literal(path));
    }

    private void Vacuum() => ExecuteNonQuery("VACUUM");

    private void Check()
    {
        using DbCommand command = Connection.CreateCommand();
        command.CommandText = "PRAGMA integrity_check";
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            _console.Out.WriteLine(reader.GetString(0));
        }
    }

    private void Rekey()
    {
        if (!_console.Passwords.CanPrompt)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Unsupported,
                ".rekey asks for the new password at a terminal; in a script use PRAGMA rekey = '...'");
        }

        string first = _console.Passwords.Prompt("New password:");
        string second = _console.Passwords.Prompt("Repeat the new password:");
        if (!string.Equals(first, second, StringComparison.Ordinal))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.WrongPassword, "the two passwords differ; the password is unchanged");
        }

        if (first.Length == 0)
        {
            // An empty answer is more often a slip than a wish to store the data in the clear.
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.WrongPassword,
                "the new password is empty; the password is unchanged (to decrypt the database, run PRAGMA rekey = '' yourself)");
        }

        ExecuteNonQuery("PRAGMA rekey = " + Commands.SqlText.Literal(first));
        _console.Out.WriteLine("Password changed.");
    }

    private void ExecuteNonQuery(string sql)
    {
        using DbCommand command = Connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
