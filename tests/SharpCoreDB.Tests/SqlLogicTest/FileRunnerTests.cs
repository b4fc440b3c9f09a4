using SharpCoreDB.SqlLogicTest;

namespace SharpCoreDB.Tests.SqlLogicTest;

public sealed class FileRunnerTests
{
    [Fact]
    public void A_hanging_record_fails_and_abandons_the_rest_of_the_file()
    {
        var factory = new ScriptedFactory();
        try
        {
            List<ScriptRecord> records = ScriptParser.Parse("statement ok\nOK\n\nstatement ok\nHANG\n\nstatement ok\nOK\n");
            FileResult result = FileRunner.Run("hang.test", records, factory, string.Empty, TimeSpan.FromMilliseconds(200), verbose: true);
            Assert.True(result.TimedOut);
            Assert.Equal(1, result.Passed);
            Assert.Equal(1, result.Failed);
            Assert.Contains(result.Failures, f => f.Contains("hang.test:4: timed out", StringComparison.Ordinal));
            Assert.Equal(1, factory.CancelCalls);
        }
        finally
        {
            factory.Release.Set();
        }
    }

    [Fact]
    public void A_query_past_its_command_timeout_fails_alone_and_the_file_goes_on()
    {
        var factory = new ScriptedFactory();
        List<ScriptRecord> records = ScriptParser.Parse("query I nosort\nTIMEOUT\n----\n1\n\nstatement ok\nOK\n");
        FileResult result = FileRunner.Run("timeout.test", records, factory, string.Empty, TimeSpan.FromSeconds(30), verbose: true);
        Assert.False(result.TimedOut);
        Assert.Equal(1, result.Passed);
        Assert.Equal(1, result.Failed);
        Assert.Contains(result.Failures, f => f.Contains("query failed: SharpCoreDBException", StringComparison.Ordinal));
    }

    [Fact]
    public void Only_a_database_error_satisfies_statement_error()
    {
        var factory = new ScriptedFactory();
        List<ScriptRecord> records = ScriptParser.Parse("statement error\nFAIL\n\nstatement error\nCRASH\n\nstatement ok\nCRASH\n");
        FileResult result = FileRunner.Run("crash.test", records, factory, string.Empty, TimeSpan.FromSeconds(30), verbose: true);
        Assert.Equal(1, result.Passed);
        Assert.Equal(2, result.Failed);
        Assert.Contains(result.Failures, f => f.Contains("System.InvalidOperationException: the engine broke", StringComparison.Ordinal));
    }
}
