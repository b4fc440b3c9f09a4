using System.Globalization;
using System.Text;
using SharpCoreDB.Shell.Tests.Support;

namespace SharpCoreDB.Shell.Tests.Commands;

public sealed class ImportTests
{
    [Fact]
    public void Import_creates_the_table_from_the_header_with_text_columns()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("people.csv");
        File.WriteAllText(csv, "id,name,note\r\n1,Ann,\"likes, commas\"\r\n2,\"Bob \"\"B\"\"\",\"two\r\nlines\"\r\n3,Cy,\r\n");
        string db = temp.File("db.scdb");
        ShellResult result = InProcessShell.RunOn(db, $".import {csv} people\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(
            ["text:1 | text:Ann | text:likes, commas", "text:2 | text:Bob \"B\" | text:two\r\nlines", "text:3 | text:Cy | text:"],
            Database.Rows($"Data Source={db}", "SELECT id, name, note FROM people ORDER BY id"));
        List<string> columns = Database.Rows($"Data Source={db}", "PRAGMA table_info(people)");
        Assert.Equal(["text:id", "text:name", "text:note"], columns.Select(c => c.Split(" | ")[1]));
        Assert.All(columns, c => Assert.Equal("text:TEXT", c.Split(" | ")[2]));
    }

    [Fact]
    public void Import_into_an_existing_table_treats_every_line_as_data()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("numbers.csv");
        File.WriteAllText(csv, "1,one\n2,two\n");
        string db = temp.File("db.scdb");
        Database.Execute($"Data Source={db}", "CREATE TABLE n(v INTEGER, word TEXT)");
        ShellResult result = InProcessShell.RunOn(db, $".import --csv {csv} n\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal(["integer:1 | text:one", "integer:2 | text:two"], Database.Rows($"Data Source={db}", "SELECT v, word FROM n ORDER BY v"));
    }

    [Fact]
    public void Import_fills_short_records_with_null_and_drops_extra_fields_with_a_warning()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("ragged.csv");
        File.WriteAllText(csv, "a,b\n1\n2,3,4\n");
        string db = temp.File("db.scdb");
        ShellResult result = InProcessShell.RunOn(db, $".import {csv} r\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Contains($"{csv}:2: expected 2 columns but found 1 - filling the rest with NULL", result.Error, StringComparison.Ordinal);
        Assert.Contains($"{csv}:3: expected 2 columns but found 3 - extras ignored", result.Error, StringComparison.Ordinal);
        Assert.Equal(["text:1 | null", "text:2 | text:3"], Database.Rows($"Data Source={db}", "SELECT a, b FROM r ORDER BY a"));
    }

    [Fact]
    public void A_refused_row_rolls_back_the_whole_import_and_names_its_line()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("bad.csv");
        File.WriteAllText(csv, "1,a\n2,b\n2,duplicate\n4,d\n");
        string db = temp.File("db.scdb");
        Database.Execute($"Data Source={db}", "CREATE TABLE k(id INTEGER PRIMARY KEY, v TEXT)");
        ShellResult result = InProcessShell.RunOn(db, $".import {csv} k\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"{csv}:3: ", result.Error, StringComparison.Ordinal);
        Assert.Equal(["integer:0"], Database.Rows($"Data Source={db}", "SELECT count(*) FROM k"));
    }

    [Fact]
    public void Import_of_a_missing_file_is_an_io_error()
    {
        ShellResult result = InProcessShell.Run(".import /no/such.csv t\n");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("IoError", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_large_import_at_a_terminal_reports_the_row_count()
    {
        // Whether Spectre draws a frame of the bar depends on its refresh timer, so the bar itself is not asserted
        // here; The_importer_reports_progress_up_to_the_whole_file checks what feeds it.
        using var temp = new TempDirectory();
        string csv = temp.File("big.csv");
        var text = new StringBuilder("id,payload\n");
        int rows = 0;
        while (text.Length < 1_200_000)
        {
            rows++;
            text.Append(rows.ToString(CultureInfo.InvariantCulture)).Append(",\"").Append('x', 100).Append("\"\n");
        }

        File.WriteAllText(csv, text.ToString());
        string db = temp.File("db.scdb");
        ShellResult result = InProcessShell.Run($".import {csv} big\n", new SharpCoreDB.Shell.Startup.ShellOptions { DataSource = db }, terminal: true);
        Assert.True(result.ExitCode == 0 && result.Error.Length == 0, result.ToString());
        Assert.Contains($"{rows} rows imported into big.", result.Out, StringComparison.Ordinal);
        Assert.Equal([$"integer:{rows}"], Database.Rows($"Data Source={db}", "SELECT count(*) FROM big"));
    }

    [Fact]
    public void The_importer_reports_progress_up_to_the_whole_file()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("big.csv");
        var text = new StringBuilder("id,payload\n");
        for (int i = 1; i <= 5000; i++)
        {
            text.Append(i.ToString(CultureInfo.InvariantCulture)).Append(",\"").Append('x', 100).Append("\"\n");
        }

        File.WriteAllText(csv, text.ToString());
        using var connection = new SharpCoreDBConnection($"Data Source={temp.File("db.scdb")}");
        connection.Open();
        var fractions = new List<double>();
        long rows = new SharpCoreDB.Shell.Commands.CsvImporter(connection, TextWriter.Null).Import(csv, "big", fractions.Add);
        Assert.Equal(5000, rows);
        Assert.True(fractions.Count >= 4, string.Join(", ", fractions));
        for (int i = 1; i < fractions.Count; i++)
        {
            Assert.True(fractions[i] >= fractions[i - 1] && fractions[i] <= 1.0, string.Join(", ", fractions));
        }

        Assert.Equal(1.0, fractions[^1]);
    }

    [Fact]
    public void Import_inside_a_transaction_begun_in_sql_joins_it()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("rows.csv");
        File.WriteAllText(csv, "a,b\n1,2\n3,4\n");
        string db = temp.File("db.scdb");
        ShellResult result = InProcessShell.RunOn(
            db,
            $".mode csv\n.headers off\nCREATE TABLE kept(x);\nBEGIN;\n.import {csv} t\nSELECT count(*) FROM t;\nROLLBACK;\nSELECT count(*) FROM sqlite_master WHERE name = 't';\n");
        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.Equal("2\r\n0\r\n", result.Out);
    }

    [Fact]
    public void A_failed_import_inside_a_transaction_undoes_only_the_import()
    {
        using var temp = new TempDirectory();
        string csv = temp.File("bad.csv");
        File.WriteAllText(csv, "1,a\n1,again\n");
        string db = temp.File("db.scdb");
        Database.Execute($"Data Source={db}", "CREATE TABLE k(id INTEGER PRIMARY KEY, v TEXT)");
        ShellResult result = InProcessShell.Run(
            $".mode csv\n.headers off\nBEGIN;\nINSERT INTO k VALUES (9, 'mine');\n.import {csv} k\nCOMMIT;\nSELECT id FROM k;\n",
            new SharpCoreDB.Shell.Startup.ShellOptions { DataSource = db, Bail = false });
        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"{csv}:2: ", result.Error, StringComparison.Ordinal);
        Assert.Equal("9\r\n", result.Out);
    }
}
