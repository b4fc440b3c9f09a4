using SharpCoreDB.Execution;
using SharpCoreDB.Records;

namespace SharpCoreDB.Engine;

/// <summary>What a data-changing statement's RETURNING clause produced: its columns and rows, in change order.</summary>
internal sealed class ReturnedRows
{
    /// <summary>The result columns.</summary>
    public IReadOnlyList<ResultColumnInfo> Columns { get; set; } = [];

    /// <summary>The rows.</summary>
    public List<SqlValue[]> Rows { get; } = [];
}
