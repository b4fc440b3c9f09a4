using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// A SharpCoreDB file database and an in-memory SQLite database side by side, for differential type tests: the same
/// statements run on both, and their answers are compared as text so the providers' CLR mappings stay out of it.
/// </summary>
internal sealed class DifferentialPair : IDisposable
{
    private readonly TempDatabase _file = new();

    /// <summary>Opens both databases.</summary>
    public DifferentialPair()
    {
        Sqlite = new SqliteConnection("Data Source=:memory:");
        Sqlite.Open();
        Ours = Open();
    }

    /// <summary>The SharpCoreDB connection (a new one after <see cref="Reopen"/>).</summary>
    public SharpCoreDBConnection Ours { get; private set; }

    /// <summary>The SQLite oracle.</summary>
    public SqliteConnection Sqlite { get; }

    /// <summary>Closes our connection and opens the file again, so values come back from disk.</summary>
    public void Reopen()
    {
        Ours.Dispose();
        Ours = Open();
    }

    /// <summary>Runs a statement on both databases.</summary>
    public void Both(string sql, params (string Name, object Value)[] parameters)
    {
        Execute(Ours, sql, parameters);
        Execute(Sqlite, sql, parameters);
    }

    /// <summary>Runs a statement.</summary>
    public static void Execute(DbConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using DbCommand command = Command(connection, sql, parameters);
        command.ExecuteNonQuery();
    }

    /// <summary>The first column of the first row, as invariant text.</summary>
    public static string Scalar(DbConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using DbCommand command = Command(connection, sql, parameters);
        return Convert.ToString(command.ExecuteScalar(), CultureInfo.InvariantCulture)!;
    }

    /// <summary>Rows read with GetString (for queries that quote or hex their BLOBs), fields joined by '|', rows by "; ".</summary>
    public static string TextRows(DbConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using DbCommand command = Command(connection, sql, parameters);
        return TextRows(command);
    }

    /// <summary>Like <see cref="TextRows(DbConnection, string, ValueTuple{string, object}[])"/>, for a command set up by the caller.</summary>
    public static string TextRows(DbCommand command) => Rows(command, static (reader, i) => reader.GetString(i));

    /// <summary>Rows read with GetValue, reals in round-trip form (for queries that return only SQL-computed values).</summary>
    public static string ValueRows(DbConnection connection, string sql, params (string Name, object Value)[] parameters)
    {
        using DbCommand command = Command(connection, sql, parameters);
        return Rows(command, static (reader, i) => reader.GetValue(i) is double d
            ? d.ToString("R", CultureInfo.InvariantCulture)
            : Convert.ToString(reader.GetValue(i), CultureInfo.InvariantCulture)!);
    }

    /// <summary>Closes both databases and deletes the file.</summary>
    public void Dispose()
    {
        Ours.Dispose();
        Sqlite.Dispose();
        _file.Dispose();
    }

    private static string Rows(DbCommand command, Func<DbDataReader, int, string> field)
    {
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            var fields = new string[reader.FieldCount];
            for (int i = 0; i < fields.Length; i++)
            {
                fields[i] = reader.IsDBNull(i) ? "NULL" : field(reader, i);
            }

            rows.Add(string.Join("|", fields));
        }

        return string.Join("; ", rows);
    }

    private static DbCommand Command(DbConnection connection, string sql, (string Name, object Value)[] parameters)
    {
        DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        foreach ((string name, object value) in parameters)
        {
            DbParameter parameter = command.CreateParameter();
            parameter.ParameterName = name;
            parameter.Value = value;
            command.Parameters.Add(parameter);
        }

        return command;
    }

    private SharpCoreDBConnection Open()
    {
        var connection = new SharpCoreDBConnection(_file.ConnectionString());
        connection.Open();
        return connection;
    }
}
