using System.Data.Common;

namespace SharpCoreDB.Shell.Tests.Support;

/// <summary>
/// Direct access to a database file through the provider, to set up and inspect what the shell did. Pooling is off:
/// a pooled connection would keep the file open, and locked, while the shell opens it.
/// </summary>
internal static class Database
{
    /// <summary>Runs statements on the file (created if missing).</summary>
    /// <param name="connectionString">The connection string.</param>
    /// <param name="sql">The statements, one per command.</param>
    public static void Execute(string connectionString, params string[] sql)
    {
        using var connection = new SharpCoreDBConnection(connectionString + ";Pooling=False");
        connection.Open();
        foreach (string statement in sql)
        {
            using DbCommand command = connection.CreateCommand();
            command.CommandText = statement;
            command.ExecuteNonQuery();
        }
    }

    /// <summary>The rows of a query, each value rendered with its storage class (<c>integer:1</c>, <c>null</c>, …).</summary>
    /// <param name="connection">An open connection (SharpCoreDB or SQLite).</param>
    /// <param name="sql">The query.</param>
    /// <returns>One string per row.</returns>
    public static List<string> Rows(DbConnection connection, string sql)
    {
        var rows = new List<string>();
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            var cells = new string[reader.FieldCount];
            for (int i = 0; i < cells.Length; i++)
            {
                cells[i] = reader.IsDBNull(i) ? "null" : reader.GetValue(i) switch
                {
                    long l => "integer:" + l.ToString(System.Globalization.CultureInfo.InvariantCulture),
                    double d => "real:" + d.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
                    string s => "text:" + s,
                    byte[] b => "blob:" + Convert.ToHexString(b),
                    object o => o.GetType().Name + ":" + Convert.ToString(o, System.Globalization.CultureInfo.InvariantCulture),
                };
            }

            rows.Add(string.Join(" | ", cells));
        }

        return rows;
    }

    /// <summary>The rows of a query on a SharpCoreDB file.</summary>
    /// <param name="connectionString">The connection string.</param>
    /// <param name="sql">The query.</param>
    /// <returns>One string per row.</returns>
    public static List<string> Rows(string connectionString, string sql)
    {
        using var connection = new SharpCoreDBConnection(connectionString + ";Pooling=False");
        connection.Open();
        return Rows(connection, sql);
    }
}
