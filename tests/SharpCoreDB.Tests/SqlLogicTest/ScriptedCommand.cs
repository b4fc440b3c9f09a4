using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.SqlLogicTest;

/// <summary>The command of <see cref="ScriptedFactory"/>.</summary>
internal sealed class ScriptedCommand(ScriptedFactory factory) : DbCommand
{
    [AllowNull]
    public override string CommandText { get; set; } = string.Empty;

    public override int CommandTimeout { get; set; }

    public override CommandType CommandType { get; set; }

    public override bool DesignTimeVisible { get; set; }

    public override UpdateRowSource UpdatedRowSource { get; set; }

    protected override DbConnection? DbConnection { get; set; }

    protected override DbParameterCollection DbParameterCollection => throw new NotSupportedException();

    protected override DbTransaction? DbTransaction { get; set; }

    public override void Cancel() => factory.CountCancel();

    public override int ExecuteNonQuery()
    {
        switch (CommandText)
        {
            case "HANG":
                factory.Release.Wait();
                return 0;
            case "CRASH":
                throw new InvalidOperationException("the engine broke");
            case "FAIL":
                throw new SqliteException("a database error", 1);
            default:
                return 0;
        }
    }

    public override object? ExecuteScalar() => ExecuteNonQuery();

    public override void Prepare()
    {
    }

    protected override DbParameter CreateDbParameter() => throw new NotSupportedException();

    // Queries: "TIMEOUT" stops the way a command past its CommandTimeout does.
    protected override DbDataReader ExecuteDbDataReader(CommandBehavior behavior) => CommandText == "TIMEOUT"
        ? throw new SharpCoreDBException(SharpCoreDBErrorCode.Timeout, "The command did not finish within its timeout.")
        : throw new NotSupportedException();
}
