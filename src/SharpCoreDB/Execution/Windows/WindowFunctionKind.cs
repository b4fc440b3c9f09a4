namespace SharpCoreDB.Execution.Windows;

/// <summary>What a window function computes: a ranking, a value from another row, or an aggregate over the frame.</summary>
internal enum WindowFunctionKind
{
    /// <summary><c>row_number()</c>: the row's position in its partition.</summary>
    RowNumber,

    /// <summary><c>rank()</c>: one more than the rows before the row's peer group.</summary>
    Rank,

    /// <summary><c>dense_rank()</c>: the number of the row's peer group.</summary>
    DenseRank,

    /// <summary><c>percent_rank()</c>: (rank - 1) / (rows - 1).</summary>
    PercentRank,

    /// <summary><c>cume_dist()</c>: rows up to the end of the peer group / rows.</summary>
    CumeDist,

    /// <summary><c>ntile(N)</c>: the row's bucket when the partition is split into N.</summary>
    Ntile,

    /// <summary><c>lag(expr [, offset [, default]])</c>: a value from a row before.</summary>
    Lag,

    /// <summary><c>lead(expr [, offset [, default]])</c>: a value from a row after.</summary>
    Lead,

    /// <summary><c>first_value(expr)</c>: the value at the frame's first row.</summary>
    FirstValue,

    /// <summary><c>last_value(expr)</c>: the value at the frame's last row.</summary>
    LastValue,

    /// <summary><c>nth_value(expr, N)</c>: the value at the frame's N-th row.</summary>
    NthValue,

    /// <summary>An aggregate function (count, sum, ...) over the frame.</summary>
    Aggregate,
}
