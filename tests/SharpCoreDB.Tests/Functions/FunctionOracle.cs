using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Functions;

/// <summary>
/// A SharpCoreDB connection and a Microsoft.Data.Sqlite connection side by side: the same registration is made on
/// both (through <see cref="Register"/>, which calls the same public overload on each), the same SQL runs on both,
/// and the rendered rows are compared.
/// </summary>
internal sealed class FunctionOracle : IDisposable
{
    public FunctionOracle()
    {
        Ours = new SharpCoreDBConnection("Data Source=:memory:");
        Ours.Open();
        Sqlite = new SqliteConnection("Data Source=:memory:");
        Sqlite.Open();
    }

    public SharpCoreDBConnection Ours { get; }

    public SqliteConnection Sqlite { get; }

    /// <summary>Calls <c>CreateFunction</c>/<c>CreateAggregate</c> with the same arguments on both connections; the
    /// overload is picked at run time from the arguments' types, exactly as the compiler would pick it.</summary>
    public void Register(string method, params object?[] arguments)
    {
        foreach (DbConnection connection in new DbConnection[] { Ours, Sqlite })
        {
            dynamic target = connection;
            switch (method, arguments.Length)
            {
                case ("CreateFunction", 3):
                    target.CreateFunction((dynamic?)arguments[0], (dynamic?)arguments[1], (dynamic?)arguments[2]);
                    break;
                case ("CreateFunction", 4):
                    target.CreateFunction((dynamic?)arguments[0], (dynamic?)arguments[1], (dynamic?)arguments[2], (dynamic?)arguments[3]);
                    break;
                case ("CreateAggregate", 3):
                    target.CreateAggregate((dynamic?)arguments[0], (dynamic?)arguments[1], (dynamic?)arguments[2]);
                    break;
                case ("CreateAggregate", 4):
                    target.CreateAggregate((dynamic?)arguments[0], (dynamic?)arguments[1], (dynamic?)arguments[2], (dynamic?)arguments[3]);
                    break;
                case ("CreateAggregate", 5):
                    target.CreateAggregate((dynamic?)arguments[0], (dynamic?)arguments[1], (dynamic?)arguments[2], (dynamic?)arguments[3], (dynamic?)arguments[4]);
                    break;
                default:
                    throw new ArgumentException($"{method} with {arguments.Length} arguments");
            }
        }
    }

    /// <summary>Runs <paramref name="sql"/> on both (statements without rows included).</summary>
    public void Execute(string sql)
    {
        Run(Ours, sql);
        Run(Sqlite, sql);
    }

    /// <summary>Asserts both give the same rows (or both fail) for <paramref name="sql"/>; returns our rows.</summary>
    public List<string> AssertSame(string sql)
    {
        string expected = Outcome(Sqlite, sql);
        string actual = Outcome(Ours, sql);
        Assert.True(expected == actual, $"{sql}\nSQLite:     {expected}\nSharpCoreDB: {actual}");
        return [.. actual.Split(" | ")];
    }

    public static List<string> Rows(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            var cells = new string[reader.FieldCount];
            for (int i = 0; i < cells.Length; i++)
            {
                cells[i] = Render(reader.GetValue(i));
            }

            rows.Add(string.Join(",", cells));
        }

        return rows;
    }

    public static string Render(object? value) => value switch
    {
        null or DBNull => "NULL",
        long l => "i:" + l.ToString(CultureInfo.InvariantCulture),
        double d => "r:" + d.ToString("R", CultureInfo.InvariantCulture),
        string s => "t:" + s,
        byte[] b => "b:" + Convert.ToHexString(b),
        _ => value.GetType().Name + ":" + Convert.ToString(value, CultureInfo.InvariantCulture),
    };

    public void Dispose()
    {
        Ours.Dispose();
        Sqlite.Dispose();
    }

    private static void Run(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    // The rows, or "error" when the statement fails (messages differ between the engines; that both fail is compared).
    private static string Outcome(DbConnection connection, string sql)
    {
        try
        {
            return string.Join(" | ", Rows(connection, sql));
        }
        catch (DbException)
        {
            return "error";
        }
    }
}
