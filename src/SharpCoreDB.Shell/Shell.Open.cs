using SharpCoreDB.Shell.Startup;

namespace SharpCoreDB.Shell;

/// <summary>Opening the database: where the password comes from.</summary>
internal sealed partial class Shell
{
    /// <summary>The environment variable that may hold the password (or raw key).</summary>
    public const string PasswordVariable = "SHARPCOREDB_PASSWORD";

    private SharpCoreDBConnection OpenConnection()
    {
        var settings = new SharpCoreDBConnectionStringBuilder
        {
            DataSource = _options.DataSource,

            // One connection for the whole session; a pool would only keep the file open after .quit.
            Pooling = false,
        };
        if (_options.Durability is { } durability)
        {
            settings.Durability = durability;
        }

        if (_options.ReadOnly)
        {
            settings.Mode = SharpCoreDBOpenMode.ReadOnly;
        }

        bool memory = string.Equals(_options.DataSource, ":memory:", StringComparison.Ordinal);
        if (!memory)
        {
            SetSecret(settings);
        }

        var connection = new SharpCoreDBConnection(settings.ConnectionString);
        try
        {
            connection.Open();
            return connection;
        }
        catch
        {
            connection.Dispose();
            throw;
        }
    }

    // Order: --password-file, then the environment variable, then a prompt. The environment variable is used only
    // for a file that needs it or does not exist yet (it then creates an encrypted database), so a variable left
    // set does not stop plain databases from opening.
    private void SetSecret(SharpCoreDBConnectionStringBuilder settings)
    {
        DatabaseSecret needed = DatabaseFileProbe.Inspect(_options.DataSource);
        string? secret = null;
        if (_options.PasswordFile is not null)
        {
            secret = ReadPasswordFile(_options.PasswordFile);
        }
        else if (needed != DatabaseSecret.None || !File.Exists(_options.DataSource))
        {
            string? variable = _console.GetEnvironmentVariable(PasswordVariable);
            secret = string.IsNullOrEmpty(variable) ? null : variable;
        }

        if (secret is null && needed != DatabaseSecret.None)
        {
            if (!_console.Passwords.CanPrompt)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.PasswordRequired,
                    $"'{_options.DataSource}' is encrypted: give its password with --password-file PATH or the {PasswordVariable} environment variable");
            }

            secret = _console.Passwords.Prompt(needed == DatabaseSecret.RawKey ? "Key (64 hex digits):" : "Password:");
        }

        if (secret is null)
        {
            return;
        }

        if (needed == DatabaseSecret.RawKey)
        {
            settings.EncryptionKey = secret;
        }
        else
        {
            settings.Password = secret;
        }
    }

    // The first line of the file; a trailing line break is not part of the password.
    private static string ReadPasswordFile(string path)
    {
        using var reader = new StreamReader(path);
        return reader.ReadLine() ?? string.Empty;
    }
}
