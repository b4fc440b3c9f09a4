using System.Globalization;
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Engine;

/// <summary>A database and session for engine tests, with helpers that run SQL and render rows as text.</summary>
internal sealed class EngineHarness : IDisposable
{
    private readonly Database _database;

    public EngineHarness(DatabaseOptions? options = null)
    {
        _database = Database.Acquire(options ?? new DatabaseOptions { DataSource = DatabaseOptions.MemoryDataSource });
        Session = _database.CreateSession();
    }

    public Session Session { get; }

    public Database Database => _database;

    /// <summary>Runs SQL (any number of statements) and returns the rows affected.</summary>
    public int Execute(string sql, params object?[] parameters)
    {
        using QueryResult result = Run(sql, parameters);
        while (result.NextResult())
        {
        }

        return result.RecordsAffected;
    }

    /// <summary>Runs a query and returns its rows rendered as "a|b|c" lines.</summary>
    public List<string> Query(string sql, params object?[] parameters)
    {
        using QueryResult result = Run(sql, parameters);
        var rows = new List<string>();
        while (result.Read())
        {
            var line = new StringBuilder();
            for (int i = 0; i < result.FieldCount; i++)
            {
                if (i > 0)
                {
                    line.Append('|');
                }

                line.Append(Render(result.GetValue(i)));
            }

            rows.Add(line.ToString());
        }

        return rows;
    }

    /// <summary>The result column names of a query.</summary>
    public List<string> Names(string sql)
    {
        using QueryResult result = Run(sql, []);
        var names = new List<string>(result.FieldCount);
        for (int i = 0; i < result.FieldCount; i++)
        {
            names.Add(result.GetName(i));
        }

        return names;
    }

    /// <summary>Runs a query and returns its rows as SQL values.</summary>
    public List<SqlValue[]> Rows(string sql, params object?[] parameters)
    {
        using QueryResult result = Run(sql, parameters);
        var rows = new List<SqlValue[]>();
        while (result.Read())
        {
            var row = new SqlValue[result.FieldCount];
            for (int i = 0; i < row.Length; i++)
            {
                row[i] = result.GetValue(i);
            }

            rows.Add(row);
        }

        return rows;
    }

    /// <summary>The single value of a query.</summary>
    public SqlValue Scalar(string sql, params object?[] parameters)
    {
        List<SqlValue[]> rows = Rows(sql, parameters);
        Assert.True(rows.Count > 0, $"no rows from: {sql}");
        return rows[0][0];
    }

    /// <summary>The exception a statement throws.</summary>
    public SharpCoreDBException Fails(string sql, params object?[] parameters) =>
        Assert.Throws<SharpCoreDBException>(() => Execute(sql, parameters));

    public QueryResult Run(string sql, params object?[] parameters)
    {
        Statement statement = Session.Prepare(sql);
        var values = new SqlValue[parameters.Length];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = SqlValue.FromObject(parameters[i]);
        }

        return statement.Execute(Session, values);
    }

    public static string Render(SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Null => "NULL",
        SqlStorageClass.Integer => value.AsInt64().ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Real => RealFormatter.FormatText(value.AsDouble()),
        SqlStorageClass.Decimal => value.AsDecimal().ToString(CultureInfo.InvariantCulture),
        SqlStorageClass.Text => value.AsText(),
        _ => "x'" + Convert.ToHexString(value.AsBlob()) + "'",
    };

    public void Dispose()
    {
        Session.Dispose();
        _database.Release();
    }
}
