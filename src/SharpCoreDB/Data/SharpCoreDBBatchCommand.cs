using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB;

/// <summary>One command of a <see cref="SharpCoreDBBatch"/>: SQL text (one or more statements) and its parameters.</summary>
public sealed class SharpCoreDBBatchCommand : DbBatchCommand
{
    /// <summary>Creates an empty batch command.</summary>
    public SharpCoreDBBatchCommand()
    {
    }

    /// <summary>Creates a batch command.</summary>
    /// <param name="commandText">The SQL.</param>
    public SharpCoreDBBatchCommand(string commandText)
    {
        CommandText = commandText;
    }

    /// <inheritdoc />
    [AllowNull]
    public override string CommandText
    {
        get => Command.CommandText;
        set => Command.CommandText = value;
    }

    /// <summary>Only <see cref="CommandType.Text"/> is supported.</summary>
    public override CommandType CommandType
    {
        get => Command.CommandType;
        set => Command.CommandType = value;
    }

    /// <summary>The rows this command inserted, updated or deleted once the batch ran it (-1 for a command that can change no rows, such as a SELECT; 0 before it ran).</summary>
    public override int RecordsAffected => RecordsAffectedValue;

    /// <summary>The parameters.</summary>
    public new SharpCoreDBParameterCollection Parameters => Command.Parameters;

    /// <inheritdoc />
    public override bool CanCreateParameter => true;

    /// <inheritdoc />
    protected override DbParameterCollection DbParameterCollection => Command.Parameters;

    /// <summary>The command that runs this one's SQL with its parameters (and keeps its prepared plan between runs).</summary>
    internal SharpCoreDBCommand Command { get; } = new();

    internal int RecordsAffectedValue { get; set; }

    /// <summary>Creates a parameter (not yet added to <see cref="Parameters"/>).</summary>
    /// <returns>The parameter.</returns>
    public override DbParameter CreateParameter() => new SharpCoreDBParameter();
}
