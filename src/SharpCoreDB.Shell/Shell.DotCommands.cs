using System.Data.Common;
using SharpCoreDB.Shell.Commands;
using SharpCoreDB.Shell.Input;
using SharpCoreDB.Shell.Startup;
using Spectre.Console;

namespace SharpCoreDB.Shell;

/// <summary>The dot commands: settings, schema, .explain, .dump, .import, .read.</summary>
internal sealed partial class Shell
{
    /// <summary>The text <c>.help</c> prints.</summary>
    public const string HelpText = """
        .backup PATH             write a consistent, compact copy of the database to PATH (VACUUM INTO)
        .check                   run PRAGMA integrity_check and print its answer ("ok" or the problems)
        .dump ?TABLE?            print SQL that recreates the database (or the tables LIKE TABLE)
        .exit                    leave the shell (also .quit)
        .explain SQL             print the plan tree of SQL
        .headers on|off          csv output starts with a header line (default on)
        .help                    show this text
        .import FILE TABLE       load an RFC 4180 CSV file into TABLE (created from the header if missing)
        .indexes ?TABLE?         list the indexes (of the tables LIKE TABLE)
        .mode MODE               output mode: table, csv, json, line, markdown
        .nullvalue TEXT          print NULL as TEXT in the text modes (default empty)
        .quit                    leave the shell
        .read FILE               run the SQL and dot commands in FILE
        .rekey                   change the password (asked twice, not echoed) with PRAGMA rekey
        .schema ?TABLE?          print the CREATE statements (of the tables LIKE TABLE)
        .tables ?PATTERN?        list the tables and views (LIKE PATTERN)
        .timer on|off            print the elapsed time of each statement
        .vacuum                  rebuild the database compactly (VACUUM)
        """;

    private void RunDotCommand(string line, bool script)
    {
        DotCommandLine command = DotCommandLine.Parse(line);
        IReadOnlyList<string> args = command.Arguments;
        switch (command.Name.ToUpperInvariant())
        {
            case "HELP":
                _console.Out.WriteLine(HelpText);
                break;
            case "QUIT" or "EXIT":
                _quit = true;
                break;
            case "MODE":
                if (args.Count == 0)
                {
                    _console.Out.WriteLine($"current output mode: {_output.Mode.ToString().ToLowerInvariant()}");
                }
                else
                {
                    _output.Mode = ShellArguments.ParseMode(Single(command, "MODE"));
                }

                break;
            case "HEADERS":
                _output.Headers = ShellArguments.ParseOnOff(".headers", Single(command, "on|off"));
                break;
            case "NULLVALUE":
                _output.NullValue = Single(command, "TEXT");
                break;
            case "TIMER":
                _output.Timer = ShellArguments.ParseOnOff(".timer", Single(command, "on|off"));
                break;
            case "TABLES":
                PrintColumn(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite~_%' ESCAPE '~'",
                    "name",
                    Optional(command, "?PATTERN?"));
                break;
            case "INDEXES" or "INDICES":
                PrintColumn("SELECT name FROM sqlite_master WHERE type = 'index'", "tbl_name", Optional(command, "?TABLE?"));
                break;
            case "SCHEMA":
                PrintSchema(Optional(command, "?TABLE?"));
                break;
            case "EXPLAIN":
                Explain(command.Rest);
                break;
            case "DUMP":
                new DumpWriter(Connection, _console.Out).Write(Optional(command, "?TABLE?"));
                break;
            case "IMPORT":
                Import(command);
                break;
            case "READ":
                Read(Single(command, "FILE"), script);
                break;
            case "BACKUP":
                Backup(Single(command, "PATH"));
                break;
            case "VACUUM":
                NoArguments(command);
                Vacuum();
                break;
            case "CHECK":
                NoArguments(command);
                Check();
                break;
            case "REKEY":
                NoArguments(command);
                Rekey();
                break;
            default:
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Unsupported, $"unknown command '.{command.Name}'; enter \".help\" for the list");
        }
    }

    private static string Single(DotCommandLine command, string usage) =>
        command.Arguments.Count == 1 ? command.Arguments[0] : throw Usage(command, usage);

    private static string? Optional(DotCommandLine command, string usage) => command.Arguments.Count switch
    {
        0 => null,
        1 => command.Arguments[0],
        _ => throw Usage(command, usage),
    };

    private static void NoArguments(DotCommandLine command)
    {
        if (command.Arguments.Count != 0)
        {
            throw Usage(command, string.Empty);
        }
    }

    private static SharpCoreDBException Usage(DotCommandLine command, string usage) =>
        new(SharpCoreDBErrorCode.SyntaxError, $"usage: .{command.Name.ToLowerInvariant()} {usage}".TrimEnd());

    // Prints the first column of the query's rows, one a line, optionally only those whose filter column is LIKE the pattern.
    private void PrintColumn(string query, string filterColumn, string? pattern)
    {
        using DbCommand command = Connection.CreateCommand();
        command.CommandText = query + (pattern is null ? string.Empty : $" AND {filterColumn} LIKE @pattern") + " ORDER BY 1";
        AddParameter(command, "@pattern", pattern);
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            _console.Out.WriteLine(reader.GetString(0));
        }
    }

    private void PrintSchema(string? pattern)
    {
        // Catalog order, which is creation order: a table comes before the indexes, views and triggers that use it.
        using DbCommand command = Connection.CreateCommand();
        command.CommandText = "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"
            + (pattern is null ? string.Empty : " AND tbl_name LIKE @pattern");
        AddParameter(command, "@pattern", pattern);
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            _console.Out.WriteLine(reader.GetString(0) + ";");
        }
    }

    private static void AddParameter(DbCommand command, string name, string? value)
    {
        if (value is null)
        {
            return;
        }

        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        parameter.Value = value;
        command.Parameters.Add(parameter);
    }

    private void Explain(string sql)
    {
        string statement = sql.Trim().TrimEnd(';').Trim();
        if (statement.Length == 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, "usage: .explain SQL");
        }

        var lines = new List<string>();
        using (DbCommand command = Connection.CreateCommand())
        {
            command.CommandText = "EXPLAIN " + statement;
            using DbDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                lines.Add(reader.GetString(0));
            }
        }

        _console.Ansi.Write(PlanTree.Build(lines));
    }

    private void Import(DotCommandLine command)
    {
        // SQLite's shell takes --csv here; CSV is the only format, so it is accepted and changes nothing.
        var args = new List<string>(command.Arguments);
        args.Remove("--csv");
        if (args.Count != 2)
        {
            throw Usage(command, "FILE TABLE");
        }

        var importer = new CsvImporter(Connection, _console.Error);
        long rows = _console.Interactive && new FileInfo(args[0]).Length >= CsvImporter.ProgressThresholdBytes
            ? _console.Ansi.Progress().Start(context =>
            {
                ProgressTask task = context.AddTask($"Importing {Markup.Escape(args[0])}");
                return importer.Import(args[0], args[1], fraction => task.Value = fraction * task.MaxValue);
            })
            : importer.Import(args[0], args[1], progress: null);
        if (_console.Interactive)
        {
            _console.Out.WriteLine($"{rows} rows imported into {args[1]}.");
        }
    }

    private void Read(string path, bool script)
    {
        using var reader = new StreamReader(path);

        // The file runs like a script: errors name its lines, and with bail on the first one ends the file. Its
        // errors are already reported; inside a script the stop carries on outward and ends the session too.
        if (!RunSource(new TextLineSource(reader), script: true, name: path) && !_quit && script)
        {
            _bailed = true;
        }
    }
}
