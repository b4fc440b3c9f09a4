using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>
/// SQLite (through Microsoft.Data.Sqlite) as the oracle for value semantics: one in-memory connection per test
/// class, prepared commands cached by SQL text, SQL values bound as parameters (which carry no affinity).
/// </summary>
internal sealed class SqliteOracle : IDisposable
{
    private readonly SqliteConnection _connection;
    private readonly Dictionary<string, SqliteCommand> _commands = new(StringComparer.Ordinal);

    public SqliteOracle()
    {
        _connection = new SqliteConnection("Data Source=:memory:");
        _connection.Open();
    }

    /// <summary>Runs a statement that returns no rows.</summary>
    public void Execute(string sql, params SqlValue[] parameters)
    {
        SqliteCommand command = Prepare(sql, parameters);
        command.ExecuteNonQuery();
    }

    /// <summary>Runs a query and returns its first row, or the error SQLite raised.</summary>
    public OracleRow Query(string sql, params SqlValue[] parameters)
    {
        SqliteCommand command = Prepare(sql, parameters);
        try
        {
            using SqliteDataReader reader = command.ExecuteReader();
            if (!reader.Read())
            {
                return new OracleRow([], null);
            }

            var values = new SqlValue[reader.FieldCount];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = reader.GetValue(i) switch
                {
                    DBNull => SqlValue.Null,
                    long l => SqlValue.FromInt64(l),
                    double d => SqlValue.FromDouble(d),
                    // TEXT as its bytes: SQLite keeps invalid UTF-8 in TEXT, which a string would turn into U+FFFD.
                    string => SqlValue.FromText(Utf8Text.Decode(reader.GetFieldValue<byte[]>(i))),
                    byte[] b => SqlValue.FromBlob(b),
                    var other => throw new InvalidOperationException($"Unexpected {other.GetType()}"),
                };
            }

            return new OracleRow(values, null);
        }
        catch (SqliteException e)
        {
            return new OracleRow([], e.Message);
        }
    }

    /// <summary>Runs a query that must succeed and returns its single value.</summary>
    public SqlValue Scalar(string sql, params SqlValue[] parameters)
    {
        OracleRow row = Query(sql, parameters);
        if (row.Error is not null)
        {
            throw new InvalidOperationException($"SQLite failed on {sql}: {row.Error}");
        }

        return row.Values[0];
    }

    public void Dispose()
    {
        foreach (SqliteCommand command in _commands.Values)
        {
            command.Dispose();
        }

        _connection.Dispose();
    }

    private SqliteCommand Prepare(string sql, SqlValue[] parameters)
    {
        if (!_commands.TryGetValue(sql, out SqliteCommand? command))
        {
            command = _connection.CreateCommand();
            command.CommandText = sql;
            _commands.Add(sql, command);
        }

        command.Parameters.Clear();
        for (int i = 0; i < parameters.Length; i++)
        {
            var parameter = new SqliteParameter("?" + (i + 1).ToString(CultureInfo.InvariantCulture), ToClr(parameters[i]));
            parameter.SqliteType = parameters[i].StorageClass switch
            {
                SqlStorageClass.Integer => SqliteType.Integer,
                SqlStorageClass.Real => SqliteType.Real,
                SqlStorageClass.Blob => SqliteType.Blob,
                _ => SqliteType.Text,
            };
            command.Parameters.Add(parameter);
        }

        return command;
    }

    private static object ToClr(SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Null => DBNull.Value,
        SqlStorageClass.Integer => value.AsInt64(),
        SqlStorageClass.Real => value.AsDouble(),
        SqlStorageClass.Text => value.AsText(),
        _ => value.AsBlob(),
    };
}
