namespace SharpCoreDB.SqlChild;

/// <summary>
/// The kill -9 target of the VACUUM and rekey crash tests (SharpCoreDB.Tests, Maintenance/MaintenanceCrashTests.cs):
/// rebuilds one database over and over until it is killed. <c>vacuum</c> runs VACUUM with the first key;
/// <c>rekey</c> switches the raw key between the two given ones. After each rebuild returns it prints
/// <c>done &lt;n&gt; &lt;key now in force&gt;</c>. <c>block</c> starts one rebuild (a backup into the database, which
/// builds and renames its <c>-vacuum</c> file as VACUUM does), prints <c>copying</c> from the rebuild's progress
/// callback, so while the copy exists and before it takes the database's name, and blocks there until killed.
/// </summary>
internal static class MaintenanceLoop
{
    public static int Run(string[] args)
    {
        if (args.Length != 5)
        {
            Console.Error.WriteLine("usage: SharpCoreDB.SqlChild maintenance <database> <vacuum|rekey|block> <keyHexA> <keyHexB>");
            return 64;
        }

        string path = args[1];
        if (args[2] == "block")
        {
            return BlockMidway(path, args[3]);
        }

        bool rekey = args[2] == "rekey";
        string key = args[3];
        string other = args[4];
        Console.Out.Flush();
        for (long n = 1; ; n++)
        {
            using (var connection = new SharpCoreDBConnection($"Data Source={path};Encryption Key={key};Pooling=False"))
            {
                connection.Open();
                using var command = connection.CreateCommand();
                command.CommandText = rekey ? $"PRAGMA rekey = \"x'{other}'\"" : "VACUUM";
                command.ExecuteNonQuery();
            }

            if (rekey)
            {
                (key, other) = (other, key);
            }

            Console.WriteLine($"done {n} {key}");
            Console.Out.Flush();
        }
    }

    // Never returns: the test kills the process once it has read "copying".
    private static int BlockMidway(string path, string key)
    {
        using var destination = new SharpCoreDBConnection($"Data Source={path};Encryption Key={key};Pooling=False");
        destination.Open();
        using var source = new SharpCoreDBConnection("Data Source=:memory:");
        source.Open();
        using (var command = source.CreateCommand())
        {
            command.CommandText = "CREATE TABLE copied(x); INSERT INTO copied VALUES (1), (2), (3)";
            command.ExecuteNonQuery();
        }

        source.BackupDatabaseAsync(destination, new BlockingProgress()).GetAwaiter().GetResult();
        Console.Error.WriteLine("the backup returned although its progress callback never does");
        return 70;
    }

    // Called on the copying thread between writing the copy and renaming it; it says so, then never returns.
    private sealed class BlockingProgress : IProgress<SharpCoreDBBackupProgress>
    {
        public void Report(SharpCoreDBBackupProgress value)
        {
            Console.WriteLine("copying");
            Console.Out.Flush();
            Thread.Sleep(Timeout.Infinite);
        }
    }
}
