using SharpCoreDB;

// What a new user does first: an encrypted file database, a table, parameters, a query, a reopen.
string folder = args.Length > 0 ? args[0] : Path.Combine(Path.GetTempPath(), "sharpcoredb-package-smoke");
Directory.CreateDirectory(folder);
string path = Path.Combine(folder, "smoke.scdb");
string connectionString = $"Data Source={path};Password=smoke-test";

using (var connection = new SharpCoreDBConnection(connectionString))
{
    connection.Open();
    using var create = connection.CreateCommand();
    create.CommandText = "CREATE TABLE IF NOT EXISTS notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL)";
    create.ExecuteNonQuery();
    using var insert = connection.CreateCommand();
    insert.CommandText = "INSERT INTO notes(body) VALUES (@body)";
    insert.Parameters.AddWithValue("@body", "hello from the package");
    insert.ExecuteNonQuery();
}

using (var connection = new SharpCoreDBConnection(connectionString))
{
    connection.Open();
    using var query = connection.CreateCommand();
    query.CommandText = "SELECT count(*), max(body) FROM notes";
    using var reader = query.ExecuteReader();
    if (!reader.Read() || reader.GetInt64(0) < 1 || reader.GetString(1) != "hello from the package")
    {
        Console.Error.WriteLine("package smoke: the row did not come back");
        return 1;
    }

    Console.WriteLine($"package smoke: {reader.GetInt64(0)} row(s), '{reader.GetString(1)}'");
}

return 0;
