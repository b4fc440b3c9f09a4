namespace SharpCoreDB.Tests.Data;

/// <summary>The connection helpers the pooling tests share: open a connection, run SQL on it, read one value.</summary>
internal static class PoolConnections
{
    /// <summary>An open connection.</summary>
    public static SharpCoreDBConnection Open(string connectionString)
    {
        var connection = new SharpCoreDBConnection(connectionString);
        connection.Open();
        return connection;
    }

    /// <summary>Opens a connection, runs statements that must succeed, and closes it (back to the pool).</summary>
    public static void Execute(string connectionString, string sql)
    {
        using var connection = Open(connectionString);
        Execute(connection, sql);
    }

    /// <summary>Runs statements that must succeed (in the connection's transaction, if it has one).</summary>
    public static void Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <summary>The first column of the first row (read in the connection's transaction, if it has one).</summary>
    public static object? Scalar(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
