using System.Data.Common;
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Shell.Commands;

/// <summary>
/// <c>.import FILE TABLE</c>: loads a CSV file all or nothing (one savepoint). A missing table is created from the header line
/// with TEXT columns (as SQLite's shell does); into an existing table every line is data. A record with too few
/// fields is filled with NULLs and one with too many loses the extras, each with a warning, as in SQLite.
/// </summary>
/// <param name="connection">The open database.</param>
/// <param name="warnings">Where warnings about short or long records go.</param>
internal sealed class CsvImporter(SharpCoreDBConnection connection, TextWriter warnings)
{
    /// <summary>Files at least this large show a progress bar when the shell is interactive.</summary>
    public const long ProgressThresholdBytes = 1L << 20;

    // How many records go by between progress reports (reading the stream position is not free).
    private const int ProgressEvery = 1024;

    private const string Savepoint = "sharpcoredb_shell_import";

    /// <summary>Imports the file.</summary>
    /// <param name="path">The CSV file.</param>
    /// <param name="table">The table to load.</param>
    /// <param name="progress">Told the fraction of the file read so far, or null.</param>
    /// <returns>How many rows were inserted.</returns>
    /// <exception cref="SharpCoreDBException">The file is empty or malformed, or a row is refused (nothing is kept).</exception>
    public long Import(string path, string table, Action<double>? progress)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16);
        using var text = new StreamReader(stream, Encoding.UTF8, detectEncodingFromByteOrderMarks: true);
        var csv = new CsvRecordReader(text);
        var fields = new List<string>();

        // A savepoint, not BeginTransaction: outside a transaction it starts one, and inside one the user began with
        // BEGIN it nests, so .import works in both and a failure undoes only the import.
        Execute("SAVEPOINT " + Savepoint);
        bool released = false;
        try
        {
            List<string> columns = DumpWriter.ColumnNames(connection, table);
            if (columns.Count == 0)
            {
                if (!csv.Read(fields))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, "the file is empty, so it has no header to name the columns");
                }

                columns = [.. fields];
                CreateTable(table, columns);
            }

            long rows = InsertRows(csv, fields, path, table, columns.Count, stream, progress);
            Execute("RELEASE " + Savepoint);
            released = true;
            progress?.Invoke(1);
            return rows;
        }
        catch (SharpCoreDBException e)
        {
            // The engine's message says what is wrong; the file and line say where.
            throw new SharpCoreDBException(e.ErrorCode, $"{path}:{csv.RecordLine}: {e.Message}", e);
        }
        finally
        {
            if (!released)
            {
                Execute("ROLLBACK TO " + Savepoint);
                Execute("RELEASE " + Savepoint);
            }
        }
    }

    private long InsertRows(CsvRecordReader csv, List<string> fields, string path, string table, int columns, FileStream stream, Action<double>? progress)
    {
        using DbCommand insert = CreateInsert(table, columns);
        long rows = 0;
        while (csv.Read(fields))
        {
            if (csv.IsBlankLine)
            {
                continue;
            }

            Warn(path, csv.RecordLine, columns, fields.Count);
            for (int i = 0; i < columns; i++)
            {
                insert.Parameters[i].Value = i < fields.Count ? fields[i] : DBNull.Value;
            }

            insert.ExecuteNonQuery();
            rows++;
            if (progress is not null && rows % ProgressEvery == 0)
            {
                progress((double)stream.Position / Math.Max(1, stream.Length));
            }
        }

        // The bar ends full, however the record count fell against ProgressEvery.
        progress?.Invoke(1.0);
        return rows;
    }

    private void Execute(string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private void CreateTable(string table, List<string> columns)
    {
        var sql = new StringBuilder("CREATE TABLE ").Append(SqlText.Identifier(table)).Append('(');
        for (int i = 0; i < columns.Count; i++)
        {
            if (columns[i].Length == 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, $"header field {i + 1} is empty, so it cannot name a column");
            }

            sql.Append(i == 0 ? string.Empty : ", ").Append(SqlText.Identifier(columns[i])).Append(" TEXT");
        }

        using DbCommand create = connection.CreateCommand();
        create.CommandText = sql.Append(')').ToString();
        create.ExecuteNonQuery();
    }

    private DbCommand CreateInsert(string table, int count)
    {
        var sql = new StringBuilder("INSERT INTO ").Append(SqlText.Identifier(table)).Append(" VALUES(");
        DbCommand insert = connection.CreateCommand();
        for (int i = 0; i < count; i++)
        {
            string name = "@p" + i.ToString(CultureInfo.InvariantCulture);
            sql.Append(i == 0 ? string.Empty : ", ").Append(name);
            DbParameter parameter = insert.CreateParameter();
            parameter.ParameterName = name;
            insert.Parameters.Add(parameter);
        }

        insert.CommandText = sql.Append(')').ToString();
        return insert;
    }

    private void Warn(string path, int line, int expected, int found)
    {
        if (found < expected)
        {
            warnings.WriteLine($"{path}:{line}: expected {expected} columns but found {found} - filling the rest with NULL");
        }
        else if (found > expected)
        {
            warnings.WriteLine($"{path}:{line}: expected {expected} columns but found {found} - extras ignored");
        }
    }
}
