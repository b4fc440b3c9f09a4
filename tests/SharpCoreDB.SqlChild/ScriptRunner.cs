using System.Globalization;

namespace SharpCoreDB.SqlChild;

/// <summary>Runs the steps of a script file on a thread with the requested stack size (see Program.cs).</summary>
internal static class ScriptRunner
{
    public const string StepSeparator = "--step";

    public static int Run(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: SharpCoreDB.SqlChild <stackKilobytes> <scriptFile>");
            return 64;
        }

        int stackBytes = int.Parse(args[0], CultureInfo.InvariantCulture) * 1024;
        string[] steps = File.ReadAllText(args[1]).Split("\n" + StepSeparator + "\n");
        int exitCode = 0;
        var thread = new Thread(() => exitCode = RunSteps(steps), stackBytes);
        thread.Start();
        thread.Join();
        return exitCode;
    }

    private static int RunSteps(string[] steps)
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        foreach (string step in steps)
        {
            try
            {
                using var command = new SharpCoreDBCommand(step, connection);
                using var reader = command.ExecuteReader();
                long rows = 0;
                string first = "-";
                do
                {
                    while (reader.Read())
                    {
                        if (rows == 0 && reader.FieldCount > 0)
                        {
                            first = Convert.ToString(reader.GetValue(0), CultureInfo.InvariantCulture) ?? "-";
                        }

                        rows++;
                    }
                }
                while (reader.NextResult());

                Report("ok " + rows.ToString(CultureInfo.InvariantCulture) + " " + OneLine(first));
            }
            catch (SharpCoreDBException ex)
            {
                Report("error " + ex.ErrorCode.ToString() + " " + OneLine(ex.Message));
            }
            catch (Exception ex)
            {
                Report("crash " + ex.GetType().FullName + " " + OneLine(ex.ToString()));
                return 2;
            }
        }

        Report("done");
        return 0;
    }

    // Each line is flushed as soon as its step ends, so a step that kills the process is the one after the last line.
    private static void Report(string line)
    {
        Console.Out.WriteLine(line);
        Console.Out.Flush();
    }

    private static string OneLine(string text)
    {
        string line = text.ReplaceLineEndings(" ");
        return line.Length > 2000 ? line[..2000] : line;
    }
}
