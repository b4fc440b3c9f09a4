using SharpCoreDB.Shell.Commands;

namespace SharpCoreDB.Shell.Tests.Commands;

public sealed class CsvRecordReaderTests
{
    private static List<List<string>> ReadAll(string csv)
    {
        var reader = new CsvRecordReader(new StringReader(csv));
        var records = new List<List<string>>();
        var fields = new List<string>();
        while (reader.Read(fields))
        {
            records.Add([.. fields]);
        }

        return records;
    }

    [Fact]
    public void Quoted_fields_keep_commas_line_breaks_and_doubled_quotes()
    {
        List<List<string>> records = ReadAll("a,b,c\r\n\"x,y\",\"line1\r\nline2\",\"say \"\"hi\"\"\"\r\n");
        Assert.Equal(2, records.Count);
        Assert.Equal(["a", "b", "c"], records[0]);
        Assert.Equal(["x,y", "line1\r\nline2", "say \"hi\""], records[1]);
    }

    [Fact]
    public void Lf_and_crlf_line_ends_both_end_a_record_and_the_last_line_needs_none()
    {
        Assert.Equal([["1", "2"], ["3", "4"], ["5", "6"]], ReadAll("1,2\n3,4\r\n5,6"));
    }

    [Fact]
    public void Empty_fields_are_empty_strings()
    {
        Assert.Equal([["", "", ""]], ReadAll(",,\n"));
    }

    [Fact]
    public void Record_line_counts_line_breaks_inside_quotes()
    {
        var reader = new CsvRecordReader(new StringReader("h\n\"a\nb\"\nc\n"));
        var fields = new List<string>();
        var lines = new List<int>();
        while (reader.Read(fields))
        {
            lines.Add(reader.RecordLine);
        }

        Assert.Equal([1, 2, 4], lines);
    }

    [Fact]
    public void An_unclosed_quote_is_a_syntax_error_naming_the_line()
    {
        var reader = new CsvRecordReader(new StringReader("a\n\"open\n"));
        var fields = new List<string>();
        Assert.True(reader.Read(fields));
        var error = Assert.Throws<SharpCoreDBException>(() => reader.Read(fields));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.Contains("line 2", error.Message, StringComparison.Ordinal);
    }
}
