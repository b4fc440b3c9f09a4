namespace SharpCoreDB.SqlChild;

/// <summary>
/// The kill -9 target of the VACUUM and rekey crash tests (SharpCoreDB.Tests, Maintenance/MaintenanceCrashTests.cs):
/// rebuilds one database over and over until it is killed. <c>vacuum</c> runs VACUUM with the first key;
/// <c>rekey</c> switches the raw key between the two given ones. After each rebuild returns it prints
/// <c>done &lt;n&gt; &lt;key now in force&gt;</c>.
/// </summary>
internal static class MaintenanceLoop
{
    public static int Run(string[] args)
    {
        if (args.Length != 5)
        {
            Console.Error.WriteLine("usage: SharpCoreDB.SqlChild maintenance <database> <vacuum|rekey> <keyHexA> <keyHexB>");
            return 64;
        }

        string path = args[1];
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
}
