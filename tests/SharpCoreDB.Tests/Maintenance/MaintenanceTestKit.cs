using System.Globalization;
using System.Text;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>Helpers shared by the VACUUM, backup, integrity check and rekey tests.</summary>
internal static class MaintenanceTestKit
{
    /// <summary>A password database with a cheap key derivation would need an internal option; tests use a raw key where speed matters.</summary>
    public const string RawKeyHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    public static SharpCoreDBConnection Open(string connectionString)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        connection.Open();
        return connection;
    }

    public static int Execute(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteNonQuery();
    }

    public static object? Scalar(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }

    public static long Long(SharpCoreDBConnection connection, string sql) =>
        Convert.ToInt64(Scalar(connection, sql), CultureInfo.InvariantCulture);

    public static List<string> Column(SharpCoreDBConnection connection, string sql)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(Convert.ToString(reader.GetValue(0), CultureInfo.InvariantCulture) ?? "NULL");
        }

        return rows;
    }

    /// <summary>Every row of every user table, in a canonical text form: what "the same data" means in these tests.</summary>
    public static string Dump(SharpCoreDBConnection connection)
    {
        var text = new StringBuilder();
        foreach (string table in Column(connection, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
        {
            text.Append("table ").Append(table).Append('\n');
            using SharpCoreDBCommand command = connection.CreateCommand();
            command.CommandText = $"SELECT * FROM \"{table}\" ORDER BY 1";
            using SharpCoreDBDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                for (int i = 0; i < reader.FieldCount; i++)
                {
                    object value = reader.GetValue(i);
                    text.Append(value is byte[] bytes ? Convert.ToHexString(bytes) : Convert.ToString(value, CultureInfo.InvariantCulture)).Append('|');
                }

                text.Append('\n');
            }
        }

        return text.ToString();
    }

    /// <summary>A table with an index, a UNIQUE constraint and rows large enough to need overflow pages.</summary>
    public static void Fill(SharpCoreDBConnection connection, int rows, int seed)
    {
        Execute(connection, "CREATE TABLE IF NOT EXISTS t(id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT UNIQUE, body BLOB)");
        Execute(connection, "CREATE INDEX IF NOT EXISTS t_name ON t(name)");
        var random = new Random(seed);
        using SharpCoreDBTransaction transaction = connection.BeginTransaction();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = "INSERT INTO t(name, code, body) VALUES ($name, $code, $body)";
        SharpCoreDBParameter name = command.CreateParameter();
        name.ParameterName = "$name";
        SharpCoreDBParameter code = command.CreateParameter();
        code.ParameterName = "$code";
        SharpCoreDBParameter body = command.CreateParameter();
        body.ParameterName = "$body";
        command.Parameters.Add(name);
        command.Parameters.Add(code);
        command.Parameters.Add(body);
        for (int i = 0; i < rows; i++)
        {
            name.Value = "name-" + random.Next(1000).ToString(CultureInfo.InvariantCulture);
            code.Value = Guid.NewGuid().ToString("N");
            byte[] bytes = new byte[random.Next(10, i % 50 == 0 ? 9000 : 300)];
            random.NextBytes(bytes);
            body.Value = bytes;
            command.ExecuteNonQuery();
        }

        transaction.Commit();
    }
}
