using System.Text;

namespace SharpCoreDB.Shell.Commands;

/// <summary>
/// Reads RFC 4180 records one at a time (the file is streamed, never loaded whole): fields separated by commas,
/// records by CRLF or LF, a field in double quotes may hold commas, line breaks and doubled quotes. Like SQLite's
/// importer it is lenient where the RFC is strict: a quote inside an unquoted field is data, and text after a closing
/// quote joins the field.
/// </summary>
/// <param name="reader">The CSV text.</param>
internal sealed class CsvRecordReader(TextReader reader)
{
    private readonly StringBuilder _field = new();
    private int _line = 1;

    /// <summary>The line the last record read started on.</summary>
    public int RecordLine { get; private set; }

    /// <summary>True when the last record read was an empty line (no characters at all, not even quotes).</summary>
    public bool IsBlankLine { get; private set; }

    /// <summary>Reads the next record.</summary>
    /// <param name="fields">Cleared, then receives the record's fields.</param>
    /// <returns>False at the end of the input.</returns>
    /// <exception cref="SharpCoreDBException">A quoted field is not closed before the end of the input.</exception>
    public bool Read(List<string> fields)
    {
        fields.Clear();
        RecordLine = _line;
        int c = reader.Read();
        if (c < 0)
        {
            return false;
        }

        IsBlankLine = c is '\n' or '\r';
        while (true)
        {
            if (c == '"')
            {
                c = ReadQuoted();
            }

            while (c >= 0 && c is not (',' or '\n' or '\r'))
            {
                _field.Append((char)c);
                c = reader.Read();
            }

            fields.Add(_field.ToString());
            _field.Clear();
            if (c == ',')
            {
                c = reader.Read();
                continue;
            }

            if (c == '\r' && reader.Peek() == '\n')
            {
                reader.Read();
            }

            if (c >= 0)
            {
                _line++;
            }

            return true;
        }
    }

    // Reads a quoted field's content after its opening quote; returns the character after the closing quote.
    private int ReadQuoted()
    {
        while (true)
        {
            int c = reader.Read();
            if (c < 0)
            {
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.SyntaxError, $"line {RecordLine}: a quoted field is not closed before the end of the file");
            }

            if (c == '"')
            {
                if (reader.Peek() != '"')
                {
                    return reader.Read();
                }

                reader.Read();
            }
            else if (c == '\n')
            {
                _line++;
            }

            _field.Append((char)c);
        }
    }
}
