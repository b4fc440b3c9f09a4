using SharpCoreDB.Shell.Output;
using SharpCoreDB.Shell.Startup;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Shell.Tests.Startup;

public sealed class ShellArgumentsTests
{
    [Fact]
    public void Options_and_the_file_are_parsed()
    {
        ShellOptions options = ShellArguments.Parse(
            ["--mode", "JSON", "--durability", "async", "--readonly", "--password-file", "pw.txt", "--bail", "off", "-c", "SELECT 1", "app.scdb"]);
        Assert.Equal("app.scdb", options.DataSource);
        Assert.Equal(OutputMode.Json, options.Mode);
        Assert.Equal(DurabilityMode.Async, options.Durability);
        Assert.True(options.ReadOnly);
        Assert.Equal("pw.txt", options.PasswordFile);
        Assert.False(options.Bail);
        Assert.Equal("SELECT 1", options.Command);
    }

    [Fact]
    public void No_file_means_an_in_memory_database()
    {
        Assert.Equal(":memory:", ShellArguments.Parse([]).DataSource);
    }

    [Theory]
    [InlineData("--password")]
    [InlineData("-p")]
    [InlineData("--key")]
    public void A_password_option_is_refused_and_the_message_says_where_a_password_goes(string option)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => ShellArguments.Parse([option, "secret", "app.scdb"]));
        Assert.Contains("--password-file", error.Message, StringComparison.Ordinal);
        Assert.Contains(Shell.PasswordVariable, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--frobnicate")]
    [InlineData("--mode")]
    [InlineData("--mode", "fancy")]
    [InlineData("--mode", "1")]
    [InlineData("--durability", "sometimes")]
    [InlineData("--bail", "maybe")]
    [InlineData("a.scdb", "b.scdb")]
    public void A_bad_command_line_is_a_syntax_error(params string[] args)
    {
        var error = Assert.Throws<SharpCoreDBException>(() => ShellArguments.Parse(args));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
    }
}
